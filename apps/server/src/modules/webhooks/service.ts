import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_MESSAGES as M,
  isDiscordWebhookUrl,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from '@bm/core';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { webhookEndpoints } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { PermanentJobError, type JobKindOptions } from '../../platform/jobs.js';
import { postWebhook, toDelivery } from '../../platform/webhooks.js';
import {
  discordBody,
  genericBody,
  releaseBody,
  releaseFacts,
  type ReleaseEvent,
  type ReleaseFacts,
} from './payloads.js';
import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from './secrets.js';

/** The job that posts one release event to one endpoint (registered in src/jobs.ts). */
export const RELEASE_WEBHOOK_JOB = 'release-webhook';
/** 10 s doubling, 6 attempts (about 5 minutes in all); each attempt is a row of the delivery log. */
export const RELEASE_WEBHOOK_JOB_OPTIONS: JobKindOptions = {
  maxAttempts: 6,
  backoffMs: (attempt) => 10_000 * 2 ** (attempt - 1),
  timeoutMs: 30_000,
};
const DELIVERY_TIMEOUT_MS = 10_000;

export const releaseWebhookPayload = z.object({
  endpointId: z.number().int(),
  eventId: z.string(),
  event: z.enum(['plugin.published', 'plugin.updated', 'car.published']),
  occurredAt: z.string(),
  pluginId: z.number().int().optional(),
  submissionId: z.number().int().optional(),
  carId: z.number().int().optional(),
});
export type ReleaseWebhookPayload = z.infer<typeof releaseWebhookPayload>;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** What a release event is about. */
export interface ReleaseSubject {
  pluginId?: number;
  carId?: number;
}

/**
 * Whether the plugin or car a release names is public now, answered by that resource's one access
 * policy (plugins/policy.ts isPublicPlugin, cars/policy.ts isCarListed). A release webhook tells the
 * public (a Discord channel, say), so nothing else is ever queued or sent. It is given to this module
 * (by the callers and jobs.ts) rather than imported: the cars module queues releases, so importing it
 * here would close a circle.
 */
export type ReleaseAudience = (db: Db, subject: ReleaseSubject) => Promise<boolean>;

const subjectName = (s: ReleaseSubject) => (s.carId !== undefined ? `car ${s.carId}` : `plugin ${s.pluginId}`);

/**
 * Queues a release event for every active endpoint subscribed to it, one job each, in the caller's
 * transaction: the deliveries exist exactly when the publish does. A plugin or car the public cannot
 * see (private, hidden, or its owner disabled) is not announced.
 */
export async function queueReleaseEvent(
  ctx: Pick<AppContext, 'jobs' | 'log'>,
  tx: Db,
  what: ReleaseSubject & { event: WebhookEvent; submissionId?: number },
  isPublic: ReleaseAudience,
): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.active, true), sql`${what.event} = any(${webhookEndpoints.events})`));
  if (!endpoints.length) return;
  if (!(await isPublic(tx, what))) {
    ctx.log.info(what, `Release webhook not queued: ${subjectName(what)} is not public`);
    return;
  }
  const event = { eventId: randomUUID(), occurredAt: new Date().toISOString(), ...what };
  for (const e of endpoints) await ctx.jobs.enqueue(RELEASE_WEBHOOK_JOB, { ...event, endpointId: e.id }, {}, tx);
}

/** Release webhook endpoints (administrators) and their deliveries through the one webhook sender. */
export class WebhookEndpoints {
  /** `isPublic` is needed only to deliver release events (the job, registered in jobs.ts). */
  constructor(
    private readonly ctx: AppContext,
    private readonly isPublic?: ReleaseAudience,
  ) {}

  private shape(r: EndpointRow): WebhookEndpoint {
    const secret = openWebhookSecret(this.ctx, r.secretSealed);
    return {
      id: r.id,
      url: r.url,
      events: r.events,
      secretHint: `••••${secret.slice(-4)}`,
      active: r.active,
      discord: isDiscordWebhookUrl(r.url),
      createdAt: r.createdAt.toISOString(),
    };
  }

  private async row(id: number): Promise<EndpointRow> {
    const [row] = await this.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async list(): Promise<WebhookEndpoint[]> {
    const rows = await this.ctx.db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.id));
    return rows.map((r) => this.shape(r));
  }

  async create(input: {
    url: string;
    events: string[];
    secret?: string;
    active: boolean;
  }): Promise<WebhookEndpointWithSecret> {
    const secret = input.secret ?? newWebhookSecret();
    const [row] = await this.ctx.db
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        events: [...new Set(input.events)],
        secretSealed: sealWebhookSecret(this.ctx, secret),
        active: input.active,
      })
      .returning();
    return { ...this.shape(row!), secret };
  }

  /** Changes what is given; a new secret is answered in full this once. */
  async update(
    id: number,
    input: { url?: string; events?: string[]; secret?: string; active?: boolean },
  ): Promise<WebhookEndpoint | WebhookEndpointWithSecret> {
    await this.row(id);
    const [row] = await this.ctx.db
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(input.secret !== undefined ? { secretSealed: sealWebhookSecret(this.ctx, input.secret) } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    const shaped = this.shape(row!);
    return input.secret !== undefined ? { ...shaped, secret: input.secret } : shaped;
  }

  async remove(id: number): Promise<void> {
    await this.row(id);
    await this.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  }

  /** The endpoint's secret, for a redelivery of one of its deliveries; null when it is gone. */
  async secretOf(id: number): Promise<string | null> {
    const [row] = await this.ctx.db
      .select({ sealed: webhookEndpoints.secretSealed })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id));
    return row ? openWebhookSecret(this.ctx, row.sealed) : null;
  }

  /** Posts a test event (made-up facts) now and answers the delivery; a failure is in it, not thrown. */
  async sendTest(id: number): Promise<WebhookDelivery> {
    const row = await this.row(id);
    const facts: ReleaseFacts = {
      kind: 'plugin',
      id: 0,
      name: 'Test Plugin',
      description: 'A test delivery from the BakkesMod Community site.',
      url: `${this.ctx.config.publicUrl}/plugins`,
      bannerUrl: null,
      author: { id: 0, username: 'BakkesMod Community' },
      version: '1.0.0',
    };
    const event = { eventId: randomUUID(), occurredAt: new Date().toISOString(), event: 'test' as const };
    const body = isDiscordWebhookUrl(row.url) ? discordBody('test', event, facts) : genericBody(event, facts);
    return toDelivery(
      await postWebhook(this.ctx.db, {
        kind: 'test',
        url: row.url,
        body,
        secret: openWebhookSecret(this.ctx, row.secretSealed),
        endpointId: row.id,
        timeoutMs: DELIVERY_TIMEOUT_MS,
      }),
    );
  }

  /** The job: posts one event to one endpoint; throws (to be retried) unless it answers 2xx. */
  async deliver(p: ReleaseWebhookPayload): Promise<void> {
    const [row] = await this.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, p.endpointId));
    if (!row || !row.active) return; // deleted or paused since: nothing to send
    const event: ReleaseEvent = p;
    const facts = await releaseFacts(this.ctx, event);
    if (!facts) throw new PermanentJobError(`The ${p.carId !== undefined ? 'car' : 'plugin'} is gone`);
    // Asked again on every attempt: a retry of something hidden or made private since is dropped
    // for good (the runner logs it and keeps the reason on the job), never sent.
    if (!this.isPublic) throw new Error('No release audience given to deliver release webhooks');
    if (!(await this.isPublic(this.ctx.db, p)))
      throw new PermanentJobError(`Release webhook dropped: ${subjectName(p)} is no longer public`);
    const res = await postWebhook(this.ctx.db, {
      kind: p.event,
      url: row.url,
      body: releaseBody(row.url, event, facts),
      secret: openWebhookSecret(this.ctx, row.secretSealed),
      endpointId: row.id,
      submissionId: p.submissionId ?? null,
      timeoutMs: DELIVERY_TIMEOUT_MS,
    });
    if (res.statusCode === null || res.statusCode < 200 || res.statusCode >= 300)
      throw new Error(res.error ?? `HTTP ${res.statusCode}`);
  }
}
