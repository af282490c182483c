import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEPENDENCY_MESSAGES as D, type PluginDetail } from '@bm/core';
import { submissions } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { demoBinaryZip, demoSourceZip } from './seed.js';
import { createPlugin, multipart, publishedPlugin, storedFiles } from './test-support.js';
import { multipartBody, zipPart } from '../../../test/requests.js';

let t: TestApp;
let mod: Member;
let author: Member;
let other: Member;

beforeAll(async () => {
  t = await startTestApp();
  mod = await signedInMember(t, ['moderator']);
  author = await signedInMember(t);
  other = await signedInMember(t);
});
afterAll(async () => {
  await t.close();
});

const body = (name: string) => ({ name, shortDescription: 'A helper', description: '' });

async function upload(pluginId: number, requires: string | undefined, who: Member = author) {
  const fields: Record<string, string> = { versionString: '2.0.0' };
  if (requires !== undefined) fields.requires = requires;
  const form = multipart(await demoSourceZip('Deps'), 'source.zip', fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/plugins/${pluginId}/files/source`,
    headers: { ...who.auth, ...form.headers },
    payload: form.payload,
  });
}

async function approve(submissionId: number) {
  const form = multipartBody({}, zipPart('binary', await demoBinaryZip('Deps', '2.0.0'), 'b.zip'));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/moderation/plugins/${submissionId}/approve`,
    headers: { ...mod.auth, ...form.headers },
    payload: form.body,
  });
  expect(res.statusCode, res.body).toBe(204);
}

async function uploadAndApprove(pluginId: number, requires: string, who: Member = author) {
  const up = await upload(pluginId, requires, who);
  expect(up.statusCode, up.body).toBe(201);
  await approve(up.json().submission.submissionId);
}

const detail = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/plugins/${id}` })).json<PluginDetail>();
const manager = async (ids: number[]) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/plugins/get/short?pluginids=${ids.join(',')}` })).json<{
    response: { plugins: Record<string, { version: number; requires: number[] }> };
  }>().response.plugins;

describe('what a plugin requires', () => {
  it('refuses a bad list, the plugin itself, unknown and unpublished plugins, storing nothing', async () => {
    const mine = await publishedPlugin(t, author, body('Needs Checks'));
    const draft = await createPlugin(t, author, body('Draft Helper'));
    const hidden = await publishedPlugin(t, other, body('Private Helper'));
    const vis = await t.app.inject({
      method: 'PUT',
      url: `/api/plugins/${hidden.id}/visibility`,
      headers: other.auth,
      payload: { isPubliclyVisible: false, isListed: false },
    });
    expect(vis.statusCode).toBe(200);
    const filesBefore = storedFiles(t);
    const cases: Array<[string, string]> = [
      ['abc', D.invalid],
      ['1,-2', D.invalid],
      [String(mine.id), D.self],
      [`${draft.id}`, D.unpublished('Draft Helper')],
      // Someone else's private plugin is unknown to the uploader: its existence is not told.
      [`${hidden.id}`, D.unknown(hidden.id)],
      ['99999999', D.unknown(99999999)],
      [Array.from({ length: 21 }, (_, i) => i + 1).join(','), D.tooMany],
    ];
    for (const [requires, message] of cases) {
      const res = await upload(mine.id, requires);
      expect(res.statusCode, requires).toBe(400);
      expect(res.json().message, requires).toBe(message);
    }
    const subs = await t.ctx.db.select().from(submissions).where(eq(submissions.pluginId, mine.id));
    expect(subs).toHaveLength(1); // only the published version
    expect(storedFiles(t)).toEqual(filesBefore);
  });

  it('shows the live version’s requirements on the plugin, counts who requires it, and names them to the plugin manager', async () => {
    const base = await publishedPlugin(t, other, body('Base Library'));
    const extra = await publishedPlugin(t, author, body('Another Helper'));
    const app = await publishedPlugin(t, author, body('Needs Base'));
    expect((await detail(app.id)).requires).toEqual([]);
    expect((await manager([app.id]))[String(app.id)]!.requires).toEqual([]);
    // Another plugin by the same author may be required; spaces and repeats are fine.
    await uploadAndApprove(app.id, ` ${extra.id}, ${base.id},${base.id}`);

    const d = await detail(app.id);
    expect(d.requires).toEqual([
      { id: extra.id, name: 'Another Helper', installable: true },
      { id: base.id, name: 'Base Library', installable: true },
    ]);
    expect((await detail(base.id)).requiredBy).toBe(1);
    expect((await manager([app.id, base.id]))[String(app.id)]!.requires).toEqual(
      [base.id, extra.id].sort((a, b) => a - b),
    );

    // The required plugin made private: the kept detail of the one requiring it says so at once.
    const vis = await t.app.inject({
      method: 'PUT',
      url: `/api/plugins/${base.id}/visibility`,
      headers: other.auth,
      payload: { isPubliclyVisible: false, isListed: false },
    });
    expect(vis.statusCode).toBe(200);
    expect((await detail(app.id)).requires.find((r) => r.id === base.id)).toEqual({
      id: base.id,
      name: 'Base Library',
      installable: false,
    });

    // A pending version's requirements are not shown until it is approved; then they replace the old ones.
    const up = await upload(app.id, String(extra.id));
    expect(up.statusCode).toBe(201);
    expect((await detail(app.id)).requires).toHaveLength(2);
    await approve(up.json().submission.submissionId);
    expect((await detail(app.id)).requires.map((r) => r.id)).toEqual([extra.id]);
    expect((await manager([app.id]))[String(app.id)]!.requires).toEqual([extra.id]);
  });

  it('refuses a cycle, through live and waiting versions, naming its plugins', async () => {
    const a = await publishedPlugin(t, author, body('Cycle A'));
    const b = await publishedPlugin(t, author, body('Cycle B'));
    const c = await publishedPlugin(t, other, body('Cycle C'));
    await uploadAndApprove(a.id, String(b.id));
    await uploadAndApprove(b.id, String(c.id));
    const res = await upload(c.id, String(a.id), other);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(D.cycle(['Cycle C', 'Cycle A', 'Cycle B', 'Cycle C']));

    // Waiting for review counts too: two pending uploads cannot close a cycle once both are approved.
    const x = await publishedPlugin(t, author, body('Wait X'));
    const y = await publishedPlugin(t, author, body('Wait Y'));
    expect((await upload(x.id, String(y.id))).statusCode).toBe(201);
    const back = await upload(y.id, String(x.id));
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe(D.cycle(['Wait Y', 'Wait X', 'Wait Y']));
    // No cycle: fine.
    expect((await upload(y.id, String(a.id))).statusCode).toBe(201);
  });
});
