import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  ADMIN_MESSAGES as M,
  DEAD_JOBS_SHOWN,
  FEEDBACK_EXCERPT_CHARS,
  WEBHOOK_DELIVERIES_SHOWN,
  type AdminMember,
  type ConnectionsResponse,
  type FeedbackItem,
  type FeedbackStatus,
  type ServiceStatus,
  type StaffRole,
  type WebhookDelivery,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { feedback, jobs, mailOutbox, memberRoles, members, sessions, webhookDeliveries } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { loadNodemailer } from '../../platform/mailer.js';
import { postWebhook, toDelivery } from '../../platform/webhooks.js';
import { WebhookEndpoints } from '../webhooks/index.js';
import { carsChanged } from '../cars/index.js';
import { pluginsChanged } from '../plugins/index.js';

const PROBE_TIMEOUT_MS = 3000;

/** Runs a probe with a time limit; whatever happens, it answers a status and never throws. */
async function probe(
  name: ServiceStatus['name'],
  run: () => Promise<string>,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<ServiceStatus> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { name, state: 'up', latencyMs: Math.round(performance.now() - started), detail };
  } catch (e) {
    return { name, state: 'down', latencyMs: null, detail: e instanceof Error ? e.message : String(e) };
  } finally {
    clearTimeout(timer);
  }
}

/** fetch() fails with 'fetch failed' and puts the reason in its cause: show the reason. */
function describeFetchError(e: unknown): string {
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'))
    return 'No answer within the time limit';
  const cause = (e as { cause?: { message?: string } }).cause;
  return cause?.message || (e instanceof Error ? e.message : String(e));
}

const off = (name: ServiceStatus['name'], detail: string): ServiceStatus => ({
  name,
  state: 'off',
  latencyMs: null,
  detail,
});

const iso = (d: Date) => d.toISOString();

export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  private get builderUrl(): string | undefined {
    return this.ctx.config.buildWebhookUrl || undefined;
  }

  /** Deliveries are signed with the builder's secret only: without one, none is sent. */
  private get webhookSecret(): string {
    const secret = this.ctx.config.buildWebhookSecret;
    if (!secret) throw conflict(M.noWebhookSecret);
    return secret;
  }

  // Connections

  async connections(): Promise<ConnectionsResponse> {
    const { ctx } = this;
    const database = probe('database', async () => {
      await ctx.database.ping();
      return 'reachable';
    });
    const redis = ctx.redis
      ? probe('redis', async () => {
          const answer = await ctx.redis!.ping();
          return `PING answered ${answer}`;
        })
      : Promise.resolve(off('redis', 'REDIS_URL not set'));
    const smtpUrl = ctx.config.smtpUrl;
    const smtp = smtpUrl
      ? probe('smtp', async () => {
          const transporter = (await loadNodemailer()).createTransport({
            url: smtpUrl,
            connectionTimeout: PROBE_TIMEOUT_MS,
            greetingTimeout: PROBE_TIMEOUT_MS,
            socketTimeout: PROBE_TIMEOUT_MS,
          });
          try {
            await transporter.verify();
            return `SMTP ${new URL(smtpUrl).host}`;
          } finally {
            transporter.close();
          }
        })
      : Promise.resolve(off('smtp', M.smtpOff));
    const storage = probe('storage', async () => {
      const key = `health/probe-${randomUUID()}.txt`;
      const data = Buffer.from(`probe ${new Date().toISOString()}`);
      await ctx.storage.put(key, data);
      try {
        const back = await ctx.storage.get(key);
        if (!back || !back.equals(data)) throw new Error('The probe file read back differs from what was written');
      } finally {
        await ctx.storage.delete(key);
      }
      return 'write, read and delete';
    });
    const url = this.builderUrl;
    const builder = url
      ? probe('builder', async () => {
          const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).catch(
            (e: unknown) => {
              throw new Error(describeFetchError(e));
            },
          );
          return `HTTP ${res.status}`;
        })
      : Promise.resolve(off('builder', 'BUILD_WEBHOOK_URL not set'));

    const queues = this.queueDepths().catch((e: unknown) => {
      ctx.log.warn({ err: e }, 'Queue depths could not be read');
      return null;
    });
    const dead = ctx.db
      .select({
        id: jobs.id,
        kind: jobs.kind,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
        updatedAt: jobs.updatedAt,
      })
      .from(jobs)
      .where(eq(jobs.status, 'dead'))
      .orderBy(desc(jobs.updatedAt), desc(jobs.id))
      .limit(DEAD_JOBS_SHOWN)
      .catch((e: unknown) => {
        ctx.log.warn({ err: e }, 'Dead jobs could not be read');
        return [];
      });

    const services = await Promise.all([database, redis, smtp, storage, builder]);
    const q = await queues;
    return {
      checkedAt: new Date().toISOString(),
      services,
      realtimeClients: ctx.hub.clientCount(),
      queues: q ?? { jobs: { pending: 0, running: 0, dead: 0 }, mail: { pending: 0, failed: 0 } },
      deadJobs: (await dead).map((j) => ({ ...j, updatedAt: iso(j.updatedAt) })),
    };
  }

  private async queueDepths() {
    const jobRows = await this.ctx.db
      .select({ status: jobs.status, n: count() })
      .from(jobs)
      .where(inArray(jobs.status, ['pending', 'running', 'dead']))
      .groupBy(jobs.status);
    const mailRows = await this.ctx.db
      .select({ status: mailOutbox.status, n: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ['pending', 'failed']))
      .groupBy(mailOutbox.status);
    const j = (s: string) => Number(jobRows.find((r) => r.status === s)?.n ?? 0);
    const m = (s: string) => Number(mailRows.find((r) => r.status === s)?.n ?? 0);
    return {
      jobs: { pending: j('pending'), running: j('running'), dead: j('dead') },
      mail: { pending: m('pending'), failed: m('failed') },
    };
  }

  // Webhooks

  /** Posts a signed test delivery and records it; failures are recorded too, never thrown. */
  async sendTestWebhook(url: string | undefined): Promise<WebhookDelivery> {
    const target = url ?? this.builderUrl;
    if (!target) throw badRequest(M.noWebhookUrl, 'url');
    const deliveryId = randomUUID();
    const body = JSON.stringify({ type: 'test', deliveryId, sentAt: new Date().toISOString() });
    return this.deliver('test', target, body, deliveryId);
  }

  async redeliver(id: number): Promise<WebhookDelivery> {
    const [row] = await this.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
    if (!row) throw notFound(M.deliveryNotFound);
    if (row.direction !== 'out') throw badRequest(M.onlyOutgoing);
    if (row.endpointId !== null) {
      // A release event: signed again with its endpoint's own secret.
      const secret = await new WebhookEndpoints(this.ctx).secretOf(row.endpointId);
      if (secret === null) throw notFound(M.deliveryNotFound);
      const { kind, url, requestBody: body, submissionId, endpointId } = row;
      return toDelivery(await postWebhook(this.ctx.db, { kind, url, body, secret, submissionId, endpointId }));
    }
    return this.deliver(row.kind, row.url, row.requestBody, randomUUID(), row.submissionId);
  }

  private async deliver(
    kind: string,
    url: string,
    body: string,
    deliveryId: string,
    submissionId: number | null = null,
  ) {
    const secret = this.webhookSecret;
    return toDelivery(await postWebhook(this.ctx.db, { kind, url, body, secret, deliveryId, submissionId }));
  }

  async deliveries(): Promise<WebhookDelivery[]> {
    const rows = await this.ctx.db
      .select()
      .from(webhookDeliveries)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(WEBHOOK_DELIVERIES_SHOWN);
    return rows.map(toDelivery);
  }

  // Feedback

  private feedbackSelect() {
    return this.ctx.db
      .select({
        id: feedback.id,
        content: feedback.content,
        url: feedback.url,
        userAgent: feedback.userAgent,
        status: feedback.status,
        createdAt: feedback.createdAt,
        memberId: members.id,
        username: members.username,
      })
      .from(feedback)
      .leftJoin(members, eq(members.id, feedback.memberId));
  }

  private toFeedback(r: Awaited<ReturnType<AdminService['feedbackSelect']>>[number]): FeedbackItem {
    return {
      id: r.id,
      excerpt: r.content.length > FEEDBACK_EXCERPT_CHARS ? `${r.content.slice(0, FEEDBACK_EXCERPT_CHARS)}…` : r.content,
      content: r.content,
      url: r.url,
      member: r.memberId !== null && r.username !== null ? { id: r.memberId, username: r.username } : null,
      userAgent: r.userAgent,
      status: r.status,
      createdAt: iso(r.createdAt),
    };
  }

  async feedbackList(q: { page: number; pageSize: number; status: FeedbackStatus | 'all' }) {
    const where = q.status === 'all' ? undefined : eq(feedback.status, q.status);
    const [rows, [total]] = await Promise.all([
      this.feedbackSelect()
        .where(where)
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      this.ctx.db.select({ n: count() }).from(feedback).where(where),
    ]);
    return {
      items: rows.map((r) => this.toFeedback(r)),
      page: q.page,
      pageSize: q.pageSize,
      totalCount: Number(total?.n ?? 0),
    };
  }

  /** Opening a 'new' item marks it 'seen'. */
  async feedbackDetail(id: number): Promise<FeedbackItem> {
    await this.ctx.db
      .update(feedback)
      .set({ status: 'seen' })
      .where(and(eq(feedback.id, id), eq(feedback.status, 'new')));
    const [row] = await this.feedbackSelect().where(eq(feedback.id, id)).limit(1);
    if (!row) throw notFound(M.feedbackNotFound);
    return this.toFeedback(row);
  }

  async setFeedbackStatus(id: number, status: FeedbackStatus): Promise<FeedbackItem> {
    const [updated] = await this.ctx.db
      .update(feedback)
      .set({ status })
      .where(eq(feedback.id, id))
      .returning({ id: feedback.id });
    if (!updated) throw notFound(M.feedbackNotFound);
    const [row] = await this.feedbackSelect().where(eq(feedback.id, id)).limit(1);
    return this.toFeedback(row!);
  }

  // Members

  async members(q: { page: number; pageSize: number; search?: string }) {
    const pattern = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = pattern ? or(ilike(members.username, pattern), ilike(members.email, pattern)) : undefined;
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select({
          id: members.id,
          username: members.username,
          email: members.email,
          createdAt: members.createdAt,
          emailVerifiedAt: members.emailVerifiedAt,
          disabledAt: members.disabledAt,
          roles: sql<
            string[]
          >`coalesce((select array_agg(${memberRoles.role} order by ${memberRoles.role}) from ${memberRoles} where ${memberRoles.memberId} = ${members.id}), '{}')`,
        })
        .from(members)
        .where(where)
        .orderBy(desc(members.createdAt), desc(members.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      this.ctx.db.select({ n: count() }).from(members).where(where),
    ]);
    const items: AdminMember[] = rows.map((r) => ({
      id: r.id,
      username: r.username,
      email: r.email,
      roles: r.roles,
      createdAt: iso(r.createdAt),
      emailVerified: r.emailVerifiedAt !== null,
      disabled: r.disabledAt !== null,
    }));
    return { items, page: q.page, pageSize: q.pageSize, totalCount: Number(total?.n ?? 0) };
  }

  private async memberExists(id: number) {
    const [row] = await this.ctx.db.select({ id: members.id }).from(members).where(eq(members.id, id)).limit(1);
    if (!row) throw notFound(M.memberNotFound);
  }

  async grantRole(id: number, role: StaffRole) {
    await this.memberExists(id);
    await this.ctx.db.insert(memberRoles).values({ memberId: id, role }).onConflictDoNothing();
    // Role rooms are joined at connection: the member's sockets reconnect to join the new one.
    this.ctx.hub.endSessions({ memberId: id });
  }

  async revokeRole(principal: Principal, id: number, role: StaffRole) {
    if (id === principal.memberId && role === 'administrator') throw badRequest(M.cannotRemoveOwnAdmin);
    await this.memberExists(id);
    await this.ctx.db.delete(memberRoles).where(and(eq(memberRoles.memberId, id), eq(memberRoles.role, role)));
    // Reconnecting leaves the role room and any plugin room the role alone let the member follow.
    this.ctx.hub.endSessions({ memberId: id });
  }

  /** Disabling revokes every open session at once, so tokens already handed out stop working. */
  async setDisabled(principal: Principal, id: number, disabled: boolean) {
    if (disabled && id === principal.memberId) throw badRequest(M.cannotDisableSelf);
    await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(members)
        .set({ disabledAt: disabled ? sql`coalesce(${members.disabledAt}, now())` : null, updatedAt: new Date() })
        .where(eq(members.id, id))
        .returning({ id: members.id });
      if (!row) throw notFound(M.memberNotFound);
      if (disabled) {
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.memberId, id), isNull(sessions.revokedAt)));
      }
    });
    // Their plugins and cars leave (or come back to) every public read: what is kept may show them.
    pluginsChanged(this.ctx);
    carsChanged(this.ctx);
    if (disabled) this.ctx.hub.endSessions({ memberId: id });
  }
}
