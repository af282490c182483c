// What the plugin and car detail pages share. Its own feature, not the not-found one: the bundle puts
// that folder in the item-page chunk the first page loads, and this is only for the two lazy pages.
export { ItemUnavailable, useItemNotFound } from './item-unavailable';
export { useItemRating } from './use-item-rating';
export { DetailBanner } from './detail-banner';
