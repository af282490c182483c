/**
 * The car catalogue contract shared by the server and the web app: limits, messages, request and
 * response schemas. A car form validates with the same schemas the server answers 400 with.
 */
import { z } from 'zod';
import { countedPage } from './page-schemas.js';
import { decodeCarCode } from './car-code/index.js';
import {
  CAR_NAME_MIN,
  CAR_NAME_MAX,
  CAR_DESCRIPTION_MAX,
  CARS_PAGE_SIZE,
  CARS_PAGE_SIZE_MAX,
  MEMBER_CARS_PAGE_SIZE,
  MEMBER_CARS_PAGE_SIZE_MAX,
  CAR_SORT_FIELDS,
  CAR_SORT_DIRECTIONS,
  CAR_VOTE_TYPES,
  CAR_MESSAGES,
  type CarSortField,
} from './car-rules.js';

export const carNameRule = z
  .string({ error: CAR_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: CAR_MESSAGES.nameRequired, abort: true })
  .min(CAR_NAME_MIN, CAR_MESSAGES.nameShort)
  .max(CAR_NAME_MAX, CAR_MESSAGES.nameLong);

/** Required, and it must decode: the message is the decoder's ('Car code checksum does not match', ...). */
export const carCodeRule = z
  .string({ error: CAR_MESSAGES.codeRequired })
  .trim()
  .min(1, { error: CAR_MESSAGES.codeRequired, abort: true })
  .superRefine((code, ctx) => {
    const decoded = decodeCarCode(code);
    if (!decoded.ok) ctx.addIssue({ code: 'custom', message: decoded.message });
  });

export const carDescriptionRule = z
  .string()
  .trim()
  .max(CAR_DESCRIPTION_MAX, CAR_MESSAGES.descriptionLong)
  .nullish()
  .transform((v) => v ?? '');

/** Body of POST /cars and PUT /cars/{id}. */
export const carUpsertRequest = z.object({
  name: carNameRule,
  code: carCodeRule,
  description: carDescriptionRule,
});
export type CarUpsertRequest = z.input<typeof carUpsertRequest>;

/** A whole number from a query string, kept within [min, max]; absent gives the default. */
const boundedInt = (fallback: number, min: number, max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .optional()
    .transform((v) => Math.min(Math.max(v ?? fallback, min), max));

const searchText = z
  .string()
  .optional()
  .transform((v) => v?.trim().slice(0, 200) || undefined);

/** Query of GET /cars. */
export const carsQuery = z.object({
  page: boundedInt(1, 1, 1_000_000, CAR_MESSAGES.pageInvalid),
  pageSize: boundedInt(CARS_PAGE_SIZE, 1, CARS_PAGE_SIZE_MAX, CAR_MESSAGES.pageSizeInvalid),
  search: searchText,
  /** Left out: `sort`, else views (carListSort). */
  sortBy: z.enum(CAR_SORT_FIELDS, { error: CAR_MESSAGES.sortByInvalid }).optional(),
  /** Another name of sortBy (`sort=rating`, `sort=trending`), taken when sortBy is not given. */
  sort: z.enum(CAR_SORT_FIELDS, { error: CAR_MESSAGES.sortByInvalid }).optional(),
  sortDir: z.enum(CAR_SORT_DIRECTIONS, { error: CAR_MESSAGES.sortDirInvalid }).optional().default('desc'),
  /** Body product id (the car's body item, decoded from its code). */
  body: z.coerce
    .number({ error: CAR_MESSAGES.bodyInvalid })
    .int(CAR_MESSAGES.bodyInvalid)
    .positive(CAR_MESSAGES.bodyInvalid)
    .max(65535, CAR_MESSAGES.bodyInvalid)
    .optional(),
});
export type CarsQuery = z.input<typeof carsQuery>;

/** The sort of a GET /cars query: sortBy, else its other name sort, else views (the spec's default). */
export const carListSort = (q: { sortBy?: CarSortField; sort?: CarSortField }): CarSortField =>
  q.sortBy ?? q.sort ?? 'views';

/** Query of GET /members/{username}/cars. */
export const memberCarsQuery = z.object({
  page: boundedInt(1, 1, 1_000_000, CAR_MESSAGES.pageInvalid),
  pageSize: boundedInt(MEMBER_CARS_PAGE_SIZE, 1, MEMBER_CARS_PAGE_SIZE_MAX, CAR_MESSAGES.pageSizeInvalid),
});

export const carPinRequest = z.object({ isPinned: z.boolean({ error: CAR_MESSAGES.pinRequired }) });
export const carVoteRequest = z.object({ voteType: z.enum(CAR_VOTE_TYPES, { error: CAR_MESSAGES.voteType }) });
export const carRateRequest = z.object({
  stars: z
    .number({ error: CAR_MESSAGES.starsRange })
    .int(CAR_MESSAGES.starsRange)
    .min(1, CAR_MESSAGES.starsRange)
    .max(5, CAR_MESSAGES.starsRange),
});

// ---- Responses ----

const rgb = z.object({ r: z.number().int(), g: z.number().int(), b: z.number().int() });
const teamLoadout = z.object({
  items: z.array(
    z.object({ slot: z.number().int(), productId: z.number().int(), paintId: z.number().int().nullable() }),
  ),
  primaryColor: rgb.nullable(),
  secondaryColor: rgb.nullable(),
  wheelTeamId: z.number().int().nullable(),
});
/** The decoded code (see car-code/types.ts): describeBody, slotName, paintName read it. */
export const carLoadoutSchema = z.object({
  version: z.number().int(),
  blueIsOrange: z.boolean(),
  blue: teamLoadout,
  orange: teamLoadout,
});

export const carMemberSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
});

/** A car as lists show it (GET /cars, GET /cars/my). Dates are ISO strings. */
export const carSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  bannerUrl: z.string().nullable(),
  member: carMemberSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  views: z.number().int(),
  codeCopies: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  /** 0 when nobody rated yet; shown to one decimal. */
  averageRating: z.number(),
  ratingCount: z.number().int(),
  isPinned: z.boolean(),
  status: z.string(),
  isPublic: z.boolean(),
  /** Product id of the (blue) body item, null when the code has none. */
  bodyProductId: z.number().int().nullable(),
  /** 'Octane', 'Body #1234' for ids not in the table, 'No body'. */
  bodyName: z.string(),
});
export type Car = z.infer<typeof carSchema>;

/** GET /cars/{id} and the answers of POST /cars, PUT /cars/{id}. */
export const carDetailSchema = carSchema.extend({
  loadout: carLoadoutSchema,
  myStars: z.number().int().nullable(),
  myVote: z.enum(CAR_VOTE_TYPES),
  /** The description rendered to HTML by the server. */
  descriptionHtml: z.string(),
});
export type CarDetail = z.infer<typeof carDetailSchema>;

export const carsPageSchema = countedPage(carSchema);
export type CarsPage = z.infer<typeof carsPageSchema>;

export const carBodySchema = z.object({ productId: z.number().int(), name: z.string(), count: z.number().int() });
export const carBodiesSchema = z.array(carBodySchema);
export type CarBody = z.infer<typeof carBodySchema>;

export const carRatingSchema = z.object({
  myStars: z.number().int().nullable(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
});
export type CarRating = z.infer<typeof carRatingSchema>;

export const carVotesSchema = z.object({ upvotes: z.number().int(), downvotes: z.number().int() });
export type CarVotes = z.infer<typeof carVotesSchema>;
export const carViewResponse = z.object({ views: z.number().int(), counted: z.boolean() });
export type CarViewResponse = z.infer<typeof carViewResponse>;
export const carCopyResponse = z.object({ codeCopies: z.number().int(), counted: z.boolean() });
export type CarCopyResponse = z.infer<typeof carCopyResponse>;
export const carPinResponse = z.object({ isPinned: z.boolean() });
export type CarPinResponse = z.infer<typeof carPinResponse>;
export const carBannerResponse = z.object({ bannerUrl: z.string() });

/** A car in a member's content grid (GET /members/{username}/cars). */
export const memberCarItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  bannerUrl: z.string().nullable(),
  codeCopies: z.number().int(),
  views: z.number().int(),
  isPinned: z.boolean(),
  updatedAt: z.string(),
});
export const memberCarsPageSchema = countedPage(memberCarItemSchema);
export type MemberCarItem = z.infer<typeof memberCarItemSchema>;
export type MemberCarsPage = z.infer<typeof memberCarsPageSchema>;
