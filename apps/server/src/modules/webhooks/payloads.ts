import { eq } from 'drizzle-orm';
import { isDiscordWebhookUrl, type WebhookEvent } from '@bm/core';
import type { AppContext } from '../../context.js';
import { cars, members, plugins, submissions } from '../../db/schema.js';

/** What a release event is about, read when it is delivered. */
export interface ReleaseFacts {
  kind: 'plugin' | 'car';
  id: number;
  name: string;
  description: string;
  url: string;
  bannerUrl: string | null;
  author: { id: number; username: string };
  version: string | null;
}

/** The job's payload: the event, its id (the same on every retry) and what it is about. */
export interface ReleaseEvent {
  eventId: string;
  event: WebhookEvent;
  occurredAt: string;
  pluginId?: number;
  submissionId?: number;
  carId?: number;
}

const absolute = (ctx: AppContext, url: string) => (url.startsWith('/') ? `${ctx.config.publicUrl}${url}` : url);

/** The facts of a plugin or car as read with its author, its page at `path` on the site. */
function factsOf(
  ctx: AppContext,
  kind: ReleaseFacts['kind'],
  path: string,
  row: { id: number; name: string; description: string; bannerKey: string | null; memberId: number; username: string },
  version: string | null,
): ReleaseFacts {
  return {
    kind,
    id: row.id,
    name: row.name,
    description: row.description,
    url: `${ctx.config.publicUrl}${path}`,
    bannerUrl: row.bannerKey ? absolute(ctx, ctx.storage.url(row.bannerKey)) : null,
    author: { id: row.memberId, username: row.username },
    version,
  };
}

/** The plugin or car an event names, or null when it is gone. */
export async function releaseFacts(ctx: AppContext, e: ReleaseEvent): Promise<ReleaseFacts | null> {
  if (e.carId !== undefined) {
    const [car] = await ctx.db
      .select({
        id: cars.id,
        name: cars.name,
        description: cars.description,
        bannerKey: cars.bannerKey,
        memberId: members.id,
        username: members.username,
      })
      .from(cars)
      .innerJoin(members, eq(members.id, cars.memberId))
      .where(eq(cars.id, e.carId));
    if (!car) return null;
    return factsOf(ctx, 'car', `/cars/${car.id}`, car, null);
  }
  const [plugin] = await ctx.db
    .select({
      id: plugins.id,
      name: plugins.name,
      description: plugins.shortDescription,
      bannerKey: plugins.bannerKey,
      memberId: members.id,
      username: members.username,
    })
    .from(plugins)
    .innerJoin(members, eq(members.id, plugins.memberId))
    .where(eq(plugins.id, e.pluginId ?? 0));
  if (!plugin) return null;
  const [sub] = e.submissionId
    ? await ctx.db
        .select({ version: submissions.versionString })
        .from(submissions)
        .where(eq(submissions.id, e.submissionId))
    : [];
  return factsOf(ctx, 'plugin', `/plugin/${plugin.id}`, plugin, sub?.version ?? null);
}

const TITLES: Record<WebhookEvent | 'test', (f: ReleaseFacts) => string> = {
  'plugin.published': (f) => `New plugin: ${f.name}${f.version ? ` v${f.version}` : ''}`,
  'plugin.updated': (f) => `${f.name}${f.version ? ` v${f.version}` : ''} is out`,
  'car.published': (f) => `New car: ${f.name}`,
  test: (f) => `Test delivery: ${f.name}`,
};

/** The signed JSON event: what generic receivers get. */
export function genericBody(e: ReleaseEvent | (Omit<ReleaseEvent, 'event'> & { event: 'test' }), f: ReleaseFacts) {
  const subject = {
    id: f.id,
    name: f.name,
    description: f.description,
    url: f.url,
    bannerUrl: f.bannerUrl,
    author: f.author,
    ...(f.kind === 'plugin' ? { version: f.version, submissionId: e.submissionId ?? null } : {}),
  };
  return JSON.stringify({ type: e.event, id: e.eventId, occurredAt: e.occurredAt, [f.kind]: subject });
}

/** Discord's webhook body: one embed with the name, version, author, banner and link. */
export function discordBody(event: WebhookEvent | 'test', e: { occurredAt: string }, f: ReleaseFacts) {
  const description = f.description.length > 300 ? `${f.description.slice(0, 297)}...` : f.description;
  return JSON.stringify({
    username: 'BakkesMod Community',
    embeds: [
      {
        title: TITLES[event](f).slice(0, 256),
        url: f.url,
        ...(description ? { description } : {}),
        author: { name: f.author.username },
        ...(f.bannerUrl ? { image: { url: f.bannerUrl } } : {}),
        ...(f.version ? { fields: [{ name: 'Version', value: f.version, inline: true }] } : {}),
        timestamp: e.occurredAt,
        color: 0x0ea5e9,
      },
    ],
  });
}

export function releaseBody(url: string, e: ReleaseEvent, f: ReleaseFacts): string {
  return isDiscordWebhookUrl(url) ? discordBody(e.event, e, f) : genericBody(e, f);
}
