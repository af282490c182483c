// Release webhooks: endpoints administrators add, and the events queued when a plugin version or a car is published.
export { webhookEndpointRoutes } from './routes.js';
export {
  RELEASE_WEBHOOK_JOB,
  RELEASE_WEBHOOK_JOB_OPTIONS,
  WebhookEndpoints,
  type ReleaseAudience,
  type ReleaseSubject,
  queueReleaseEvent,
  releaseWebhookPayload,
} from './service.js';
