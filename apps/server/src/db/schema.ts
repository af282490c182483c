// Every table, one file per area; drizzle.config.ts and the services read them all from here.
export * from './schema-accounts.js';
export * from './schema-site.js';
export * from './schema-plugins.js';
export * from './schema-cars.js';
export * from './schema-moderation.js';
export * from './schema-jobs.js';
export * from './schema-webhooks.js';
export * from './schema-inbox.js';
export * from './schema-upcoming-features.js';
export * from './schema-game-versions.js';
export * from './schema-follows.js';
export * from './schema-compatibility.js';
export * from './schema-publish-tokens.js';
export * from './schema-requires.js';
export * from './schema-collections.js';
