import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { expect } from 'vitest';
import type { CreatePluginRequest, Plugin, Submission } from '@bm/core';
import { jobs, members, plugins, tags } from '../../db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import { multipartBody } from '../../../test/requests.js';
import { storeApprovedVersion } from './seed.js';
import type { PluginMatchIndex } from './match-index.js';

type Member = { auth: Record<string, string> };

/** A multipart body with text fields and a `file` part (requests.ts's multipartBody, as Fastify's inject takes it). */
export function multipart(
  file: Buffer | null,
  filename = 'upload.zip',
  fields: Record<string, string> = {},
  type = 'application/zip',
) {
  const { body, headers } = multipartBody(fields, ...(file ? [{ data: file, filename, type }] : []));
  return { payload: body, headers };
}

/** Uploads `source` (as `fileName`, with `fields`) as a new version of the owner's plugin, expects 201, answers the submission. */
export async function uploadVersion(
  t: TestApp,
  owner: Member,
  pluginId: number,
  source: Buffer,
  fileName: string,
  fields: Record<string, string>,
): Promise<Submission> {
  const { payload, headers } = multipart(source, fileName, fields);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/plugins/${pluginId}/files/source`,
    headers: { ...owner.auth, ...headers },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ submission: Submission }>().submission;
}

/** `api(method, url, payload, headers)` for the plugin tests' calls, and `get(url, headers)` for its GETs. */
export function pluginsApi(t: TestApp) {
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url: `/api${url}`, payload: payload as object, headers });
  return { api, get: (url: string, headers: Record<string, string> = {}) => api('GET', url, undefined, headers) };
}

export async function createPlugin(t: TestApp, owner: Member, body: CreatePluginRequest): Promise<Plugin> {
  const res = await t.app.inject({ method: 'POST', url: '/api/plugins/create', headers: owner.auth, payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json<Plugin>();
}

/** A plugin with an approved version, as after a moderator's approval. */
export async function publishedPlugin(
  t: TestApp,
  owner: Member,
  body: CreatePluginRequest,
  extra: { downloadCount?: number; versionString?: string; tagIds?: number[] } = {},
): Promise<Plugin & { versionId: number }> {
  const p = await createPlugin(t, owner, body);
  const { submissionId } = await storeApprovedVersion(t.ctx.db, t.ctx.storage, {
    pluginId: p.id,
    pluginName: p.name,
    versionString: extra.versionString ?? '1.0.0',
  });
  if (extra.downloadCount !== undefined)
    await t.ctx.db.update(plugins).set({ downloadCount: extra.downloadCount }).where(eq(plugins.id, p.id));
  if (extra.tagIds) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/plugins/${p.id}/tags`,
      headers: owner.auth,
      payload: { tagIds: extra.tagIds },
    });
    if (res.statusCode !== 200) throw new Error(`tags failed: ${res.body}`);
  }
  const fresh = await t.app.inject({ method: 'GET', url: `/api/plugins/${p.id}` });
  return { ...fresh.json<Plugin>(), versionId: submissionId };
}

export async function addTag(t: TestApp, shortName: string, longName = shortName) {
  const [row] = await t.ctx.db
    .insert(tags)
    .values({ shortName, longName, helpText: `${longName} plugins` })
    .returning();
  return row!;
}

/** Every stored file (relative to the storage root). */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

/** The kinds of the jobs queued for a submission. */
export async function jobsFor(app: TestApp, submissionId: number) {
  const rows = await app.ctx.db
    .select({ kind: jobs.kind })
    .from(jobs)
    .where(sql`(${jobs.payload}->>'submissionId')::int = ${submissionId}`);
  return rows.map((r) => r.kind);
}

/** A member's listed plugins written straight to the tables (no route, no version), for the search index tests. Their ids, in order. */
export async function insertListedPlugins(t: TestApp, username: string, names: string[], shortDescription: string) {
  const [m] = await t.ctx.db
    .insert(members)
    .values({ username, email: `${username.toLowerCase()}@example.com`, passwordHash: 'x' })
    .returning({ id: members.id });
  const rows = await t.ctx.db
    .insert(plugins)
    .values(
      names.map((name) => ({
        memberId: m!.id,
        name,
        shortDescription,
        description: '',
        publishedOnce: true,
      })),
    )
    .returning({ id: plugins.id });
  return rows.map((r) => r.id);
}

/** The ids a one-word search finds in a match index (the first page). */
export const findInIndex = (index: PluginMatchIndex | null, term: string) =>
  index!.search({
    groups: [[{ term, prefix: false, typed: true }]],
    exact: term,
    text: term,
    hasSource: 'any',
    tagIds: [],
    offset: 0,
    end: 20,
    keep: 1000,
  }).ids;

/** The names of a ZIP's entries, in their order. */
export function zipEntries(data: Buffer) {
  return new Promise<string[]>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: false }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => names.push(e.fileName));
      zip.on('end', () => resolve(names));
    }),
  );
}
