// Car limits, sorts, texts and statuses: plain values, kept apart from the zod schemas in cars.ts so
// the car list does not carry zod.

export const CAR_NAME_MIN = 3;
export const CAR_NAME_MAX = 64;
export const CAR_DESCRIPTION_MAX = 5000;

/** Cars list (§9): 17 a page; the server keeps any asked size within 1..100. */
export const CARS_PAGE_SIZE = 17;
export const CARS_PAGE_SIZE_MAX = 100;
/** A member's content (§9): 16 a page, 50 when loading everything. */
export const MEMBER_CARS_PAGE_SIZE = 16;
export const MEMBER_CARS_PAGE_SIZE_MAX = 50;

/** A view counts once per 24 hours per car per visitor; a copy at most once per 60 seconds. */
export const CAR_VIEW_DEDUPE_S = 24 * 3600;
export const CAR_COPY_DEDUPE_S = 60;

export const CAR_BANNER_MAX_BYTES = 5 * 1024 * 1024;
/** Banners are re-encoded to fit inside this box (never enlarged). */
export const CAR_BANNER_BOX = { width: 1280, height: 720 } as const;

export const CAR_SORT_FIELDS = ['name', 'views', 'createdAt', 'updatedAt', 'rating', 'trending'] as const;
export type CarSortField = (typeof CAR_SORT_FIELDS)[number];
export const CAR_SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type CarSortDirection = (typeof CAR_SORT_DIRECTIONS)[number];

export const CAR_VOTE_TYPES = ['U', 'D', 'N'] as const;
export type CarVoteType = (typeof CAR_VOTE_TYPES)[number];

export const CAR_MESSAGES = {
  nameRequired: 'Name is required',
  nameShort: `Name must be at least ${CAR_NAME_MIN} characters`,
  nameLong: `Name cannot exceed ${CAR_NAME_MAX} characters`,
  codeRequired: 'Car code is required',
  descriptionLong: `Description cannot exceed ${CAR_DESCRIPTION_MAX} characters`,
  starsRange: 'Rating must be from 1 to 5 stars',
  voteType: 'Vote type must be U, D or N',
  pinRequired: 'isPinned must be true or false',
  pageInvalid: 'Page must be a whole number',
  pageSizeInvalid: 'Page size must be a whole number',
  sortByInvalid: `Sort must be one of ${CAR_SORT_FIELDS.join(', ')}`,
  sortDirInvalid: 'Sort direction must be asc or desc',
  bodyInvalid: 'Body must be a product id',
  notFound: 'Car not found',
  memberNotFound: 'Member not found',
  memberUsernameInvalid: 'Invalid member username',
  notOwner: 'Only the owner of this car can do that',
  bannerMissing: 'No file was uploaded',
  bannerTooLarge: 'Banner must be 5MB or smaller.',
  bannerType: 'Banner must be a PNG, JPG or GIF image.',
  bannerMultipart: 'Send the banner as multipart/form-data with a file field',
} as const;

/** Status letters (§3): 'A' and 'I' both show as Active; anything else is Inactive. */
export const CAR_ACTIVE_STATUSES = ['A', 'I'] as const;
export function isCarActive(status: string): boolean {
  return (CAR_ACTIVE_STATUSES as readonly string[]).includes(status);
}
export const CAR_STATUS_LABELS = { active: 'Active', inactive: 'Inactive' } as const;
/** A car's status in words, never the raw letter. */
export function carStatusLabel(status: string): (typeof CAR_STATUS_LABELS)[keyof typeof CAR_STATUS_LABELS] {
  return isCarActive(status) ? CAR_STATUS_LABELS.active : CAR_STATUS_LABELS.inactive;
}

/** The form of a code that is stored and copied: the decoder ignores whitespace, so it goes. */
export function normalizeCarCode(code: string): string {
  return code.replace(/\s+/g, '');
}
