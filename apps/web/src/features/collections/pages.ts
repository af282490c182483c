// The router's chunk of the collection pages (apps/web/src/app/routes.tsx).
export { CollectionsPage } from './collections-page';
export { CollectionDetailPage } from './collection-detail-page';
