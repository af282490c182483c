import { z } from 'zod';
import { AUTH_MESSAGES as M } from './messages.js';
import { inspectionFlagSchema } from './inspection.js';
import { SUPPORTED_LOCALES } from './locales.js';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;
export const CHANGE_PASSWORD_MIN = 8;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
/** The spec's "simple address pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const usernameRule = z
  .string()
  .trim()
  .min(USERNAME_MIN, M.usernameShort)
  .max(USERNAME_MAX, M.usernameLong)
  .regex(USERNAME_PATTERN, M.usernameChars);

export const emailRule = z.string().trim().regex(EMAIL_PATTERN, M.emailInvalid).max(254, M.emailInvalid);

export const loginRequest = z.object({
  username: z.string().trim().min(1, M.usernameEmpty),
  password: z.string().min(1, M.passwordEnter),
  rememberMe: z.boolean().optional().default(false),
  turnstileToken: z.string().optional().nullable(),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const registerRequest = z.object({
  username: usernameRule,
  email: emailRule,
  password: z.string().min(PASSWORD_MIN, M.passwordMin).max(200),
  productUpdatesOptIn: z.boolean().optional().default(false),
  turnstileToken: z.string().optional().nullable(),
  /** The language the visitor was reading in when they registered (their mails use it). */
  locale: z.enum(SUPPORTED_LOCALES).nullable().optional(),
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const provideEmailRequest = z.object({
  username: z.string().trim().min(1, M.usernameEmpty),
  password: z.string().min(1, M.passwordEnter),
  email: emailRule,
});

export const resendVerificationRequest = z
  .object({ email: z.string().trim().optional(), username: z.string().trim().optional() })
  .optional()
  .nullable();

export const tokenRequest = z.object({ token: z.string().trim().min(1, M.tokenInvalid) });

export const forgotPasswordRequest = z.object({ email: emailRule });

export const resetPasswordRequest = z.object({
  token: z.string().trim().min(1, M.resetMissingToken),
  newPassword: z.string().min(PASSWORD_MIN, M.passwordMin).max(200),
});

export const changePasswordRequest = z.object({
  currentPassword: z.string().min(1, M.fillAll),
  newPassword: z.string().min(CHANGE_PASSWORD_MIN, M.newPasswordMin).max(200),
});

export const emailChangeRequest = z.object({
  currentPassword: z.string().min(1, M.allRequired),
  newEmail: emailRule,
});

export const feedbackRequest = z.object({
  content: z.string().trim().min(1, M.feedbackEmpty).max(5000, M.feedbackTooLong),
  url: z.string().max(2000).optional().nullable(),
});

export const memberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isVerified: z.boolean(),
  isImpersonating: z.boolean(),
  /** The member's language for the site, mails and notices; null until they pick one (docs/i18n.md). */
  locale: z.enum(SUPPORTED_LOCALES).nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const authResponse = z.object({ token: z.string(), member: memberSchema });
export type AuthResponse = z.infer<typeof authResponse>;

export const LOGIN_FAILURE_REASONS = ['InvalidCredentials', 'EmailRequired', 'EmailNotVerified'] as const;
export type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];

export const errorResponse = z.object({
  message: z.string(),
  /** The message's stable code when it is one of core's constants ('auth.emailTaken'; message-codes.ts). */
  code: z.string().optional(),
  /** The values in a message made from a template ({ name: 'a.dll' }; message-template.ts). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  reason: z.string().optional(),
  currentEmail: z.string().nullable().optional(),
  /** A 409 on approving a binary: the inspection flags to acknowledge (acknowledgeFlags: true). */
  flags: z.array(inspectionFlagSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** PUT /api/members/me/locale: the member's language, or null to follow the browser again. */
export const localeRequest = z.object({ locale: z.enum(SUPPORTED_LOCALES).nullable() });
export type LocaleRequest = z.infer<typeof localeRequest>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const notificationPreferences = z.object({
  pluginAll: z.boolean(),
  pluginApproved: z.boolean(),
  pluginDenied: z.boolean(),
  buildFailures: z.boolean(),
  pluginComments: z.boolean(),
  inboxNotifications: z.boolean(),
  productUpdates: z.boolean(),
  /** Notices about followed plugins and members (new versions, new plugins, game-version status). */
  followedUpdates: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  pluginAll: true,
  pluginApproved: true,
  pluginDenied: true,
  buildFailures: true,
  pluginComments: true,
  inboxNotifications: true,
  productUpdates: false,
  followedUpdates: true,
};
/** Preferences that depend on pluginAll: disabled in the form while it is off. */
export const PLUGIN_SUB_PREFERENCES = ['pluginApproved', 'pluginDenied', 'buildFailures', 'pluginComments'] as const;

export const versionResponse = z.object({
  assemblyInformationalVersion: z.string(),
  assemblyFileVersion: z.string(),
});
