// Crawler files (robots.txt, sitemap.xml) and the meta the server writes into member and home pages.
export { pageRoutes } from './routes.js';
export { homeMeta, memberMeta, pluginsMeta, privatePluginPage } from './service.js';
