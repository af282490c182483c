import { CAR_MESSAGES, plural, type CarSortField } from '@bm/core';

/** Texts of the car screens: the spec's quoted ones verbatim, so tests import what screens show. */
export { BAKKESMOD_URL } from '../../lib/links';

export const CARS_LIST_TEXT = {
  title: 'Browse Cars',
  intro: 'Custom car designs from the community. Copy a code and import it in BakkesMod.',
  getBakkesMod: 'Get BakkesMod',
  upload: 'Upload Car',
  searchLabel: 'Search cars',
  searchPlaceholder: 'Search cars...',
  clear: 'Clear',
  sort: 'Sort',
  sortMenu: 'Sort cars',
  asc: 'Ascending',
  desc: 'Descending',
  body: 'Body',
  allBodies: 'All bodies',
  view: 'View',
  grid: 'Grid view',
  list: 'List view',
  results: 'Cars',
  found: (n: number, q: string) => `Found ${n} ${plural(n, 'car', 'cars')} for "${q}"`,
  showing: (n: number) => `Showing ${n} ${plural(n, 'car', 'cars')}`,
  pageOf: (page: number, pages: number, from: number, to: number, total: number) =>
    `Page ${page} of ${pages} (${from}-${to} of ${total})`,
  loading: 'Loading cars...',
  noResultsTitle: 'No cars found',
  noResults: (q: string) => `No matches for "${q}". Try clearing search or browse all cars.`,
  browseAll: 'Browse all cars',
  emptyTitle: 'No cars available',
  empty: 'Check back later for new car designs.',
  uploadOne: 'Share a car design',
  error: 'Failed to load cars. Please try again.',
  tryAgain: 'Try Again',
} as const;

/** The sort menu's rows, in the spec's order (§2). */
export const SORT_OPTIONS: ReadonlyArray<{ field: CarSortField; label: string }> = [
  { field: 'createdAt', label: 'Created Date' },
  { field: 'updatedAt', label: 'Last Updated' },
  { field: 'views', label: 'Views' },
  { field: 'name', label: 'Name' },
];

export const CAR_CARD_TEXT = {
  by: 'by',
  views: (n: number) => plural(n, 'view', 'views'),
  copies: (n: number) => plural(n, 'copy', 'copies'),
  noRatings: 'No ratings',
} as const;

export const CAR_DETAIL_TEXT = {
  loading: 'Loading car details...',
  error: 'Failed to load car details. Please try again.',
  goBack: 'Go Back',
  notFoundTitle: 'Car not found',
  notFoundBody: 'There is no car at this address. It may have been removed, or the link is wrong.',
  browseCars: 'Browse cars',
  retry: 'Retry',
  backToCars: 'Back to Cars',
  unknown: 'Unknown',
  updated: 'Updated',
  created: 'Created',
  rateLabel: 'Rate this car',
  yourRating: (n: number) => `Your rating: ${n}/5`,
  copyCarCode: 'Copy Car Code',
  codeHeading: 'Car Code',
  codeIntro: 'Copy this code to import the car:',
  copyToClipboard: 'Copy to Clipboard',
  copied: 'Copied!',
  copiedAnnouncement: 'Car code copied to the clipboard',
  description: 'Description',
  noDescription: 'No description provided.',
  loadout: 'Loadout',
  bothTeams: 'Both teams',
  blueTeam: 'Blue Team',
  orangeTeam: 'Orange Team',
  primary: 'Primary colour',
  secondary: 'Secondary colour',
  wheelTeam: (id: number) => `Esports wheels: team ${id}`,
  product: (id: number) => `Item #${id}`,
  noItems: 'No items',
  info: 'Car Information',
  creator: 'Creator',
  createdLabel: 'Created',
  lastUpdated: 'Last Updated',
  viewsLabel: 'Views',
  copiesLabel: 'Code Copies',
  globalRating: 'Global Rating',
  ratingValue: (avg: number, n: number) => `${avg.toFixed(1)}/5 (${n} ${plural(n, 'rating', 'ratings')})`,
  ratingNote: 'Average based on all member ratings',
  upvote: 'Upvote',
  downvote: 'Downvote',
  actions: 'Car actions',
  edit: 'Edit Car',
  pin: 'Pin Car',
  unpin: 'Unpin Car',
  delete: 'Delete Car',
  pinFailed: 'Failed to set pin',
  pinned: 'Car pinned',
  unpinned: 'Car unpinned',
  deleted: 'Car deleted',
  deleteFailed: 'Failed to delete car',
  confirmDelete: (name: string) => `Are you sure you want to delete "${name}"?`,
} as const;

/** The join modal an anonymous visitor sees on trying to rate or vote (§2). */
export const CAR_JOIN_TEXT = {
  title: 'Rate and Share Cars',
  description: 'Create a free account to join in.',
  benefits: ['Rate car designs', 'Upload your own cars', 'Connect with the community'],
} as const;

export const CAR_FORM_TEXT = {
  uploadTitle: 'Upload Car',
  uploadIntro: 'Share a car design: paste its BakkesMod code and tell people about it.',
  editTitle: 'Edit Car',
  editIntro: 'Change the name, code, description or banner of your car.',
  name: 'Name',
  namePlaceholder: 'Neon Octane Striker',
  code: 'Car Code',
  codePlaceholder: 'Paste the code from BakkesMod (F2 → Items → Copy code)',
  codeValid: (body: string, items: number) => `Valid code: ${body}, ${items} ${plural(items, 'item', 'items')}`,
  description: 'Description',
  descriptionTabs: 'Write or preview',
  write: 'Write',
  preview: 'Preview',
  previewEmpty: 'Nothing to preview yet.',
  markdownHint: 'Markdown supported.',
  counter: (n: number, max: number) => `${n}/${max}`,
  banner: 'Banner Image',
  bannerHint: 'Optional. PNG, JPG or GIF, up to 5 MB.',
  currentBanner: 'Current banner',
  bannerProgress: 'Banner upload progress',
  bannerType: CAR_MESSAGES.bannerType,
  bannerTooLarge: CAR_MESSAGES.bannerTooLarge,
  bannerFailed: (message: string) => `The car was saved, but the banner upload failed: ${message}`,
  create: 'Upload Car',
  creating: 'Uploading...',
  save: 'Save Changes',
  saving: 'Saving...',
  uploadingBanner: 'Uploading banner...',
  cancel: 'Cancel',
  created: 'Car uploaded',
  updated: 'Car updated',
  createFailed: 'Failed to create car',
  updateFailed: 'Failed to update car',
  notOwner: 'Only the owner of this car can edit it.',
  loading: 'Loading car...',
} as const;

/** §9 timings the client keeps (the dedupe windows come from core: CAR_VIEW_DEDUPE_S, CAR_COPY_DEDUPE_S). */
export const SEARCH_DEBOUNCE_MS = 300;
export const COPIED_INDICATOR_MS = 2000;
/** A hand selection of at least this share of the code counts as a copy. */
export const COPY_SELECTION_THRESHOLD = 0.6;
