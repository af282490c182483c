import { COMMENT_MESSAGES, PLUGIN_MESSAGES, plural, REPORT_DETAILS_MAX, type PluginHasSourceFilter, type PluginSortKey } from '@bm/core';

/** Texts of the plugin list and detail screens: the spec's quoted ones verbatim. */
export const BAKKESMOD_URL = 'https://bakkesmod.com/';
export const SEARCH_DEBOUNCE_MS = 300;
export const PLUGINS_VIEW_KEY = 'bm.plugins.view';
export const PLUGIN_VIEW_MARK_PREFIX = 'bm.plugins.viewed.';
export const PLUGIN_DOWNLOAD_MARK_PREFIX = 'bm.plugins.downloaded.';

export const PLUGINS_LIST_TEXT = {
  title: 'Plugins',
  intro: 'Plugins for BakkesMod made by the community. Install one with a click.',
  getBakkesMod: 'Get BakkesMod',
  searchLabel: 'Search plugins',
  searchPlaceholder: 'Search plugins...',
  clear: 'Clear',
  filters: 'Filters',
  tags: 'Tags',
  source: 'Source code',
  sourceOptions: { any: 'Any', with: 'With source code', without: 'Without source code' } satisfies Record<PluginHasSourceFilter, string>,
  clearFilters: 'Clear filters',
  sort: 'Sort',
  sortMenu: 'Sort plugins',
  relevance: 'Default',
  asc: 'Ascending',
  desc: 'Descending',
  view: 'View',
  grid: 'Grid view',
  list: 'List view',
  results: 'Plugins',
  found: (n: number, q: string) => `Found ${n} ${plural(n, 'plugin', 'plugins')} for "${q}"`,
  showing: (n: number) => `Showing ${n} ${plural(n, 'plugin', 'plugins')}`,
  pageOf: (page: number, pages: number, from: number, to: number, total: number) => `Page ${page} of ${pages} (${from}-${to} of ${total})`,
  loading: 'Loading plugins...',
  noResultsTitle: 'No plugins found',
  noResults: 'No plugins match your search or filters. Try clearing them.',
  emptyTitle: 'No plugins available',
  empty: 'Check back later for new plugins.',
  error: PLUGIN_MESSAGES.listPageFailed,
  tryAgain: 'Try Again',
} as const;

export const PLUGIN_SORT_OPTIONS: ReadonlyArray<{ key: PluginSortKey; label: string }> = [
  { key: 'name', label: 'Name' },
  { key: 'downloads', label: 'Downloads' },
  { key: 'release', label: 'Release Date' },
  { key: 'updated', label: 'Last Updated' },
];

export const PLUGIN_CARD_TEXT = {
  by: 'by',
  downloads: (n: number) => plural(n, 'download', 'downloads'),
  views: (n: number) => plural(n, 'view', 'views'),
  rating: (avg: number) => `Rated ${avg.toFixed(1)} out of 5`,
  noRatings: 'No ratings',
} as const;

export const PLUGIN_DETAIL_TEXT = {
  loading: 'Loading plugin details...',
  error: PLUGIN_MESSAGES.detailPageFailed,
  goBack: 'Go Back',
  backToPlugins: 'Back to Plugins',
  install: 'Install with BakkesMod',
  awaitingReview: 'Not installable yet: the first version is awaiting moderator review.',
  noRelease: 'Not installable yet: no version has been released.',
  moreDownloads: 'More download options',
  downloadFiles: 'Download Files',
  noDownload: 'No download is available yet',
  version: (v: string | null) => (v ? `v${v}` : 'No release yet'),
  updated: 'Updated',
  created: 'Created',
  tabs: 'Plugin sections',
  details: 'Details',
  comments: 'Comments',
  versions: 'Versions',
  noDescription: 'No description provided.',
  versionCol: 'Version',
  releasedCol: 'Released',
  downloadCol: 'Download',
  download: 'Download',
  noVersions: 'No versions released yet.',
  versionsFailed: PLUGIN_MESSAGES.versionsFailed,
  info: 'Plugin Information',
  infoVersion: 'Version',
  infoAuthor: 'Author',
  infoCreated: 'Created',
  infoUpdated: 'Last Updated',
  infoTags: 'Tags',
  infoHomepage: 'Homepage',
  infoSource: 'Source Code',
  viewSource: 'View source code',
  visitHomepage: 'Visit homepage',
  none: 'None',
  admin: 'Admin Controls',
  skipBuild: 'Skip build server',
  skipBuildHelp: 'New versions skip the build server and go straight to moderator review.',
  skipBuildFailed: 'Failed to update the build server setting',
  rating: 'Rating',
  ratingAverage: (avg: number) => `${avg.toFixed(1)} out of 5`,
  ratingCount: (n: number) => `${n} ${plural(n, 'rating', 'ratings')}`,
  yourRating: 'Your rating',
  rateLabel: 'Rate this plugin',
  notRated: 'You have not rated this plugin yet.',
  rateFailed: 'Failed to save your rating',
  views: (n: number) => plural(n, 'view', 'views'),
  downloads: (n: number) => plural(n, 'download', 'downloads'),
} as const;

export const INSTALL_TEXT = {
  title: 'Installing with BakkesMod',
  description: 'Your browser is opening BakkesMod to install this plugin.',
  steps: [
    'Make sure BakkesMod is installed and running on this computer.',
    'Your browser asks whether to open BakkesMod: allow it.',
    "The plugin appears in BakkesMod's plugin manager once it is installed.",
  ],
  noBakkesMod: "Don't have BakkesMod yet?",
  tryAgain: 'Try Again',
  close: 'Close',
} as const;

export const PLUGIN_JOIN_TEXT = {
  title: 'Rate and Review Plugins',
  description: 'Join the community to rate plugins, comment and vote.',
} as const;

export const COMMENTS_TEXT = {
  heading: 'Comments',
  label: 'Add a comment',
  placeholder: 'Share your thoughts about this plugin...',
  counter: (n: number, max: number) => `${n}/${max}`,
  post: 'Post Comment',
  posting: 'Posting...',
  empty: 'No comments yet. Be the first to comment!',
  loading: 'Loading comments...',
  loadFailed: COMMENT_MESSAGES.loadFailed,
  postFailed: COMMENT_MESSAGES.postFailed,
  verification: COMMENT_MESSAGES.verification,
  isNew: '(new)',
  edit: 'Edit',
  editBlocked: COMMENT_MESSAGES.editBlocked,
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteConfirm: COMMENT_MESSAGES.deleteConfirm,
  deleteFailed: 'Failed to delete comment',
  updateFailed: 'Failed to update comment',
  voteFailed: 'Failed to vote',
  upvote: 'Upvote',
  downvote: 'Downvote',
  edited: '(edited)',
  newComments: (n: number) => `${n} new ${plural(n, 'comment', 'comments')}`,
  editLabel: 'Edit comment',
} as const;

export const REPORT_TEXT = {
  open: 'Report',
  title: 'Report this plugin',
  description: 'Tell the moderators what is wrong. They see your username with the report.',
  reason: 'Reason',
  details: 'Details',
  detailsHint: 'What happened? Links or steps help the moderators.',
  counter: (n: number) => `${n}/${REPORT_DETAILS_MAX}`,
  submit: 'Submit',
  sending: 'Sending...',
  cancel: 'Cancel',
  sent: 'Report sent. A moderator will look at it.',
  failed: 'Failed to send the report',
} as const;
