import { COLLECTION_MESSAGES } from '@bm/core';

/**
 * Collections (issue 29 item 1): the public list (/collections), a collection's page with its items,
 * the new and edit form, 'Add to collection' (plugin and car pages and cards) and a member's
 * collections (profile, dashboard). Core's messages by reference (collection-rules.ts, no zod: the
 * cards' button is on every list).
 */
export default {
  title: 'Collections',
  intro: 'Hand-picked lists of plugins and car designs, made by members.',
  sortLabel: 'Sort collections',
  popular: 'Most followed',
  newest: 'Newest',
  empty: 'No public collections yet.',
  loading: 'Loading collections...',
  loadFailed: 'Failed to load collections.',
  retry: 'Retry',
  newCollection: 'New collection',
  by: 'by',
  itemCount_one: '{count} item',
  itemCount_other: '{count} items',
  followerCount_one: '{count} follower',
  followerCount_other: '{count} followers',
  visibility: { public: 'Public', unlisted: 'Unlisted', private: 'Private' },
  visibilityHint: {
    public: 'Listed on /collections and your profile.',
    unlisted: 'Anyone with the link can open it; not listed.',
    private: 'Only you can see it.',
  },
  /** The new and edit form. */
  form: {
    createTitle: 'New collection',
    editTitle: 'Edit collection',
    name: 'Name',
    description: 'Description (markdown)',
    counter: '{length}/{max}',
    visibility: 'Visibility',
    save: 'Save',
    create: 'Create',
    cancel: 'Cancel',
    saveFailed: 'Could not save the collection.',
  },
  /** A collection's page. */
  detail: {
    notFound: COLLECTION_MESSAGES.notFound,
    notFoundBody: 'This collection does not exist, or it is private.',
    edit: 'Edit',
    delete: 'Delete',
    deleteQuestion: 'Delete the collection "{name}"? Its items stay where they are.',
    deleted: 'Collection deleted',
    share: 'Copy link',
    linkCopied: 'Link copied',
    emptyItems: 'Nothing in this collection yet. Add plugins and cars from their pages with Add to collection.',
    /** What the follow button follows: 'Follow collection {name}, 3 followers'. */
    followName: 'collection {name}',
    reorderFailed: 'Could not save the new order.',
  },
  /** The items of a collection, in order. */
  items: {
    label: 'Items in this collection',
    /** An owner's item row, as a screen reader names it: 'Boost Meter, 1 of 3'. */
    position: '{name}, {position} of {total}',
    install: 'Install',
    installLabel: 'Install {name}',
    copyCode: 'Copy Code',
    copyCodeLabel: 'Copy Code {name}',
    copied: 'Copied!',
    unavailablePlugin: 'This plugin is no longer available (hidden, private or deleted). Only you see it here.',
    unavailableCar: 'This car is no longer available (hidden, private or deleted). Only you see it here.',
    remove: 'Remove',
    removeLabel: 'Remove {name} from the collection',
    moveUp: 'Move up',
    moveDown: 'Move down',
    moveUpLabel: 'Move up: {name}',
    moveDownLabel: 'Move down: {name}',
    moved: '{name} moved to position {position} of {total}',
    reorderHint: 'Drag items, use Move up and Move down, or press Alt+Arrow Up or Down on a focused item to reorder.',
    pluginFallback: 'Plugin #{id}',
    carFallback: 'Car #{id}',
  },
  /** 'Add to collection' on plugin and car pages and cards. */
  add: {
    button: 'Add to collection',
    title: 'Add {name} to a collection',
    yourCollections: 'Your collections',
    noCollections: 'You have no collections yet.',
    done: 'Done',
    added: 'Added to {name}',
    removed: 'Removed from {name}',
    failed: 'Could not change the collection.',
    joinTitle: 'Join to make collections',
    joinDescription: 'Members gather plugins and car designs into collections and share them.',
  },
  /** A member's collections: their profile and the dashboard's Collections tab. */
  member: {
    heading: 'Collections',
    profileEmpty: 'No public collections.',
    dashboardEmpty: 'You have no collections yet. Make one here or with Add to collection on a plugin or car.',
  },
  /** Core's messages of the collection calls and checks (COLLECTION_MESSAGES), as the server answers them. */
  messages: {
    notOwner: COLLECTION_MESSAGES.notOwner,
    nameRequired: COLLECTION_MESSAGES.nameRequired,
    nameShort: 'Name must be at least {min} characters',
    nameLong: 'Name must be at most {max} characters',
    descriptionLong: 'Description must be at most {max} characters',
    visibilityInvalid: COLLECTION_MESSAGES.visibilityInvalid,
    tooManyItems: 'A collection holds at most {max} items',
    tooManyCollections: 'You can have at most {max} collections',
    duplicateItem: COLLECTION_MESSAGES.duplicateItem,
    itemNotFound: COLLECTION_MESSAGES.itemNotFound,
    itemNotInCollection: COLLECTION_MESSAGES.itemNotInCollection,
    orderMismatch: COLLECTION_MESSAGES.orderMismatch,
  },
} as const;
