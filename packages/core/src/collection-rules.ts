/**
 * Collections' limits and messages (issue 29 item 1): plain values, kept apart from the zod schemas
 * in collections.ts so the web's texts (an item card's 'Add to collection', on every list) do not
 * carry zod (docs/i18n.md).
 */
export const COLLECTION_LIMITS = {
  nameMin: 3,
  nameMax: 80,
  descriptionMax: 1000,
  noteMax: 200,
  /** Items in one collection. */
  items: 200,
  /** Collections of one member. */
  perMember: 100,
  pageSize: 24,
  pageSizeMax: 60,
} as const;

/** Exact messages of the collection calls (the web shows the same words). */
export const COLLECTION_MESSAGES = {
  notFound: 'Collection not found',
  notOwner: 'Only the owner of this collection can change it',
  nameRequired: 'Name is required',
  nameShort: `Name must be at least ${COLLECTION_LIMITS.nameMin} characters`,
  nameLong: `Name must be at most ${COLLECTION_LIMITS.nameMax} characters`,
  descriptionLong: `Description must be at most ${COLLECTION_LIMITS.descriptionMax} characters`,
  noteLong: `Note must be at most ${COLLECTION_LIMITS.noteMax} characters`,
  visibilityInvalid: 'Visibility must be public, unlisted or private',
  kindInvalid: 'Kind must be plugin or car',
  idInvalid: 'Id must be a positive whole number',
  tooManyItems: `A collection holds at most ${COLLECTION_LIMITS.items} items`,
  tooManyCollections: `You can have at most ${COLLECTION_LIMITS.perMember} collections`,
  duplicateItem: 'This item is already in the collection',
  itemNotFound: 'Item not found',
  itemNotInCollection: 'This item is not in the collection',
  orderMismatch: 'The order must list every item of the collection exactly once',
  ownCollection: 'You cannot follow your own collection',
  sortInvalid: 'Sort must be popular or new',
  pageInvalid: 'Page must be a positive whole number',
  pageSizeInvalid: 'Page size must be a positive whole number',
} as const;
