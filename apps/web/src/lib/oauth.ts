import type { IdentitiesResponse, OAuthCompleteResponse, OAuthProvider } from '@bm/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** Signing in and linking through a provider (docs/oauth.md). */
export const providersQuery = () =>
  queryOptions({
    queryKey: ['oauth', 'providers'],
    queryFn: ({ signal }) => api.get<OAuthProvider[]>('/auth/oauth/providers', { signal, auth: false }),
    staleTime: 5 * 60_000,
  });

export const identitiesQuery = () =>
  queryOptions({
    queryKey: ['oauth', 'identities'],
    queryFn: ({ signal }) => api.get<IdentitiesResponse>('/auth/identities', { signal }),
    staleTime: 0,
  });

/** Whether the session to store after the provider comes back is kept for 30 days (the login page's checkbox). */
export const REMEMBER_KEY = 'bm:oauth-remember';

export const oauthApi = {
  start: (provider: string, intent: 'signin' | 'link', rememberMe = false) =>
    api.post<{ url: string }>(
      `/auth/oauth/${encodeURIComponent(provider)}/start`,
      { intent, rememberMe },
      {
        auth: intent === 'link',
      },
    ),
  complete: (body: { ticket: string; username?: string; email?: string }) =>
    api.post<OAuthCompleteResponse>('/auth/oauth/complete', body),
  unlink: (provider: string) => api.delete(`/auth/identities/${encodeURIComponent(provider)}`),
};

/** Sends the browser to a provider's sign-in (its address comes from the server's start call). */
export async function goToProvider(provider: string, intent: 'signin' | 'link', rememberMe = false) {
  const { url } = await oauthApi.start(provider, intent, rememberMe);
  sessionStorage.setItem(REMEMBER_KEY, rememberMe ? '1' : '0');
  window.location.assign(url);
}
