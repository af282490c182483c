import { AUTH_MESSAGES, type NotificationPreferences } from '@bm/core';

export const SETTINGS_SECTIONS = ['account', 'security', 'notifications', 'tokens'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SETTINGS_TEXT = {
  title: 'Settings',
  back: 'Back to Dashboard',
  nav: {
    account: 'Account',
    security: 'Security',
    notifications: 'Notifications',
    tokens: 'Publish Tokens',
  } satisfies Record<SettingsSection, string>,
} as const;

export const AVATAR_TEXT = {
  heading: 'Avatar',
  help: 'PNG, JPG or GIF, up to 500KB.',
  upload: 'Upload New Avatar',
  uploading: 'Uploading...',
  remove: 'Remove Avatar',
  removing: 'Removing...',
  progress: 'Avatar upload progress',
  uploaded: 'Avatar updated',
  removed: 'Avatar removed',
  tooLarge: AUTH_MESSAGES.avatarTooLarge,
  badType: AUTH_MESSAGES.avatarType,
  uploadFailed: AUTH_MESSAGES.avatarUploadFailed,
  removeFailed: AUTH_MESSAGES.avatarRemoveFailed,
} as const;

export const EMAIL_CHANGE_TEXT = {
  heading: 'Change Email',
  current: (email: string | null) => (email ? `Current email: ${email}` : 'No email address on file.'),
  note: 'Your current email stays active until you confirm the new one from the link we send to it.',
  password: 'Current Password',
  newEmail: 'New Email',
  repeat: 'Repeat New Email',
  submit: 'Change Email',
  submitting: 'Sending...',
  allRequired: AUTH_MESSAGES.allRequired,
  mismatch: AUTH_MESSAGES.emailsMismatch,
  warning: AUTH_MESSAGES.emailWarning,
  success: AUTH_MESSAGES.emailChangeSent,
  failed: AUTH_MESSAGES.emailChangeFailed,
} as const;

export const SUPPORT_TEXT = {
  heading: 'Need Help?',
  body: 'Questions about your account? Contact us at',
} as const;

export const PASSWORD_TEXT = {
  heading: 'Change Password',
  intro: 'After changing your password you will be signed out everywhere and asked to sign in again.',
  current: 'Current Password',
  next: 'New Password',
  confirm: 'Confirm New Password',
  hint: 'At least 8 characters.',
  submit: 'Change Password',
  submitting: 'Changing...',
  fillAll: AUTH_MESSAGES.fillAll,
  mismatch: AUTH_MESSAGES.newPasswordsMismatch,
  tooShort: AUTH_MESSAGES.newPasswordMin,
  success: AUTH_MESSAGES.passwordChanged,
  failed: AUTH_MESSAGES.changePasswordFailed,
  forgot: 'Forgot your current password?',
  forgotSending: 'Sending reset link...',
  forgotSent: (email: string) => `We sent a password reset link to ${email}. It expires in 24 hours.`,
  forgotFailed: AUTH_MESSAGES.forgotFailed,
  forgotNoEmail: 'Your account has no email address: add one under Account first.',
} as const;

export const NOTIFICATIONS_TEXT = {
  heading: 'Email Notifications',
  intro: 'Choose which emails we send you.',
  save: 'Save Changes',
  saving: 'Saving...',
  reset: 'Reset',
  updated: AUTH_MESSAGES.preferencesUpdated,
  loadFailed: AUTH_MESSAGES.preferencesLoadFailed,
  updateFailed: AUTH_MESSAGES.preferencesUpdateFailed,
  notSignedIn: AUTH_MESSAGES.preferencesNotSignedIn,
} as const;

/** Label and help line of each preference, in display order. */
export const PREFERENCE_LABELS: Record<keyof NotificationPreferences, { label: string; description: string }> = {
  pluginAll: { label: 'Plugin notifications', description: 'All emails about the plugins you publish.' },
  pluginApproved: { label: 'Plugin approved', description: 'When a moderator approves a plugin version.' },
  pluginDenied: { label: 'Plugin denied', description: 'When a moderator denies a plugin version, with the reason.' },
  buildFailures: { label: 'Build failures', description: 'When a plugin build fails.' },
  pluginComments: { label: 'Plugin comments', description: 'When someone comments on your plugins.' },
  followedUpdates: {
    label: 'Followed plugins and members',
    description:
      'When a plugin you follow has a new version or changes status, or a member you follow publishes a plugin.',
  },
  inboxNotifications: { label: 'Inbox messages', description: 'A copy of new inbox messages by email.' },
  productUpdates: { label: 'Product updates', description: 'Occasional news about the site.' },
};
