// A member's inbox (the spec's Mail): reading, marking, hiding. Email itself is platform/mailer.ts.
export { inboxRoutes } from './routes.js';
export { InboxService } from './service.js';
