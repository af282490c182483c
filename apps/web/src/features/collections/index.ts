// What other features use of collections: 'Add to collection' (plugin and car pages, and their cards)
// and a member's collections (profile, dashboard). The pages are in pages.ts (the router's chunk).
export { AddToCollectionButton } from './add-to-collection-button';
export { CardAddToCollection } from './card-add-to-collection';
export { MemberCollections } from './member-collections';
