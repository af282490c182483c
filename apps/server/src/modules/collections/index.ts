// Collections: members' ordered lists of plugins and cars, their visibility rule and their followers' notices (issue 29 item 1).
export { collectionRoutes } from './routes.js';
export { CollectionReads } from './reads.js';
export { collectionMeta, publicCollectionsForSitemap } from './meta.js';
export { COLLECTION_NOTICE_JOB, collectionNoticePayload, sendCollectionNoticeBatch } from './notices.js';
