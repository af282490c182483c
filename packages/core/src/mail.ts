import { z } from 'zod';
import { numberedPage } from './page-schemas.js';
import { MAIL_PAGE_SIZE, MAIL_PAGE_SIZE_MAX, SUBSCRIBERS_PAGE_SIZE, type MailEventName } from './mail-rules.js';

const searchField = z
  .string()
  .max(200)
  .optional()
  .transform((v) => v?.trim() || undefined);
const pageField = z.coerce.number().int().min(1).max(100_000).catch(1).default(1);
const pageSizeField = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAIL_PAGE_SIZE_MAX)
  .catch(MAIL_PAGE_SIZE)
  .default(MAIL_PAGE_SIZE);

export const mailListQuery = z.object({
  page: pageField,
  pageSize: pageSizeField,
  search: searchField,
  category: z
    .string()
    .max(50)
    .optional()
    .transform((v) => v?.trim() || undefined),
});
export type MailListQuery = z.output<typeof mailListQuery>;

export const hiddenMailListQuery = mailListQuery.omit({ category: true });
export type HiddenMailListQuery = z.output<typeof hiddenMailListQuery>;

export const unreadCountQuery = z.object({ search: searchField });

export const mailMessageSchema = z.object({
  id: z.number().int(),
  status: z.enum(['U', 'O']),
  subject: z.string(),
  /** Markdown. */
  body: z.string(),
  from: z.string(),
  category: z.string(),
  isHidden: z.boolean(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** One message opened (GET /mail/{id}): with its body rendered to HTML by the server. */
export const mailMessageDetailSchema = mailMessageSchema.extend({ bodyHtml: z.string() });
export type MailMessageDetail = z.infer<typeof mailMessageDetailSchema>;

export const mailPageSchema = z.object({ items: z.array(mailMessageSchema), totalCount: z.number().int() });
export type MailPage = z.infer<typeof mailPageSchema>;

export const mailCategorySchema = z.object({ category: z.string(), count: z.number().int(), unread: z.number().int() });
export type MailCategory = z.infer<typeof mailCategorySchema>;

export const unreadCountResponse = z.object({ count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

/** The real-time MailEvent: MailReceived carries the message, the others its id; all carry the unread count. */
export interface MailEvent {
  event: MailEventName;
  data: MailMessage | { id: number };
  unread?: number;
}

/** Whether a message matches an inbox search (subject, body or sender), as the server searches. */
export function mailMatchesSearch(
  message: Pick<MailMessage, 'subject' | 'body' | 'from'>,
  search: string | undefined,
): boolean {
  const q = search?.trim().toLowerCase();
  if (!q) return true;
  return [message.subject, message.body, message.from].some((s) => s.toLowerCase().includes(q));
}

// ---- upcoming features and subscriptions ----

export const featureKey = z
  .string({ message: 'Feature key is required' })
  .trim()
  .min(1, 'Feature key is required')
  .max(50, 'Feature key must be at most 50 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Feature key can only contain lowercase letters, digits and dashes');

export const upcomingFeatureSchema = z.object({ key: z.string(), name: z.string(), isCompleted: z.boolean() });
export type UpcomingFeature = z.infer<typeof upcomingFeatureSchema>;

export const upcomingFeaturesQuery = z.object({
  includeCompleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
});

export const upsertFeatureRequest = z.object({
  key: featureKey,
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
});

export const setFeatureCompletedRequest = z.object({
  key: featureKey,
  isCompleted: z.boolean({ message: 'isCompleted must be true or false' }),
});

export const featureRequest = z.object({ feature: featureKey });
export const featureStatusResponse = z.object({ subscribed: z.boolean() });
export type FeatureStatusResponse = z.infer<typeof featureStatusResponse>;

export const subscribersQuery = z.object({
  feature: featureKey,
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(SUBSCRIBERS_PAGE_SIZE).default(SUBSCRIBERS_PAGE_SIZE),
});

export const subscriberSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  subscribedAt: z.string(),
});
export const subscribersPageSchema = numberedPage(subscriberSchema);
export type SubscribersPage = z.infer<typeof subscribersPageSchema>;

export const featureMessageRequest = z.object({
  feature: featureKey,
  subject: z
    .string({ message: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be at most 200 characters'),
  body: z
    .string({ message: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(10_000, 'Message must be at most 10000 characters'),
});

/** An administrator's product update to every member who opted in. */
export const productUpdateRequest = featureMessageRequest.omit({ feature: true });

/** How many members a product update sent now would reach (those who opted in). */
export const productUpdateAudience = z.object({ recipients: z.number().int() });
export type ProductUpdateAudience = z.infer<typeof productUpdateAudience>;

export const productUpdateQueued = z.object({
  queued: z.literal(true),
  /** Names the send for its progress (GET /admin/product-updates/{id}). */
  id: z.string(),
  recipients: z.number().int(),
});
export type ProductUpdateQueued = z.infer<typeof productUpdateQueued>;

export const productUpdateIdParam = z.object({ id: z.string().uuid() });

/** A queued product update as its batched job sends it: 'sending' until the last batch, 'failed' when a batch gave up. */
export const productUpdateProgress = z.object({
  id: z.string(),
  recipients: z.number().int(),
  sent: z.number().int(),
  state: z.enum(['sending', 'done', 'failed']),
});
export type ProductUpdateProgress = z.infer<typeof productUpdateProgress>;
