import { CALL_FALLBACKS, type NotificationPreferences } from '@bm/core';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadFile } from '../../lib/api';

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: ['notification-settings', 'my'],
    queryFn: ({ signal }) => api.get<NotificationPreferences>('/NotificationSettings/my', { signal }),
    staleTime: 0,
  });

export const settingsApi = {
  saveNotificationSettings: (prefs: NotificationPreferences) =>
    api.put<NotificationPreferences>('/NotificationSettings/my', prefs),
  uploadAvatar: (file: File, onProgress: (pct: number) => void) =>
    uploadFile<{ url: string }>('/members/me/avatar', file, { onProgress }),
  removeAvatar: () => api.delete('/members/me/avatar'),
  requestEmailChange: (currentPassword: string, newEmail: string) =>
    api.post<{ message: string }>(
      '/account/email-change/request',
      { currentPassword, newEmail },
      { fallback: CALL_FALLBACKS.emailChange },
    ),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<{ message: string }>(
      '/auth/change-password',
      { currentPassword, newPassword },
      { fallback: CALL_FALLBACKS.changePassword },
    ),
  /** The reset link of /forgot-password, for a member who no longer knows the current password. */
  sendResetLink: (email: string) => api.post<{ message: string }>('/auth/forgot-password', { email }),
};
