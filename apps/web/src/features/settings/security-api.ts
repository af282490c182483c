import type { PasskeyInfo, RecoveryCodesResponse, SessionInfo, TotpSetupResponse, TwoFactorStatus } from '@bm/core';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
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

export const passkeysQuery = () =>
  queryOptions({
    queryKey: ['passkeys', 'my'],
    queryFn: ({ signal }) => api.get<PasskeyInfo[]>('/auth/passkeys', { signal }),
    staleTime: 0,
  });

/** Adding one asks the browser (and its authenticator) for a new discoverable passkey for this site. */
export const passkeysApi = {
  add: async (name: string) => {
    const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>('/auth/passkeys/register/options');
    const response = await startRegistration({ optionsJSON });
    return api.post<PasskeyInfo>('/auth/passkeys/register/verify', { response, name: name.trim() || undefined });
  },
  rename: (id: number, name: string) => api.patch<PasskeyInfo>(`/auth/passkeys/${id}`, { name }),
  remove: (id: number) => api.delete(`/auth/passkeys/${id}`),
};
