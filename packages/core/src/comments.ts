import { z } from 'zod';
import { rowIdText } from './numbers.js';
import { COMMENT_MESSAGES, COMMENTS_PAGE_SIZE, commentBodyError, normalizeComment } from './comment-rules.js';

/** GET /plugins/{id}/comments?before={commentId}&limit={n}: older comments after the one given, newest first. */
export const commentPageQuery = z.object({
  before: rowIdText(COMMENT_MESSAGES.pageCursor).optional(),
  limit: z.coerce
    .number({ message: COMMENT_MESSAGES.pageLimit })
    .int({ message: COMMENT_MESSAGES.pageLimit })
    .min(1, { message: COMMENT_MESSAGES.pageLimit })
    .max(COMMENTS_PAGE_SIZE, { message: COMMENT_MESSAGES.pageLimit })
    .optional(),
});
export type CommentPageQuery = z.infer<typeof commentPageQuery>;

/** A comment body: normalised, then checked by the one rule of comment-rules.ts (5 to 500 characters). */
export const commentBodyRule = z
  .string({ message: COMMENT_MESSAGES.empty })
  .transform(normalizeComment)
  .superRefine((body, ctx) => {
    const problem = commentBodyError(body);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

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
export type CommentVoteResponse = z.infer<typeof commentVoteResponse>;
