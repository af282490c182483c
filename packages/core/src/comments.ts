import { z } from 'zod';

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

/** GET /plugins/{id}/comments?before={commentId}&limit={n}: older comments after the one given, newest first. */
export const commentPageQuery = z.object({
  before: z.coerce.number({ message: COMMENT_MESSAGES.pageCursor }).int({ message: COMMENT_MESSAGES.pageCursor }).positive({ message: COMMENT_MESSAGES.pageCursor }).optional(),
  limit: z.coerce
    .number({ message: COMMENT_MESSAGES.pageLimit })
    .int({ message: COMMENT_MESSAGES.pageLimit })
    .min(1, { message: COMMENT_MESSAGES.pageLimit })
    .max(COMMENTS_PAGE_SIZE, { message: COMMENT_MESSAGES.pageLimit })
    .optional(),
});
export type CommentPageQuery = z.infer<typeof commentPageQuery>;

/** Line breaks as LF, runs of three or more newlines collapsed to two, surrounding space trimmed. */
export function normalizeComment(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** A comment body: normalised first, then 5 to 500 characters. */
export const commentBodyRule = z
  .string({ message: COMMENT_MESSAGES.empty })
  .transform(normalizeComment)
  .pipe(
    z
      .string()
      .min(1, COMMENT_MESSAGES.empty)
      .min(COMMENT_MIN_LENGTH, COMMENT_MESSAGES.tooShort)
      .max(COMMENT_MAX_LENGTH, COMMENT_MESSAGES.tooLong),
  );

/** The first problem with a comment body, or null when it can be sent. */
export function commentBodyError(text: string): string | null {
  const r = commentBodyRule.safeParse(text);
  return r.success ? null : (r.error.issues[0]?.message ?? COMMENT_MESSAGES.empty);
}

export function isCommentEditable(createdAt: string | Date, now: number = Date.now()): boolean {
  return now - new Date(createdAt).getTime() < COMMENT_EDIT_WINDOW_MS;
}

export function isCommentNew(createdAt: string | Date, now: number = Date.now()): boolean {
  return now - new Date(createdAt).getTime() < COMMENT_NEW_BADGE_MS;
}

export const COMMENT_VOTES = ['U', 'D', 'N'] as const;
export type CommentVote = (typeof COMMENT_VOTES)[number];

export const createCommentRequest = z.object({
  body: commentBodyRule,
  turnstileToken: z.string().optional().nullable(),
});
export const updateCommentRequest = z.object({ body: commentBodyRule });
export const commentVoteRequest = z.object({
  voteType: z.enum(COMMENT_VOTES, { message: COMMENT_MESSAGES.voteType }),
});

export const commentAuthorSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
});

export const commentSchema = z.object({
  id: z.number().int(),
  pluginId: z.number().int(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  member: commentAuthorSchema,
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  myVote: z.enum(COMMENT_VOTES),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentVoteResponse = z.object({
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  myVote: z.enum(COMMENT_VOTES),
});

/** Real-time events of the plugin group (JoinPlugin / LeavePlugin). */
export const COMMENT_EVENTS = {
  created: 'plugin:commentCreated',
  voted: 'plugin:commentVoted',
  updated: 'plugin:commentUpdated',
  deleted: 'plugin:commentDeleted',
} as const;
