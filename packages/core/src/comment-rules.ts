// Comment limits, texts and events: plain values, kept apart from the zod schemas in comments.ts.

export const COMMENT_MIN_LENGTH = 5;
export const COMMENT_MAX_LENGTH = 500;
/** Comments are read newest first, this many at a time (GET /plugins/{id}/comments?before={id}&limit={n}). */
export const COMMENTS_PAGE_SIZE = 500;
/** The author may edit a comment for 15 minutes after posting it. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60 * 1000;
/** A comment shows the '(new)' badge for 10 minutes. */
export const COMMENT_NEW_BADGE_MS = 10 * 60 * 1000;
/** An anonymous visitor typing in the comment box is asked to join after 2 seconds. */
export const COMMENT_ANON_PROMPT_MS = 2000;

export const COMMENT_MESSAGES = {
  empty: 'Comment cannot be empty',
  tooShort: `Comment must be at least ${COMMENT_MIN_LENGTH} characters`,
  tooLong: `Comment cannot exceed ${COMMENT_MAX_LENGTH} characters`,
  verification: 'Please complete the verification',
  verificationFailed: 'Verification failed, please try again',
  editBlocked: 'Editing is blocked (15 minutes have passed)',
  notAuthor: 'Only the author can change this comment',
  notFound: 'Comment not found',
  voteType: 'Vote must be U, D or N',
  loadFailed: 'Failed to load comments',
  postFailed: 'Failed to post comment',
  deleteConfirm: 'Are you sure you want to delete this comment?',
  pageCursorUnknown: 'The comment to page from is not on this plugin',
  pageCursor: 'before must be a comment id',
  pageLimit: `limit must be a whole number from 1 to ${COMMENTS_PAGE_SIZE}`,
} as const;

/** Line breaks as LF, runs of three or more newlines collapsed to two, surrounding space trimmed. */
export function normalizeComment(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The comment body rule, once for the form and the server (commentBodyRule in comments.ts runs it):
 * the first problem with a body once normalised (5 to 500 characters), or null when it can be sent.
 */
export function commentBodyError(text: string): string | null {
  const body = normalizeComment(text);
  if (!body) return COMMENT_MESSAGES.empty;
  if (body.length < COMMENT_MIN_LENGTH) return COMMENT_MESSAGES.tooShort;
  if (body.length > COMMENT_MAX_LENGTH) return COMMENT_MESSAGES.tooLong;
  return null;
}

export function isCommentEditable(createdAt: string | Date, now: number = Date.now()): boolean {
  return now - new Date(createdAt).getTime() < COMMENT_EDIT_WINDOW_MS;
}

export function isCommentNew(createdAt: string | Date, now: number = Date.now()): boolean {
  return now - new Date(createdAt).getTime() < COMMENT_NEW_BADGE_MS;
}

/** Real-time events of the plugin group (JoinPlugin / LeavePlugin). */
export const COMMENT_EVENTS = {
  created: 'plugin:commentCreated',
  voted: 'plugin:commentVoted',
  updated: 'plugin:commentUpdated',
  deleted: 'plugin:commentDeleted',
} as const;
