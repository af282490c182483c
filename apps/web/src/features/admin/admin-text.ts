import {
  ADMIN_MESSAGES,
  BAKKESMOD_VERSION_MAX,
  GAME_VERSION_MESSAGES,
  GAME_VERSION_NAME_MAX,
  MAIL_MESSAGES,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_MAX,
  WEBHOOK_SECRET_MIN,
  type FeedbackStatus,
  type ServiceStatus,
  type StaffRole,
  type TextValues,
  type WebhookDelivery,
  type WebhookEvent,
} from '@bm/core';
import { IMPERSONATION_MESSAGES } from '../../lib/auth';
import { namespace, type Translate } from '../../lib/i18n';
import admin from '../../locales/en/admin';

/** The admin screens' texts, through the one i18n library (namespace `admin`, docs/i18n.md). */
export const { useT: useAdminT, fixedT: adminT } = namespace('admin', admin);
export const ADMIN_EN = admin;

type AdminKey = Parameters<Translate<'admin'>>[0];

/** The keys of texts chosen by a value (a status, a role, a service): literal, so each key is in the code. */
export const FEEDBACK_STATUS_KEYS = {
  new: 'feedback.statuses.new',
  seen: 'feedback.statuses.seen',
  done: 'feedback.statuses.done',
} as const satisfies Record<FeedbackStatus, AdminKey>;
export const MARK_AS_KEYS = {
  new: 'feedback.markAs.new',
  seen: 'feedback.markAs.seen',
  done: 'feedback.markAs.done',
} as const satisfies Record<FeedbackStatus, AdminKey>;
export const ROLE_KEYS = {
  administrator: 'members.roles.administrator',
  moderator: 'members.roles.moderator',
} as const satisfies Record<StaffRole, AdminKey>;
export const ROLE_GRANTED_KEYS = {
  administrator: 'members.roleGranted.administrator',
  moderator: 'members.roleGranted.moderator',
} as const satisfies Record<StaffRole, AdminKey>;
export const ROLE_REVOKED_KEYS = {
  administrator: 'members.roleRevoked.administrator',
  moderator: 'members.roleRevoked.moderator',
} as const satisfies Record<StaffRole, AdminKey>;
export const SERVICE_KEYS = {
  database: 'connections.service.database',
  redis: 'connections.service.redis',
  smtp: 'connections.service.smtp',
  storage: 'connections.service.storage',
  builder: 'connections.service.builder',
} as const satisfies Record<ServiceStatus['name'], AdminKey>;
export const SERVICE_STATE_KEYS = {
  up: 'connections.state.up',
  down: 'connections.state.down',
  off: 'connections.state.off',
} as const satisfies Record<ServiceStatus['state'], AdminKey>;
export const WEBHOOK_EVENT_KEYS = {
  'plugin.published': 'endpoints.event.published',
  'plugin.updated': 'endpoints.event.updated',
  'car.published': 'endpoints.event.car',
} as const satisfies Record<WebhookEvent, AdminKey>;
export const REBUILD_STATUS_KEYS = {
  queued: 'gameVersions.rebuildStatus.queued',
  building: 'gameVersions.rebuildStatus.building',
  passed: 'gameVersions.rebuildStatus.passed',
  failed: 'gameVersions.rebuildStatus.failed',
} as const satisfies Record<'queued' | 'building' | 'passed' | 'failed', AdminKey>;

/** The English texts of core and the server that these screens show, with their key (and limits). */
const MESSAGES: ReadonlyArray<readonly [string, AdminKey, TextValues?]> = [
  [ADMIN_MESSAGES.cannotRemoveOwnAdmin, 'messages.cannotRemoveOwnAdmin'],
  [ADMIN_MESSAGES.cannotDisableSelf, 'messages.cannotDisableSelf'],
  [ADMIN_MESSAGES.memberNotFound, 'messages.memberNotFound'],
  [ADMIN_MESSAGES.feedbackNotFound, 'messages.feedbackNotFound'],
  [ADMIN_MESSAGES.deliveryNotFound, 'messages.deliveryNotFound'],
  [ADMIN_MESSAGES.onlyOutgoing, 'messages.onlyOutgoing'],
  [ADMIN_MESSAGES.noWebhookUrl, 'messages.noWebhookUrl'],
  [ADMIN_MESSAGES.noWebhookSecret, 'messages.noWebhookSecret'],
  [ADMIN_MESSAGES.badWebhookUrl, 'messages.badWebhookUrl'],
  [WEBHOOK_MESSAGES.url, 'messages.badWebhookUrl'],
  [ADMIN_MESSAGES.unknownRole, 'messages.unknownRole'],
  [IMPERSONATION_MESSAGES.startFailed, 'messages.impersonateFailed'],
  [GAME_VERSION_MESSAGES.nameRequired, 'messages.nameRequired'],
  [GAME_VERSION_MESSAGES.nameTooLong, 'messages.nameTooLong', { max: GAME_VERSION_NAME_MAX }],
  [GAME_VERSION_MESSAGES.bakkesmodRequired, 'messages.bakkesmodRequired'],
  [GAME_VERSION_MESSAGES.bakkesmodTooLong, 'messages.bakkesmodTooLong', { max: BAKKESMOD_VERSION_MAX }],
  [GAME_VERSION_MESSAGES.releasedAtInvalid, 'messages.releasedAtInvalid'],
  [GAME_VERSION_MESSAGES.notFound, 'messages.gameVersionNotFound'],
  [GAME_VERSION_MESSAGES.duplicateName, 'messages.duplicateName'],
  [GAME_VERSION_MESSAGES.unmakeCurrent, 'messages.unmakeCurrent'],
  [WEBHOOK_MESSAGES.events, 'messages.webhookEvents'],
  [WEBHOOK_MESSAGES.secretShort, 'messages.webhookSecretShort', { min: WEBHOOK_SECRET_MIN }],
  [WEBHOOK_MESSAGES.secretLong, 'messages.webhookSecretLong', { max: WEBHOOK_SECRET_MAX }],
  [WEBHOOK_MESSAGES.notFound, 'messages.webhookNotFound'],
  // The upcoming features' and messages' checks (core's mail.ts schemas), as core writes them.
  ['Name must be at most 100 characters', 'messages.nameTooLong', { max: 100 }],
  [admin.messages.featureKeyRequired, 'messages.featureKeyRequired'],
  ['Feature key must be at most 50 characters', 'messages.featureKeyTooLong', { max: 50 }],
  [admin.messages.featureKeyChars, 'messages.featureKeyChars'],
  [admin.messages.subjectRequired, 'messages.subjectRequired'],
  ['Subject must be at most 200 characters', 'messages.subjectTooLong', { max: 200 }],
  [admin.messages.messageRequired, 'messages.messageRequired'],
  ['Message must be at most 10000 characters', 'messages.messageTooLong', { max: 10_000 }],
  [MAIL_MESSAGES.featureNotFound, 'messages.featureNotFound'],
  [MAIL_MESSAGES.productUpdateNotFound, 'messages.productUpdateNotFound'],
];
let byEnglish: Map<string, readonly [AdminKey, TextValues?]> | null = null;

/**
 * A message kept in English (core's check, the server's answer) in the reader's language when the
 * catalogue knows it; any other text (already translated, or the server's own words) as it came.
 */
export function adminMessage(text: string): string {
  byEnglish ??= new Map(MESSAGES.map(([english, key, values]) => [english, [key, values]] as const));
  const found = byEnglish.get(text);
  return found ? adminT()(found[0], found[1]) : text;
}

/** A webhook delivery's outcome, as a toast or the test form says it: the status code, or the error as it came. */
export function deliveryOutcome(d: Pick<WebhookDelivery, 'statusCode' | 'error'>): string {
  const t = adminT();
  return d.error
    ? t('webhooks.deliveryFailed', { error: d.error })
    : t('webhooks.delivered', { status: d.statusCode ?? '' }).trim();
}
