/**
 * Collections (issue 29 item 1): a member's named, ordered list of plugins and cars. Limits,
 * messages, request and response schemas shared by the server and the web app.
 */
import { z } from 'zod';
import { countedPage } from './page-schemas.js';
import { carSchema } from './cars.js';
import { pluginSchema } from './plugins.js';
import { COLLECTION_LIMITS, COLLECTION_MESSAGES } from './collection-rules.js';

export { COLLECTION_LIMITS, COLLECTION_MESSAGES };

export const COLLECTION_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number];
export const COLLECTION_ITEM_KINDS = ['plugin', 'car'] as const;
export type CollectionItemKind = (typeof COLLECTION_ITEM_KINDS)[number];
export const COLLECTION_SORTS = ['popular', 'new'] as const;

const M = COLLECTION_MESSAGES;

export const collectionNameRule = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { error: M.nameRequired, abort: true })
  .min(COLLECTION_LIMITS.nameMin, M.nameShort)
  .max(COLLECTION_LIMITS.nameMax, M.nameLong);

/** Body of POST /collections and PUT /collections/{id}. */
export const collectionUpsertRequest = z.object({
  name: collectionNameRule,
  description: z
    .string()
    .trim()
    .max(COLLECTION_LIMITS.descriptionMax, M.descriptionLong)
    .nullish()
    .transform((v) => v ?? ''),
  visibility: z.enum(COLLECTION_VISIBILITIES, { error: M.visibilityInvalid }),
});
export type CollectionUpsertRequest = z.input<typeof collectionUpsertRequest>;

const itemId = z.coerce
  .number({ error: M.idInvalid })
  .int(M.idInvalid)
  .positive(M.idInvalid)
  .max(2147483647, M.idInvalid);
const itemKind = z.enum(COLLECTION_ITEM_KINDS, { error: M.kindInvalid });

/** Body of POST /collections/{id}/items. */
export const collectionItemRequest = z.object({
  kind: itemKind,
  id: itemId,
  note: z
    .string()
    .trim()
    .max(COLLECTION_LIMITS.noteMax, M.noteLong)
    .nullish()
    .transform((v) => v || null),
});
export type CollectionItemRequest = z.input<typeof collectionItemRequest>;

/** Params of DELETE /collections/{id}/items/{kind}/{itemId}. */
export const collectionItemParams = z.object({ id: itemId, kind: itemKind, itemId });

/** Body of PUT /collections/{id}/order: every item once, in the new order. */
export const collectionOrderRequest = z.object({
  items: z.array(z.object({ kind: itemKind, id: itemId })).max(COLLECTION_LIMITS.items, M.tooManyItems),
});
export type CollectionOrderRequest = z.input<typeof collectionOrderRequest>;

const bounded = (fallback: number, max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .optional()
    .transform((v) => Math.min(Math.max(v ?? fallback, 1), max));

/** Query of GET /collections. */
export const collectionsQuery = z.object({
  sort: z.enum(COLLECTION_SORTS, { error: M.sortInvalid }).optional().default('popular'),
  page: bounded(1, 1_000_000, M.pageInvalid),
  pageSize: bounded(COLLECTION_LIMITS.pageSize, COLLECTION_LIMITS.pageSizeMax, M.pageSizeInvalid),
});

/** Query of GET /members/{username}/collections: with an item given, each says whether it holds it. */
export const memberCollectionsQuery = z.object({
  kind: itemKind.optional(),
  itemId: itemId.optional(),
});

// ---- Responses ----

export const collectionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  visibility: z.enum(COLLECTION_VISIBILITIES),
  itemCount: z.number().int(),
  followerCount: z.number().int(),
  isFollowing: z.boolean(),
  owner: z.object({ id: z.number().int(), displayName: z.string(), avatarUrl: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only with GET /members/{username}/collections?kind&itemId: whether it holds that item. */
  containsItem: z.boolean().optional(),
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

/**
 * An item in order. `available` is false for an item the public can no longer see (hidden, made
 * private, its owner disabled) or that was deleted: only the collection's owner is shown such items
 * (others never see them), marked, with the card while they may still see it (their own private
 * plugin, say) and none otherwise.
 */
export const collectionItemSchema = z.object({
  kind: z.enum(COLLECTION_ITEM_KINDS),
  id: z.number().int(),
  note: z.string().nullable(),
  addedAt: z.string(),
  available: z.boolean(),
  plugin: pluginSchema.nullable(),
  car: carSchema.nullable(),
});
export type CollectionItem = z.infer<typeof collectionItemSchema>;

export const collectionDetailSchema = collectionSummarySchema.extend({
  descriptionHtml: z.string(),
  isOwner: z.boolean(),
  items: z.array(collectionItemSchema),
});
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

export const collectionsPageSchema = countedPage(collectionSummarySchema);
export type CollectionsPage = z.infer<typeof collectionsPageSchema>;

export const memberCollectionsSchema = z.object({ items: z.array(collectionSummarySchema) });
export type MemberCollections = z.infer<typeof memberCollectionsSchema>;
