import { z } from 'zod';
import { numberedPage } from './page-schemas.js';
import { rowIdText } from './numbers.js';

/** Shapes of the admin area's calls (/admin/*, /webhooks/test), shared by server and web. */

export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
export const FEEDBACK_EXCERPT_CHARS = 200;
export const WEBHOOK_RESPONSE_MAX_CHARS = 4096;
export const WEBHOOK_DELIVERIES_SHOWN = 50;
export const DEAD_JOBS_SHOWN = 20;
export const STAFF_ROLES = ['administrator', 'moderator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ADMIN_MESSAGES = {
  cannotRemoveOwnAdmin: 'You cannot remove your own administrator role',
  cannotDisableSelf: 'You cannot disable your own account',
  accountDisabled: 'This account has been disabled.',
  memberNotFound: 'Member not found',
  feedbackNotFound: 'Feedback not found',
  deliveryNotFound: 'Delivery not found',
  onlyOutgoing: 'Only outgoing deliveries can be redelivered',
  noWebhookUrl: 'Enter a URL: no builder webhook URL is configured',
  noWebhookSecret: 'Set BUILD_WEBHOOK_SECRET on the server to send signed webhook deliveries',
  badWebhookUrl: 'Enter an http(s) URL',
  unknownRole: 'Role must be administrator or moderator',
  smtpOff: 'files in data/outbox',
} as const;

const page = z.coerce.number().int().min(1).max(100_000).catch(1).default(1);
const pageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(ADMIN_PAGE_SIZE_MAX)
  .catch(ADMIN_PAGE_SIZE)
  .default(ADMIN_PAGE_SIZE);

// Connections

export const serviceName = z.enum(['database', 'redis', 'smtp', 'storage', 'builder']);
export const serviceState = z.enum(['up', 'down', 'off']);
export const serviceStatus = z.object({
  name: serviceName,
  state: serviceState,
  latencyMs: z.number().nullable(),
  detail: z.string(),
});
export type ServiceStatus = z.infer<typeof serviceStatus>;

export const deadJob = z.object({
  id: z.number(),
  kind: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  updatedAt: z.string(),
});

export const connectionsResponse = z.object({
  checkedAt: z.string(),
  services: z.array(serviceStatus),
  realtimeClients: z.number(),
  queues: z.object({
    jobs: z.object({ pending: z.number(), running: z.number(), dead: z.number() }),
    mail: z.object({ pending: z.number(), failed: z.number() }),
  }),
  deadJobs: z.array(deadJob),
});
export type ConnectionsResponse = z.infer<typeof connectionsResponse>;

// Webhooks

export const webhookTestRequest = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000)
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/i.test(v), ADMIN_MESSAGES.badWebhookUrl),
  })
  .default({ url: undefined });
export type WebhookTestRequest = z.input<typeof webhookTestRequest>;

export const webhookDelivery = z.object({
  id: z.number(),
  direction: z.enum(['out', 'in']),
  kind: z.string(),
  url: z.string(),
  deliveryId: z.string(),
  statusCode: z.number().nullable(),
  latencyMs: z.number().nullable(),
  error: z.string().nullable(),
  requestBody: z.string(),
  responseBody: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveryList = z.array(webhookDelivery);

// Feedback

export const feedbackStatus = z.enum(['new', 'seen', 'done']);
export type FeedbackStatus = z.infer<typeof feedbackStatus>;
export const feedbackListQuery = z.object({
  page,
  pageSize,
  status: z.enum(['new', 'seen', 'done', 'all']).catch('all').default('all'),
});
export const feedbackItem = z.object({
  id: z.number(),
  excerpt: z.string(),
  content: z.string(),
  url: z.string().nullable(),
  member: z.object({ id: z.number(), username: z.string() }).nullable(),
  userAgent: z.string().nullable(),
  status: feedbackStatus,
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;
export const feedbackListResponse = numberedPage(feedbackItem);
export type FeedbackListResponse = z.infer<typeof feedbackListResponse>;
export const feedbackStatusRequest = z.object({ status: feedbackStatus });

// Members

export const adminMembersQuery = z.object({
  page,
  pageSize,
  search: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim() || undefined),
});
export const adminMember = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  createdAt: z.string(),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
});
export type AdminMember = z.infer<typeof adminMember>;
export const adminMembersResponse = numberedPage(adminMember);
export type AdminMembersResponse = z.infer<typeof adminMembersResponse>;
export const memberRoleParams = z.object({
  id: rowIdText(),
  role: z.enum(STAFF_ROLES, { message: ADMIN_MESSAGES.unknownRole }),
});

export const FEEDBACK_STATUSES = feedbackStatus.options;
