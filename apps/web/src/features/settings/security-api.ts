import type { RecoveryCodesResponse, SessionInfo, TotpSetupResponse, TwoFactorStatus } from '@bm/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: ['two-factor', 'my'],
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('/auth/2fa', { signal }),
    staleTime: 0,
  });

export const twoFactorApi = {
  setup: () => api.post<TotpSetupResponse>('/auth/2fa/totp/setup'),
  enable: (code: string) => api.post<RecoveryCodesResponse>('/auth/2fa/totp/enable', { code }),
  disable: (currentPassword: string, code: string) =>
    api.post<{ message: string }>('/auth/2fa/disable', { currentPassword, code }),
};

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['sessions', 'my'],
    queryFn: ({ signal }) => api.get<SessionInfo[]>('/auth/sessions', { signal }),
    staleTime: 0,
  });

export const sessionsApi = {
  end: (id: string) => api.delete(`/auth/sessions/${encodeURIComponent(id)}`),
  endOthers: () => api.post<{ revoked: number }>('/auth/sessions/revoke-others'),
};
