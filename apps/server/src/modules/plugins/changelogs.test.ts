import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLUGIN_CHANGELOG_MAX, PLUGIN_MESSAGES, type PluginVersion } from '@bm/core';
import { submissions } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { versionChangelog } from './index.js';
import { approve, publishVersion, uploadSource } from './feed-test-support.js';
import { createPlugin } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const newPlugin = async (owner: { auth: Record<string, string> }, name: string) =>
  createPlugin(t, owner, { name, shortDescription: `${name} in short`, description: 'Long text' });

describe('a version changelog given with the source upload', () => {
  it('keeps up to 5000 characters (form line breaks counted as one) and refuses more with a clear message', async () => {
    const owner = await signedInMember(t);
    const p = await newPlugin(owner, 'Changelog Limits');
    const atLimit = 'a'.repeat(PLUGIN_CHANGELOG_MAX - 2) + '\r\nb';
    const ok = await uploadSource(t, owner, p.id, { versionString: '1.0', changelog: atLimit });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.ctx.db
      .select({ changelog: submissions.changelog })
      .from(submissions)
      .where(eq(submissions.id, ok.json().submission.submissionId));
    expect(row!.changelog).toBe('a'.repeat(PLUGIN_CHANGELOG_MAX - 2) + '\nb');

    for (const changelog of ['x'.repeat(PLUGIN_CHANGELOG_MAX + 1), '€'.repeat(PLUGIN_CHANGELOG_MAX * 2)]) {
      const before = await t.ctx.db.select().from(submissions).where(eq(submissions.pluginId, p.id));
      const res = await uploadSource(t, owner, p.id, { versionString: '1.1', changelog });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PLUGIN_MESSAGES.changelogTooLong);
      expect(res.json().message).toBe('Changelog cannot exceed 5000 characters');
      // Nothing half-written: no new submission.
      const after = await t.ctx.db.select().from(submissions).where(eq(submissions.pluginId, p.id));
      expect(after).toHaveLength(before.length);
    }
  });

  it('refuses another text field cut at its limit by name, with a code a translation can use', async () => {
    const owner = await signedInMember(t);
    const p = await newPlugin(owner, 'Long Field');
    const res = await uploadSource(t, owner, p.id, { versionString: 'v'.repeat(PLUGIN_CHANGELOG_MAX * 4 + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'versionString is too long',
      code: 'plugin.fieldTooLong',
      params: { field: 'versionString' },
    });
    expect(await t.ctx.db.select().from(submissions).where(eq(submissions.pluginId, p.id))).toHaveLength(0);
  });

  it('the moderator reviewing the upload reads its changelog as written', async () => {
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const p = await newPlugin(owner, 'Reviewed Changelog');
    const up = await uploadSource(t, owner, p.id, { versionString: '1.0', changelog: '- Fixed <b>boost</b>' });
    const review = await get(`/api/moderation/plugins/${up.json().submission.submissionId}`, mod.auth);
    expect(review.statusCode).toBe(200);
    expect(review.json().changelog).toBe('- Fixed <b>boost</b>');
  });

  it('an empty or blank changelog is stored as none', async () => {
    const owner = await signedInMember(t);
    const p = await newPlugin(owner, 'Blank Changelog');
    const res = await uploadSource(t, owner, p.id, { versionString: '1.0', changelog: '  \r\n ' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.db
      .select({ changelog: submissions.changelog })
      .from(submissions)
      .where(eq(submissions.id, res.json().submission.submissionId));
    expect(row!.changelog).toBeNull();
  });
});

describe('GET /api/plugins/{id}/versions', () => {
  it('published versions only, newest first, each with its rendered changelog and publication time', async () => {
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const p = await newPlugin(owner, 'Versioned Changelogs');
    const first = await publishVersion(t, owner, mod, p.id, {
      versionString: '1.0.0',
      changelog: '## First\n\n- **bold** start\n\n<script>alert(1)</script>\n\n[x](javascript:alert(2))',
      approvalNote: 'PRIVATE-NOTE-ONE',
    });
    const second = await publishVersion(t, owner, mod, p.id, {
      versionString: '1.1.0',
      changelog: 'Fixed `crash` & <b>more</b>',
      approvalNote: 'PRIVATE-NOTE-TWO',
    });
    const third = await publishVersion(t, owner, mod, p.id, { versionString: '1.2.0' });
    // A pending upload is no version yet.
    const pending = await uploadSource(t, owner, p.id, { versionString: '2.0.0', changelog: 'Not out yet' });
    expect(pending.statusCode).toBe(201);

    const res = await get(`/api/plugins/${p.id}/versions`);
    expect(res.statusCode).toBe(200);
    const versions = res.json<PluginVersion[]>();
    expect(versions.map((v) => v.id)).toEqual([third, second, first]);
    expect(versions.map((v) => v.versionString)).toEqual(['1.2.0', '1.1.0', '1.0.0']);
    for (const v of versions) {
      expect(v.submissionId).toBe(v.id);
      expect(v.publishedAt).toBe(v.approvedAt);
      expect(Number.isNaN(Date.parse(v.publishedAt))).toBe(false);
    }
    expect(Date.parse(versions[0]!.publishedAt)).toBeGreaterThanOrEqual(Date.parse(versions[2]!.publishedAt));
    const [v3, v2, v1] = versions;
    expect(v3!.changelogHtml).toBe('');
    expect(v2!.changelogHtml).toContain('<code>crash</code>');
    expect(v2!.changelogHtml).toContain('&amp;');
    expect(v2!.changelogHtml).not.toContain('<b>');
    expect(v1!.changelogHtml).toContain('<h2>First</h2>');
    expect(v1!.changelogHtml).toContain('<strong>bold</strong>');
    expect(v1!.changelogHtml).not.toMatch(/<script/i);
    expect(v1!.changelogHtml).not.toMatch(/href="javascript/i);
    expect(v1!.changelogHtml).toContain('&lt;script&gt;');
    // The moderator's note stays private.
    expect(res.body).not.toContain('PRIVATE-NOTE');
    expect((await get(`/api/plugins/${p.id}`)).body).not.toContain('PRIVATE-NOTE');
    expect(res.body).not.toContain('Not out yet');
  });

  it('404 for a hidden plugin, as for an unknown one', async () => {
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const p = await newPlugin(owner, 'Hidden Versions');
    await publishVersion(t, owner, mod, p.id, { versionString: '1.0', changelog: 'Hidden text' });
    expect((await get(`/api/plugins/${p.id}/versions`)).statusCode).toBe(200);
    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/reported/${p.id}/hide-plugin`,
      headers: mod.auth,
    });
    expect(hide.statusCode).toBe(204);
    expect((await get(`/api/plugins/${p.id}/versions`)).statusCode).toBe(404);
    expect((await get('/api/plugins/2147483000/versions')).statusCode).toBe(404);
  });
});

describe('versionChangelog (for other modules)', () => {
  it('answers an approved version changelog as markdown and HTML, null for one not approved', async () => {
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const p = await newPlugin(owner, 'Quoted Changelog');
    const id = await publishVersion(t, owner, mod, p.id, {
      versionString: '3.0',
      changelog: '*Faster* loading',
      approvalNote: 'not for them',
    });
    const quoted = await versionChangelog(t.ctx, id);
    expect(quoted).toEqual({
      pluginId: p.id,
      versionString: '3.0',
      markdown: '*Faster* loading',
      html: '<p><em>Faster</em> loading</p>\n',
    });
    const up = await uploadSource(t, owner, p.id, { versionString: '3.1', changelog: 'Soon' });
    expect(await versionChangelog(t.ctx, up.json().submission.submissionId)).toBeNull();
    await approve(t, mod, up.json().submission.submissionId);
    expect((await versionChangelog(t.ctx, up.json().submission.submissionId))?.markdown).toBe('Soon');
  });
});
