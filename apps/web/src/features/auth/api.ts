import { CALL_FALLBACKS, type AuthResponse, type MessageResponse } from '@bm/core';
import { api } from '../../lib/api';
import { currentLocale } from '../../lib/i18n';

export const authApi = {
  register: (body: {
    username: string;
    email: string;
    password: string;
    productUpdatesOptIn: boolean;
    turnstileToken: string | null;
  }) =>
    // The language the visitor is reading in becomes the account's (its mails use it).
    api.post<{ email: string; username: string }>(
      '/auth/register',
      { ...body, locale: currentLocale() },
      {
        auth: false,
        fallback: CALL_FALLBACKS.register,
      },
    ),
  provideEmail: (body: { username: string; password: string; email: string }) =>
    api.post<MessageResponse>('/auth/provide-email', body, { auth: false }),
  resendVerification: (body: { email?: string; username?: string }) =>
    api.post<MessageResponse>('/auth/resend-verification', body, { auth: false }),
  forgotPassword: (email: string) => api.post<MessageResponse>('/auth/forgot-password', { email }, { auth: false }),
  resetPassword: (token: string, newPassword: string) =>
    api.post<MessageResponse>('/auth/reset-password', { token, newPassword }, { auth: false }),
  verifyEmail: (token: string) => api.post<AuthResponse>('/auth/verify-email', { token }, { auth: false }),
  confirmEmailChange: (token: string) => api.post<MessageResponse>('/account/email-change/confirm', { token }),
};
