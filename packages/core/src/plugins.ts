import { z } from 'zod';
import { rowId } from './numbers.js';
import { COMPATIBILITY_MESSAGES } from './compatibility-rules.js';
import { pluginCompatibilitySchema } from './compatibility.js';
import {
  PLUGIN_NAME_MAX,
  PLUGIN_SHORT_DESCRIPTION_MAX,
  PLUGIN_DESCRIPTION_MAX,
  PLUGIN_URL_MAX,
  PLUGIN_PAGE_SIZE,
  PLUGIN_PAGE_SIZE_MAX,
  PLUGIN_SEARCH_MAX,
  PLUGIN_MESSAGES,
  PLUGIN_SORT_KEYS,
  PLUGIN_SORT_DIRECTIONS,
  PLUGIN_HAS_SOURCE_FILTERS,
} from './plugin-rules.js';
import { pluginAbilitiesSchema } from './inspection.js';
import { requiredPluginSchema } from './dependencies.js';

const M = PLUGIN_MESSAGES;

/** An optional http(s) URL: blank means none (null). */
const optionalUrl = (message: string) =>
  z
    .string({ message })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(
      z
        .url({ protocol: /^https?$/, message })
        .max(PLUGIN_URL_MAX, message)
        .nullable(),
    );

const pluginFields = {
  name: z.string({ message: M.nameRequired }).trim().min(1, M.nameRequired).max(PLUGIN_NAME_MAX, M.nameTooLong),
  shortDescription: z
    .string()
    .trim()
    .max(PLUGIN_SHORT_DESCRIPTION_MAX, M.shortDescriptionTooLong)
    .nullish()
    .transform((v) => v ?? ''),
  description: z
    .string()
    .max(PLUGIN_DESCRIPTION_MAX, M.descriptionTooLong)
    .nullish()
    .transform((v) => (v ?? '').trim()),
  homepage: optionalUrl(M.homepageInvalid),
  sourceCodeUrl: optionalUrl(M.sourceCodeUrlInvalid),
};

/** POST /plugins/create and the full update (PUT /plugins/{id}): name required, the rest optional. */
export const createPluginRequest = z.object(pluginFields);
export type CreatePluginRequest = z.input<typeof createPluginRequest>;

/** Fields a full update may carry besides the create fields (other fields of the plugin are ignored). */
const visibilityFields = {
  isListed: z.boolean().optional(),
  isPubliclyVisible: z.boolean().optional(),
};
export const replacePluginRequest = z.object({ ...pluginFields, ...visibilityFields });
/** PUT /plugins/{id}/update: only the fields sent change. */
export const updatePluginRequest = z.object({
  name: pluginFields.name.optional(),
  shortDescription: pluginFields.shortDescription.optional(),
  description: pluginFields.description.optional(),
  homepage: pluginFields.homepage.optional(),
  sourceCodeUrl: pluginFields.sourceCodeUrl.optional(),
  ...visibilityFields,
});
export type UpdatePluginRequest = z.input<typeof updatePluginRequest>;

export const pluginVisibilityRequest = z.object({ isPubliclyVisible: z.boolean(), isListed: z.boolean() });
export const pluginTagsRequest = z.object({
  tagIds: z.array(rowId(M.unknownTag)).max(50),
});
export const pluginPinRequest = z.object({ isPinned: z.boolean() });
export const pluginPinResponse = z.object({ isPinned: z.boolean() });
export type PluginPinResponse = z.infer<typeof pluginPinResponse>;
export const skipBuildServerRequest = z.object({ skipBuildServer: z.boolean() });
export const skipBuildServerResponse = z.object({ skipBuildServer: z.boolean() });
export type SkipBuildServerResponse = z.infer<typeof skipBuildServerResponse>;
export const pluginFeaturedRequest = z.object({ isFeatured: z.boolean() });
export const pluginFeaturedResponse = z.object({ isFeatured: z.boolean() });
export type PluginFeaturedResponse = z.infer<typeof pluginFeaturedResponse>;
/** How many plugins GET /plugins/featured answers with (the home page's featured strip). */
export const FEATURED_PLUGIN_COUNT = 4;
export const pluginRatingRequest = z.object({
  stars: z.number({ message: M.ratingRange }).int(M.ratingRange).min(1, M.ratingRange).max(5, M.ratingRange),
});
export const pluginRatingResponse = z.object({
  averageRating: z.number(),
  ratingCount: z.number().int(),
  myStars: z.number().int().nullable(),
});
export type PluginRating = z.infer<typeof pluginRatingResponse>;
export const pluginDownloadResponse = z.object({
  downloadCount: z.number().int(),
  counted: z.boolean(),
  /** The ZIP itself; fetching it does not count again. */
  downloadUrl: z.string().nullable(),
});
export type PluginDownloadResponse = z.infer<typeof pluginDownloadResponse>;
export const pluginViewResponse = z.object({ viewCount: z.number().int(), counted: z.boolean() });
export type PluginViewResponse = z.infer<typeof pluginViewResponse>;

export const tagSchema = z.object({
  id: z.number().int(),
  shortName: z.string(),
  longName: z.string(),
  helpText: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

export const pluginMemberSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
});

export const pluginSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  homepage: z.string().nullable(),
  sourceCodeUrl: z.string().nullable(),
  bannerImageUrl: z.string().nullable(),
  /** Version string of the latest approved version, null before the first. */
  versionString: z.string().nullable(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  myStars: z.number().int().nullable(),
  /** Members following it (issue 25, follows). */
  followerCount: z.number().int(),
  /** The viewer follows it; false when signed out (added per request: kept answers carry false). */
  isFollowing: z.boolean(),
  downloadCount: z.number().int(),
  viewCount: z.number().int(),
  /** Download of the latest version (counted when fetched), null before the first. */
  downloadUrl: z.string().nullable(),
  isActive: z.boolean(),
  publishedOnce: z.boolean(),
  needsApproval: z.boolean(),
  isListed: z.boolean(),
  isPubliclyVisible: z.boolean(),
  isPinned: z.boolean(),
  skipBuildServer: z.boolean(),
  /** Picked by an administrator for the home page's featured strip. */
  isFeatured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  member: pluginMemberSchema,
  author: z.string(),
  tags: z.array(tagSchema),
  /** Its status for the current game version (docs/compatibility.md). */
  compatibility: pluginCompatibilitySchema,
});
export type Plugin = z.infer<typeof pluginSchema>;

/** One plugin (GET /plugins/{id}): with its description rendered to HTML by the server. */
export const pluginDetailSchema = pluginSchema.extend({
  descriptionHtml: z.string(),
  /** What the live version's DLLs can do, for the page's plain summary; null before it or when not inspected. */
  abilities: pluginAbilitiesSchema.nullable(),
  /** What the live version requires, to install first (docs/dependencies.md). */
  requires: z.array(requiredPluginSchema),
  /** How many public plugins' live versions require it. */
  requiredBy: z.number().int(),
  /** The author's support link (Ko-fi, Patreon, PayPal, GitHub Sponsors), or null. */
  supportUrl: z.string().nullable(),
});
export type PluginDetail = z.infer<typeof pluginDetailSchema>;

/** How many plugins of the current list or search carry a tag. */
export const tagCountSchema = z.object({ tagId: z.number().int(), count: z.number().int() });
export type TagCount = z.infer<typeof tagCountSchema>;

export const pluginPageSchema = z.object({
  items: z.array(pluginSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  /**
   * True when a search found more than PLUGIN_SEARCH_HITS_MAX plugins: totalCount is then that
   * maximum (what the pages reach, best first) and means 'at least'. False for plain lists.
   */
  totalCapped: z.boolean(),
  /**
   * For a search: per tag, how many of all its matches (every page, after the tag and source
   * filters) carry it, most first; tags carried by none are left out. With totalCapped, counted over
   * the matches the search gathered (at least that many carry it). Null for a list without search.
   */
  tagCounts: z.array(tagCountSchema).nullable(),
});
export type PluginPage = z.infer<typeof pluginPageSchema>;

/** GET /plugins/featured: administrator-picked plugins first, then the best rated among the most downloaded. */
export const featuredPluginsSchema = z.object({ items: z.array(pluginSchema) });
export type FeaturedPlugins = z.infer<typeof featuredPluginsSchema>;

export const pluginSeoSchema = z.object({
  name: z.string(),
  shortDescription: z.string(),
  bannerImageUrl: z.string().nullable(),
  memberDisplayName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const pluginVersionFileSchema = z.object({
  path: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type PluginVersionFile = z.infer<typeof pluginVersionFileSchema>;

export const pluginVersionSchema = z.object({
  /** The version's id (its submission's). */
  id: z.number().int(),
  submissionId: z.number().int(),
  versionString: z.string().nullable(),
  submittedAt: z.string(),
  approvedAt: z.string().nullable(),
  /** When it was published (approved); its submission time for the oldest versions that have no approval time. */
  publishedAt: z.string(),
  /** The author's changelog for this version, rendered (sanitised HTML); '' when none was given. */
  changelogHtml: z.string(),
  binaryDownloadUrl: z.string().nullable(),
  /** SHA-256 (hex) of the ZIP that the download and the plugin manager serve. */
  sha256: z.string(),
  /** Every file inside that ZIP, with its own SHA-256 (hex). */
  files: z.array(pluginVersionFileSchema),
  /**
   * Built from source by a builder whose signed provenance verified (its envelope at
   * GET /plugins/{id}/versions/{submissionId}/provenance); null when a moderator attached the binary by hand.
   */
  provenance: z.object({ builderId: z.string(), keyId: z.string() }).nullable(),
  /** The game versions its author declares it works with. */
  gameVersionIds: z.array(z.number().int()),
});
export type PluginVersion = z.infer<typeof pluginVersionSchema>;

/** A DSSE envelope (docs/provenance.md): an in-toto Statement signed by the builder. */
export const dsseEnvelopeSchema = z.object({
  payloadType: z.string(),
  payload: z.string(),
  signatures: z.array(z.object({ keyid: z.string().optional(), sig: z.string() })),
});
export type DsseEnvelope = z.infer<typeof dsseEnvelopeSchema>;

export const submissionSchema = z.object({
  submissionId: z.number().int(),
  pluginId: z.number().int(),
  versionString: z.string().nullable(),
  status: z.enum(['q', 'b', 'p', 'a', 'r', 's']),
  sourceFileName: z.string(),
  sourceFileSize: z.number().int(),
  notes: z.string().nullable(),
  approvalNote: z.string().nullable(),
  denyReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  approvedAt: z.string().nullable(),
  hasBinary: z.boolean(),
  hasDebugFiles: z.boolean(),
  /** The builder's log (shown when the build failed). */
  buildLog: z.string().nullable(),
  /** While pending review (p): 1 for the next one a moderator takes; null otherwise. */
  queuePosition: z.number().int().nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const sourceUploadResponse = z.object({ submission: submissionSchema, plugin: pluginSchema });
export type SourceUploadResponse = z.infer<typeof sourceUploadResponse>;

export const pdbSchema = z.object({
  submissionId: z.number().int(),
  versionString: z.string().nullable(),
  approvedAt: z.string().nullable(),
  fileName: z.string(),
  url: z.string(),
});
export type PdbFile = z.infer<typeof pdbSchema>;

/** The SubmissionUpdated real-time event, sent to the plugin's owner on every status change. */
export const submissionUpdatedEvent = z.object({
  id: z.number().int(),
  pluginId: z.number().int(),
  pluginName: z.string(),
  status: z.string(),
  versionString: z.string().nullable(),
});
export type SubmissionUpdatedEvent = z.infer<typeof submissionUpdatedEvent>;

const listOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])
    .flatMap((s) => String(s).split(','))
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * GET /plugins query. tags may repeat or be comma-separated (short names or ids; a plugin must have
 * all of them); pageSize is capped at 100; sortDir defaults by key; without sortBy a search ranks by
 * relevance and a plain list sorts by downloads.
 */
export const pluginListQuery = z.object({
  page: z.coerce
    .number({ message: M.invalidPage })
    .int(M.invalidPage)
    .min(1, M.invalidPage)
    .max(100_000, M.invalidPage)
    .default(1),
  pageSize: z.coerce
    .number({ message: M.invalidPageSize })
    .int(M.invalidPageSize)
    .min(1, M.invalidPageSize)
    .default(PLUGIN_PAGE_SIZE)
    .transform((n) => Math.min(n, PLUGIN_PAGE_SIZE_MAX)),
  search: z
    .string()
    .optional()
    .transform((s) => (s ?? '').trim().slice(0, PLUGIN_SEARCH_MAX)),
  tags: z
    .unknown()
    .optional()
    .transform(listOf)
    .pipe(z.array(z.string().max(100)).max(20)),
  sortBy: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.trim().toLowerCase() : undefined),
    z.enum(PLUGIN_SORT_KEYS, { message: M.invalidSortBy }).optional(),
  ),
  /** Another name of sortBy (`sort=rating`, `sort=trending`); sortBy wins when both are given. */
  sort: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.trim().toLowerCase() : undefined),
    z.enum(PLUGIN_SORT_KEYS, { message: M.invalidSortBy }).optional(),
  ),
  sortDir: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.trim().toLowerCase() : undefined),
    z.enum(PLUGIN_SORT_DIRECTIONS, { message: M.invalidSortDir }).optional(),
  ),
  hasSource: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.trim().toLowerCase() : 'any'),
    z.enum(PLUGIN_HAS_SOURCE_FILTERS, { message: M.invalidHasSource }),
  ),
  /** 'current': only plugins that work with the current game version. */
  compatible: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.trim().toLowerCase() : undefined),
    z.enum(['current'], { message: COMPATIBILITY_MESSAGES.invalidCompatible }).optional(),
  ),
});
export type PluginListQuery = z.output<typeof pluginListQuery>;
