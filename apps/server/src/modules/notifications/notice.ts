// What a notice is, apart from how it is sent: the service and the email template both read it.
import type { ServerT } from '../../i18n/index.js';

/**
 * A text of a notice: as written (a product update, a staff message), or a function that writes it
 * in the recipient's language when it is sent (the site's own notices, docs/i18n.md "Server").
 */
export type NoticeText = string | ((t: ServerT) => string);

/** The text in the recipient's language. */
export const noticeText = (text: NoticeText, t: ServerT) => (typeof text === 'string' ? text : text(t));

/** What a notice is about: decides the preference that gates it and its inbox category. */
export type NoticeKind =
  | 'pluginApproved'
  | 'pluginDenied'
  | 'buildFailed'
  | 'pluginComment'
  | 'productUpdate'
  | 'featureLaunched'
  | 'staffMessage'
  /** A followed plugin or member did something (modules/follows): gated by followedUpdates. */
  | 'followedUpdate'
  /** A sign-in from a device the member had not used (modules/auth/session-list.ts). */
  | 'newSignIn';

export interface Notice {
  memberId: number;
  kind: NoticeKind;
  subject: NoticeText;
  /** Markdown. */
  body: NoticeText;
  /** A site path the message points to ('/plugins/4/manage'). */
  link?: string;
  /** The sender shown in the inbox; the site by default. */
  from?: string;
}
