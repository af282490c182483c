import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jobs, mailMessages } from '../../db/schema.js';
import type { Member, TestApp } from '../../../test/harness.js';
import { demoBinaryZip, demoSourceZip } from '../plugins/seed.js';
import { createPlugin, multipart, publishedPlugin } from '../plugins/test-support.js';
import { FOLLOWER_NOTICE_JOB } from './notices.js';
import { multipartBody, zipPart } from '../../../test/requests.js';

export type { Member };

export const call = (t: TestApp, method: 'GET' | 'PUT' | 'DELETE', url: string, who: Member | null) =>
  t.app.inject({ method, url: `/api${url}`, headers: who?.auth });

/** A published plugin of `owner`. */
export const livePlugin = (t: TestApp, owner: Member, name: string) =>
  publishedPlugin(t, owner, { name, shortDescription: `${name} in short`, description: 'A followed plugin' });

/** Uploads a source version for review (no builder configured: it waits for a moderator). */
export async function submitVersion(
  t: TestApp,
  owner: Member,
  pluginId: number,
  versionString: string,
  changelog?: string,
) {
  const fields: Record<string, string> = changelog === undefined ? { versionString } : { versionString, changelog };
  const body = multipart(await demoSourceZip(`P${pluginId}`), 'source.zip', fields);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/plugins/${pluginId}/files/source`,
    headers: { ...owner.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ submission: { submissionId: number } }>().submission.submissionId;
}

/** A plugin created but never published, with a version waiting for review. */
export async function unpublishedWithVersion(t: TestApp, owner: Member, name: string) {
  const p = await createPlugin(t, owner, { name, shortDescription: 'new', description: 'Brand new plugin' });
  return { plugin: p, submissionId: await submitVersion(t, owner, p.id, '1.0.0') };
}

/** A moderator approves a submission with a binary. */
export async function approve(t: TestApp, mod: Member, submissionId: number) {
  const zip = await demoBinaryZip(`S${submissionId}`, '1.0.0');
  const form = multipartBody({}, zipPart('binary', zip));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/moderation/plugins/${submissionId}/approve`,
    headers: { ...mod.auth, ...form.headers },
    payload: form.body,
  });
  expect(res.statusCode).toBe(204);
}

/** The follower notices a member has in their inbox. */
export const followNotices = (t: TestApp, memberId: number) =>
  t.ctx.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.memberId, memberId), eq(mailMessages.category, 'follow')));

export const followerJobs = (t: TestApp) => t.ctx.db.select().from(jobs).where(eq(jobs.kind, FOLLOWER_NOTICE_JOB));
