// Release webhooks: the endpoints administrators add at /admin/webhooks and the events they get.
import { z } from 'zod';

/** The release events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = ['plugin.published', 'plugin.updated', 'car.published'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'plugin.published': 'A plugin is published for the first time',
  'plugin.updated': 'A plugin publishes a new version',
  'car.published': 'A car is published',
};
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 200;
export const WEBHOOK_URL_MAX = 2000;

export const WEBHOOK_MESSAGES = {
  url: 'Enter an http(s) URL',
  events: 'Choose at least one event',
  secretShort: `The secret must be at least ${WEBHOOK_SECRET_MIN} characters`,
  secretLong: `The secret must be at most ${WEBHOOK_SECRET_MAX} characters`,
  notFound: 'Webhook not found',
} as const;

const url = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.url)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.url);
const events = z.array(z.enum(WEBHOOK_EVENTS, { message: WEBHOOK_MESSAGES.events })).min(1, WEBHOOK_MESSAGES.events);
const secret = z
  .string()
  .trim()
  .min(WEBHOOK_SECRET_MIN, WEBHOOK_MESSAGES.secretShort)
  .max(WEBHOOK_SECRET_MAX, WEBHOOK_MESSAGES.secretLong);

/** A new endpoint; without a secret the server makes one (shown once, in the answer). */
export const webhookEndpointCreate = z.object({
  url,
  events,
  secret: secret.optional(),
  active: z.boolean().default(true),
});
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreate>;

/** A change: any of the fields; a secret replaces the old one. */
export const webhookEndpointUpdate = z.object({
  url: url.optional(),
  events: events.optional(),
  secret: secret.optional(),
  active: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdate>;

export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  /** The last 4 characters only, after dots. */
  secretHint: z.string(),
  active: z.boolean(),
  /** Discord's embed format (a Discord webhook URL) rather than the signed JSON event. */
  discord: z.boolean(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookEndpointList = z.array(webhookEndpoint);
/** The answer to a create or a secret change: the secret in full, this once. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

/**
 * Whether a URL is a Discord webhook, by its path `/api/webhooks/{id}/{token}` on any host (Discord's
 * own hosts in practice; tests point such a path at a local receiver).
 */
export function isDiscordWebhookUrl(value: string): boolean {
  try {
    return /^\/api\/webhooks\/\d+\/[\w-]+\/?$/.test(new URL(value).pathname);
  } catch {
    return false;
  }
}
