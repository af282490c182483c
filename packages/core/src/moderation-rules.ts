// Moderation limits, texts and report reasons: plain values, kept apart from the zod schemas in moderation.ts.

import { messageTemplate } from './message-template.js';

export const MODERATION_PAGE_SIZE = 20;
export const MODERATION_PAGE_SIZE_MAX = 100;
export const DENY_NOTE_MIN = 5;
export const DENY_NOTE_MAX = 5000;
export const APPROVAL_NOTE_MAX = 5000;
/** A review claimed by opening it is held this long. */
export const REVIEW_LOCK_MS = 15 * 60 * 1000;
/** The debug archive's label limit (enforced on the server). */
export const DEBUG_ARCHIVE_MAX_BYTES = 30 * 1024 * 1024;
export const BINARY_ZIP_MAX_BYTES = 50 * 1024 * 1024;
export const REPORT_DETAILS_MAX = 2000;

/** Texts the spec quotes verbatim, and the server's own moderation messages. */
export const MODERATION_MESSAGES = {
  approved: 'Approved',
  approveFailed: 'Failed to approve',
  rejected: 'Rejected',
  rejectFailed: 'Failed to reject',
  hidden: 'Hidden from review',
  hideFailed: 'Failed to hide from review',
  noSource: 'No source file available',
  pendingLoadFailed: 'Failed to load pending plugins',
  noPending: 'No pending plugins',
  noHidden: 'No hidden plugins',
  denyNoteRequired: 'Please enter a deny note (reason)',
  denyNoteShort: `The deny note must be at least ${DENY_NOTE_MIN} characters`,
  denyNoteLong: `The deny note must be at most ${DENY_NOTE_MAX} characters`,
  approvalNoteLong: `The approval note must be at most ${APPROVAL_NOTE_MAX} characters`,
  submissionNotFound: 'Submission not found',
  notReviewable: 'This submission is not waiting for review',
  lockedBy: messageTemplate('{name} is reviewing this submission. Take it over to act on it.', (name: string) => ({
    name,
  })),
  needsBinary: 'Attach the plugin binary ZIP: this submission has no built binary',
  binaryTooLarge: `The ZIP is too large (max ${BINARY_ZIP_MAX_BYTES / 1024 / 1024} MB)`,
  debugTooLarge: `The debug archive is too large (max ${DEBUG_ARCHIVE_MAX_BYTES / 1024 / 1024} MB)`,
  reportExists: 'You have already reported this plugin',
  reportOwn: 'You cannot report your own plugin',
  reportReason: 'Choose a reason',
  reportDetailsLong: `Details must be at most ${REPORT_DETAILS_MAX} characters`,
  reportDetailsRequired: 'Please describe the problem',
  carNotFound: 'Car not found',
} as const;

/** A kind's reason keys in their order, as the non-empty list z.enum takes. */
function reasonKeys<R extends string>(reasons: Record<R, string>): [R, ...R[]] {
  return Object.keys(reasons) as [R, ...R[]];
}

/** Reasons a member may give when reporting a plugin. */
export const PLUGIN_REPORT_REASONS = {
  malware: 'Malware or suspicious behaviour',
  broken: 'Broken or crashes the game',
  stolen: 'Stolen or copied work',
  inappropriate: 'Inappropriate content',
  spam: 'Spam or misleading',
  other: 'Something else',
} as const;
export type PluginReportReason = keyof typeof PLUGIN_REPORT_REASONS;
export const PLUGIN_REPORT_REASON_KEYS = reasonKeys(PLUGIN_REPORT_REASONS);

/** What a member may report: a plugin, a car, or a comment (one reports mechanism, a kind each). */
export type ReportKind = 'plugin' | 'car' | 'comment';

/** Reasons a member may give when reporting a car. */
export const CAR_REPORT_REASONS = {
  inappropriate: 'Inappropriate name, design or description',
  stolen: 'Stolen or copied design',
  broken: 'The code does not work',
  spam: 'Spam or misleading',
  other: 'Something else',
} as const;
export type CarReportReason = keyof typeof CAR_REPORT_REASONS;
export const CAR_REPORT_REASON_KEYS = reasonKeys(CAR_REPORT_REASONS);

/** Reasons a member may give when reporting a comment. */
export const COMMENT_REPORT_REASONS = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hate',
  inappropriate: 'Inappropriate content',
  misleading: 'Misleading or harmful advice',
  other: 'Something else',
} as const;
export type CommentReportReason = keyof typeof COMMENT_REPORT_REASONS;
export const COMMENT_REPORT_REASON_KEYS = reasonKeys(COMMENT_REPORT_REASONS);

/** Each kind's reasons, for labelling a stored reason. */
export const REPORT_REASONS: Record<ReportKind, Record<string, string>> = {
  plugin: PLUGIN_REPORT_REASONS,
  car: CAR_REPORT_REASONS,
  comment: COMMENT_REPORT_REASONS,
};

/** The messages of reporting a car or a comment (the plugin's are in MODERATION_MESSAGES). */
export const REPORT_MESSAGES = {
  carExists: 'You have already reported this car',
  carOwn: 'You cannot report your own car',
  commentExists: 'You have already reported this comment',
  commentOwn: 'You cannot report your own comment',
  commentNotFound: 'Comment not found',
  noteLong: `The note must be at most ${REPORT_DETAILS_MAX} characters`,
} as const;
