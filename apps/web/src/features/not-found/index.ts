export { ItemNotFound, NotFoundPage } from './not-found-page';
