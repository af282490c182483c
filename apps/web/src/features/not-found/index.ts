export { ItemNotFound, NotFoundPage } from './not-found-page';
export { ItemUnavailable, useItemNotFound } from './item-unavailable';
