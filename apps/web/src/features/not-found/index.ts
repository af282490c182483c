export { ItemNotFound, NOT_FOUND_TEXT, NotFoundPage } from './not-found-page';
