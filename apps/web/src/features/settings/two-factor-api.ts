import type { RecoveryCodesResponse, TotpSetupResponse, TwoFactorStatus } from '@bm/core';
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
