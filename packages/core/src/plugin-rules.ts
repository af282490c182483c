// Plugin limits and texts: plain values, kept apart from the zod schemas in plugins.ts so pages that
// need only a limit or a message (the app shell among them) carry no schema code.

import { messageTemplate } from './message-template.js';

export const PLUGIN_NAME_MAX = 100;
export const PLUGIN_SHORT_DESCRIPTION_MAX = 500;
export const PLUGIN_DESCRIPTION_MAX = 20_000;
export const PLUGIN_URL_MAX = 2000;
export const PLUGIN_VERSION_STRING_MAX = 50;
/** A version's public changelog (markdown), given with its source upload. */
export const PLUGIN_CHANGELOG_MAX = 5000;
export const PLUGIN_PAGE_SIZE = 16;
export const PLUGIN_PAGE_SIZE_MAX = 100;
export const PLUGIN_SEARCH_MAX = 200;
/**
 * A search ranks and pages its best matches up to this many (like a search engine's maximum total
 * hits) and counts exactly up to it; past it the total says 'at least' (totalCapped).
 */
export const PLUGIN_SEARCH_HITS_MAX = 1000;
export const PLUGIN_BANNER_MAX_BYTES = 5 * 1024 * 1024;
export const SOURCE_ZIP_MAX_BYTES = 50 * 1024 * 1024;
/** Views count once per 24 hours per plugin and visitor; downloads once per 10 seconds. */
export const PLUGIN_VIEW_DEDUPE_MS = 24 * 3600 * 1000;
export const PLUGIN_DOWNLOAD_THROTTLE_MS = 10 * 1000;
/** Tags change rarely: clients and proxies keep them for 5 minutes. */
export const TAG_CACHE_MS = 300_000;

export const PLUGIN_MESSAGES = {
  nameRequired: 'Plugin name is required',
  nameTooLong: `Plugin name cannot exceed ${PLUGIN_NAME_MAX} characters`,
  shortDescriptionTooLong: `Short description cannot exceed ${PLUGIN_SHORT_DESCRIPTION_MAX} characters`,
  descriptionTooLong: `Description cannot exceed ${PLUGIN_DESCRIPTION_MAX} characters`,
  homepageInvalid: 'Homepage must be a valid URL',
  sourceCodeUrlInvalid: 'Source code URL must be a valid URL',
  versionStringTooLong: `Version cannot exceed ${PLUGIN_VERSION_STRING_MAX} characters`,
  changelogTooLong: `Changelog cannot exceed ${PLUGIN_CHANGELOG_MAX} characters`,
  notFound: 'Plugin not found',
  notOwner: 'Only the owner of this plugin can do that',
  adminOnly: 'Only administrators can do that',
  ratingRange: 'Rating must be between 1 and 5 stars',
  bannerTooLarge: 'Banner must be 5MB or smaller.',
  bannerType: 'Banner must be a PNG, JPG or GIF image.',
  noFile: 'No file was uploaded',
  /** A text field of an upload form cut at its size limit (the changelog has its own message). */
  fieldTooLong: messageTemplate('{field} is too long', (field: string) => ({ field })),
  sourceTooLarge: 'Source ZIP must be 50MB or smaller.',
  unknownTag: 'Unknown tag',
  submissionNotFound: 'Submission not found',
  approvedSubmission: 'An approved version cannot be deleted',
  noVersion: 'This plugin has no released version yet',
  noProvenance: 'This version has no build provenance (its binary was attached by a moderator)',
  invalidPage: 'Page must be a positive number',
  invalidPageSize: 'Page size must be a positive number',
  invalidSortBy: 'Sort by name, downloads, release, updated, rating or trending',
  invalidSortDir: 'Sort direction is asc or desc',
  invalidHasSource: 'Source filter is any, with or without',
  // Texts the web shows (spec §8).
  fetchListFailed: 'Failed to fetch plugins',
  fetchFailed: 'Failed to fetch plugin',
  versionsFailed: 'Failed to load versions',
  createFailed: 'Failed to create plugin',
  updateFailed: 'Failed to update plugin',
  deleteFailed: 'Failed to delete plugin',
  pinFailed: 'Failed to update pin',
  listPageFailed: 'Failed to load plugins. Please try again.',
  detailPageFailed: 'Failed to load plugin details. Please try again.',
} as const;

export const SUBMISSION_STATUSES = {
  q: 'Queued',
  b: 'Building',
  p: 'Pending',
  a: 'Approved',
  r: 'Rejected',
  s: 'Skipped',
} as const;

export type SubmissionStatusLetter = keyof typeof SUBMISSION_STATUSES;

export type SubmissionStatusName = (typeof SUBMISSION_STATUSES)[SubmissionStatusLetter] | 'Unknown';

/** Status letters are case-insensitive; anything else is unknown. */
export function submissionStatusName(letter: string | null | undefined): SubmissionStatusName {
  const key = (letter ?? '').toLowerCase();
  return key in SUBMISSION_STATUSES ? SUBMISSION_STATUSES[key as SubmissionStatusLetter] : 'Unknown';
}

export type PluginDisplayStatus = 'Pending' | 'Published' | 'Draft';

/** Dashboard status: awaiting approval, else published at least once, else a draft. */
export function pluginDisplayStatus(p: { needsApproval: boolean; publishedOnce: boolean }): PluginDisplayStatus {
  if (p.needsApproval) return 'Pending';
  return p.publishedOnce ? 'Published' : 'Draft';
}

export const PLUGIN_SORT_KEYS = ['name', 'downloads', 'release', 'updated', 'rating', 'trending'] as const;
export type PluginSortKey = (typeof PLUGIN_SORT_KEYS)[number];
export const PLUGIN_SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type PluginSortDirection = (typeof PLUGIN_SORT_DIRECTIONS)[number];
export const PLUGIN_HAS_SOURCE_FILTERS = ['any', 'with', 'without'] as const;
export type PluginHasSourceFilter = (typeof PLUGIN_HAS_SOURCE_FILTERS)[number];

/** Direction a sort key takes when none is given: names A to Z, numbers and dates highest first. */
export function pluginDefaultSortDir(sortBy: PluginSortKey): PluginSortDirection {
  return sortBy === 'name' ? 'asc' : 'desc';
}

/** The mod tool's install link for a plugin (the detail page's 'Install with BakkesMod'). */
export function pluginInstallLink(pluginId: number): string {
  return `bakkesmod://install/${pluginId}`;
}

/** Source upload field: sent only when non-empty after trimming. */
export function sourceVersionField(versionString: string | null | undefined): string | undefined {
  const v = versionString?.trim();
  return v ? v : undefined;
}
