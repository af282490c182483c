import { z } from 'zod';
import { numberedDataPage, numberedPage } from './page-schemas.js';
import {
  MODERATION_PAGE_SIZE,
  MODERATION_PAGE_SIZE_MAX,
  DENY_NOTE_MIN,
  DENY_NOTE_MAX,
  REPORT_DETAILS_MAX,
  MODERATION_MESSAGES,
  PLUGIN_REPORT_REASON_KEYS,
  CAR_REPORT_REASON_KEYS,
  COMMENT_REPORT_REASON_KEYS,
  REPORT_MESSAGES,
} from './moderation-rules.js';
import { reviewInspectionSchema } from './inspection.js';
/** Moderation lists: the spec's page size 20; at most 100. */
export const moderationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MODERATION_PAGE_SIZE_MAX)
    .catch(MODERATION_PAGE_SIZE)
    .default(MODERATION_PAGE_SIZE),
  search: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim() || undefined),
});
export type ModerationListQuery = z.output<typeof moderationListQuery>;

/** One submission in the pending or hidden list (the spec's moderation plugin list item). */
export const moderationPluginItem = z.object({
  id: z.number().int(),
  pluginId: z.number().int(),
  name: z.string(),
  submitter: z.string(),
  memberId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.string().nullable(),
  publishedOnce: z.boolean(),
  needsApproval: z.boolean(),
  isPubliclyVisible: z.boolean(),
  sourceFileId: z.number().int().nullable(),
  status: z.string(),
  hiddenAt: z.string().nullable(),
});
export type ModerationPluginItem = z.infer<typeof moderationPluginItem>;

export const moderationListResponse = numberedPage(moderationPluginItem);
export type ModerationListResponse = z.infer<typeof moderationListResponse>;

/** A report of a plugin, a car or a comment: a reason from the kind's list, details (required for 'other'). */
function reportRequest<K extends string>(keys: readonly [K, ...K[]]) {
  return z
    .object({
      reason: z.enum(keys, { message: MODERATION_MESSAGES.reportReason }),
      details: z
        .string()
        .max(REPORT_DETAILS_MAX, MODERATION_MESSAGES.reportDetailsLong)
        .default('')
        .transform((v) => v.trim()),
    })
    .refine((r) => r.reason !== 'other' || r.details.length > 0, {
      message: MODERATION_MESSAGES.reportDetailsRequired,
      path: ['details'],
    });
}
export const reportPluginRequest = reportRequest(PLUGIN_REPORT_REASON_KEYS);
export type ReportPluginRequest = z.input<typeof reportPluginRequest>;
export const reportCarRequest = reportRequest(CAR_REPORT_REASON_KEYS);
export type ReportCarRequest = z.input<typeof reportCarRequest>;
export const reportCommentRequest = reportRequest(COMMENT_REPORT_REASON_KEYS);
export type ReportCommentRequest = z.input<typeof reportCommentRequest>;

/** A moderator's action on reports: an optional note that the author is sent with the reasons. */
export const reportActionRequest = z.object({
  note: z
    .string()
    .max(REPORT_DETAILS_MAX, REPORT_MESSAGES.noteLong)
    .optional()
    .transform((v) => v?.trim() || undefined),
});
export type ReportActionRequest = z.input<typeof reportActionRequest>;

const openReports = {
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: z.string(), label: z.string(), count: z.number().int() })),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reason: z.string(),
      details: z.string(),
      reporter: z.string(),
      createdAt: z.string(),
    }),
  ),
  latestReportAt: z.string(),
};

/** One reported car with its open reports. */
export const reportedCarItem = z.object({
  carId: z.number().int(),
  name: z.string(),
  owner: z.string(),
  memberId: z.number().int(),
  hidden: z.boolean(),
  ...openReports,
});
export type ReportedCarItem = z.infer<typeof reportedCarItem>;
export const reportedCarsResponse = numberedDataPage(reportedCarItem);
export type ReportedCarsResponse = z.infer<typeof reportedCarsResponse>;

/** One reported comment with its open reports. */
export const reportedCommentItem = z.object({
  commentId: z.number().int(),
  pluginId: z.number().int(),
  pluginName: z.string(),
  body: z.string(),
  author: z.string(),
  memberId: z.number().int(),
  ...openReports,
});
export type ReportedCommentItem = z.infer<typeof reportedCommentItem>;
export const reportedCommentsResponse = numberedDataPage(reportedCommentItem);
export type ReportedCommentsResponse = z.infer<typeof reportedCommentsResponse>;

/** One reported plugin: its open reports counted by reason, newest first. */
export const reportedPluginItem = z.object({
  pluginId: z.number().int(),
  name: z.string(),
  submitter: z.string(),
  memberId: z.number().int(),
  isActive: z.boolean(),
  ...openReports,
});
export type ReportedPluginItem = z.infer<typeof reportedPluginItem>;

export const reportedListResponse = numberedDataPage(reportedPluginItem);
export type ReportedListResponse = z.infer<typeof reportedListResponse>;

export const moderationAuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.string().nullable(),
  note: z.string().nullable(),
  /** On an approval: the inspection flags acknowledged ('risky:launch', 'newHost:api.example.com'...). */
  acknowledgedFlags: z.array(z.string()).nullable(),
  createdAt: z.string(),
});
export type ModerationAuditEntry = z.infer<typeof moderationAuditEntry>;

/** GET /moderation/plugins/{id}: the submission under review. */
export const moderationDetail = z.object({
  id: z.number().int(),
  pluginId: z.number().int(),
  name: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  authorName: z.string(),
  memberId: z.number().int(),
  version: z.string().nullable(),
  /** The author's changelog for this version (markdown as written): public once approved. */
  changelog: z.string().nullable(),
  status: z.string(),
  publishedOnce: z.boolean(),
  isActive: z.boolean(),
  homepage: z.string().nullable(),
  sourceCodeUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  hiddenAt: z.string().nullable(),
  hasBinary: z.boolean(),
  buildLog: z.string().nullable(),
  approvalNote: z.string().nullable(),
  denyReason: z.string().nullable(),
  /** The source ZIP; DownloadUrl is signed and expires (staff only). */
  source: z.object({ name: z.string(), mime: z.string(), size: z.number().int(), downloadUrl: z.string() }).nullable(),
  /** Who holds the review, and until when; mine when it is the caller. */
  lock: z.object({ memberId: z.number().int(), username: z.string(), until: z.string(), mine: z.boolean() }).nullable(),
  audit: z.array(moderationAuditEntry),
  /** What was read inside the binary's DLLs (docs/inspection.md); null while there is no binary. */
  inspection: reviewInspectionSchema.nullable(),
});
export type ModerationDetail = z.infer<typeof moderationDetail>;

const trimmed = z.string().transform((v) => v.trim());
export const rejectRequest = z.object({
  reason: trimmed.pipe(
    z
      .string()
      .min(1, MODERATION_MESSAGES.denyNoteRequired)
      .min(DENY_NOTE_MIN, MODERATION_MESSAGES.denyNoteShort)
      .max(DENY_NOTE_MAX, MODERATION_MESSAGES.denyNoteLong),
  ),
  message: z.string().max(DENY_NOTE_MAX).optional(),
});
export type RejectRequest = z.input<typeof rejectRequest>;

/** Deny note check for the review form: the message to show, or null. */
export function denyNoteError(note: string): string | null {
  const t = note.trim();
  if (!t) return MODERATION_MESSAGES.denyNoteRequired;
  if (t.length < DENY_NOTE_MIN) return MODERATION_MESSAGES.denyNoteShort;
  if (t.length > DENY_NOTE_MAX) return MODERATION_MESSAGES.denyNoteLong;
  return null;
}

/** Counts on the moderator dashboard. */
export const moderatorDashboard = z.object({
  pending: z.number().int(),
  reported: z.number().int(),
  /** Cars and comments with open reports. */
  reportedCars: z.number().int(),
  reportedComments: z.number().int(),
  hidden: z.number().int(),
  building: z.number().int(),
  cars: z.number().int(),
  hiddenCars: z.number().int(),
  approvedLast7Days: z.number().int(),
});
export type ModeratorDashboard = z.infer<typeof moderatorDashboard>;

export const moderationCarsQuery = moderationListQuery.extend({
  status: z.enum(['all', 'active', 'hidden']).catch('all').default('all'),
});
export const moderationCarItem = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.string(),
  memberId: z.number().int(),
  status: z.string(),
  isPublic: z.boolean(),
  hidden: z.boolean(),
  views: z.number().int(),
  codeCopies: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ModerationCarItem = z.infer<typeof moderationCarItem>;
export const moderationCarsResponse = numberedPage(moderationCarItem);
export type ModerationCarsResponse = z.infer<typeof moderationCarsResponse>;

/** A GitHub repository's pull requests page, when the source URL names one; else null. */
export function activePullRequestsUrl(sourceCodeUrl: string | null | undefined): string | null {
  if (!sourceCodeUrl) return null;
  try {
    const u = new URL(sourceCodeUrl);
    if (u.hostname !== 'github.com' && u.hostname !== 'www.github.com') return null;
    const [owner, repo] = u.pathname.split('/').filter(Boolean);
    if (!owner || !repo) return null;
    return `https://github.com/${owner}/${repo.replace(/\.git$/, '')}/pulls`;
  } catch {
    return null;
  }
}
