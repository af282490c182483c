// What a notice is, apart from how it is sent: the service and the email template both read it.

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
  subject: string;
  /** Markdown. */
  body: string;
  /** A site path the message points to ('/plugins/4/manage'). */
  link?: string;
  /** The sender shown in the inbox; the site by default. */
  from?: string;
}
