import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { Plugin, PluginPage } from '@bm/core';
import { members, plugins } from '../../db/schema.js';
import { signedInMember, startPageTestApp, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { listenLocally, openHubSocket } from '../../../test/hub-client.js';
import { postAs } from '../../../test/requests.js';
import { buildSitemap } from '../pages/service.js';
import { matchSyncOf } from './caches.js';
import { isListedPlugin, isPublicPlugin, listedPluginSql, publicPluginSql } from './policy.js';
import { queryRows } from './presenter.js';
import { createPlugin, publishedPlugin } from './test-support.js';

/** Where a public plugin shows, path by path: each must be false once the plugin is hidden. */
type Reads = Record<
  | 'list'
  | 'search'
  | 'detail'
  | 'versions'
  | 'member'
  | 'sitemap'
  | 'meta'
  | 'room'
  | 'file'
  | 'manager'
  | 'siteFeed'
  | 'pluginFeed'
  | 'memberFeed',
  boolean
> & { searchTotal: number };

/** Whether the plugin's versions are in the site's feed, its own feed answers, and its owner's feed lists them. */
async function feedReads(get: (url: string) => Promise<LightMyRequestResponse>, p: Plugin, owner: Member) {
  const entryOf = `:plugins/${p.id}/versions/`;
  const memberFeed = await get(`/feeds/members/${owner.username}.atom`);
  return {
    siteFeed: (await get('/feeds/plugins.atom')).body.includes(entryOf),
    pluginFeed: (await get(`/feeds/plugins/${p.id}.atom`)).statusCode === 200,
    memberFeed: memberFeed.statusCode === 200 && memberFeed.body.includes(entryOf),
  };
}

// The rule of policy.ts on every read path, with both ways a search matches.
describe.each(['memory', 'sql'] as const)('a hidden plugin is absent from every read (%s search)', (engine) => {
  let t: TestApp;
  let base: string;
  let admin: Member;
  let moderator: Member;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startPageTestApp(undefined, { env: { SEARCH_INDEX: engine } });
    base = await listenLocally(t);
    if (engine === 'memory') await matchSyncOf(t.ctx)!.start();
    admin = await signedInMember(t, ['administrator']);
    moderator = await signedInMember(t, ['moderator']);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  const anonymousSocket = () => openHubSocket(base, sockets);

  /** What an anonymous visitor finds of plugin `p` (its word alone in the name, beside one public plugin with it). */
  async function reads(p: Plugin, owner: Member, word: string, versionId: number | null): Promise<Reads> {
    const list = (await get('/api/plugins?page=1&pageSize=100&sortBy=release')).json<PluginPage>();
    const search = (await get(`/api/plugins?search=${word}`)).json<PluginPage>();
    const member = await get(`/api/members/${owner.username}/plugins?page=1&pageSize=50`);
    const sitemap = await buildSitemap(t.ctx, 'http://localhost:3000');
    const page = await get(`/plugin/${p.id}`);
    const socket = await anonymousSocket();
    const file = versionId === null ? null : await get(`/api/plugins/${p.id}/versions/${versionId}/download`);
    const manager = (await get(`/api/v1/plugins/get/short?pluginids=${p.id}`)).json<{
      response: { plugins: Record<string, unknown> };
    }>();
    return {
      list: list.items.some((i) => i.id === p.id),
      search: search.items.some((i) => i.id === p.id),
      searchTotal: search.totalCount,
      detail: (await get(`/api/plugins/${p.id}`)).statusCode === 200,
      versions: (await get(`/api/plugins/${p.id}/versions`)).statusCode === 200,
      member: member.statusCode === 200 && member.json<PluginPage>().items.some((i) => i.id === p.id),
      sitemap: sitemap.includes(`/plugin/${p.id}<`),
      meta: page.body.includes(`<meta property="og:title" content="${p.name}" />`),
      room: (await socket.emitWithAck('JoinPlugin', p.id)) === true,
      file: file !== null && file.statusCode === 302,
      manager: String(p.id) in manager.response.plugins,
      ...(await feedReads(get, p, owner)),
    };
  }

  const everywhere: Reads = {
    list: true,
    search: true,
    searchTotal: 2,
    detail: true,
    versions: true,
    member: true,
    sitemap: true,
    meta: true,
    room: true,
    file: true,
    manager: true,
    ...{ siteFeed: true, pluginFeed: true, memberFeed: true },
  };
  // Only the other plugin with the word is found and counted.
  const nowhere: Reads = {
    ...(Object.fromEntries(Object.keys(everywhere).map((k) => [k, false])) as Omit<Reads, 'searchTotal'>),
    searchTotal: 1,
  };

  /** A published plugin named by a word of its own, and a public one of another member sharing the word. */
  async function pair(word: string) {
    const owner = await signedInMember(t);
    const other = await signedInMember(t);
    await publishedPlugin(t, other, { name: `${word} companion` });
    const p = await publishedPlugin(t, owner, { name: `${word} plugin` });
    expect(await reads(p, owner, word, p.versionId)).toEqual(everywhere);
    return { owner, p };
  }

  it('made private by its owner', async () => {
    const { owner, p } = await pair(`privat${engine}`);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/plugins/${p.id}/visibility`,
      headers: owner.auth,
      payload: { isPubliclyVisible: false, isListed: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await reads(p, owner, `privat${engine}`, p.versionId)).toEqual(nowhere);
  });

  it('hidden by a moderator', async () => {
    const { owner, p } = await pair(`hidden${engine}`);
    const res = await postAs(t.app, `/api/moderation/reported/${p.id}/hide-plugin`, moderator);
    expect(res.statusCode, res.body).toBe(204);
    expect(await reads(p, owner, `hidden${engine}`, p.versionId)).toEqual(nowhere);
  });

  it('never published', async () => {
    const owner = await signedInMember(t);
    const other = await signedInMember(t);
    await publishedPlugin(t, other, { name: `draft${engine} companion` });
    await publishedPlugin(t, other, { name: `draft${engine} second` });
    const p = await createPlugin(t, owner, { name: `draft${engine} plugin` });
    // The two public plugins with the word, not the draft.
    expect(await reads(p, owner, `draft${engine}`, null)).toEqual({ ...nowhere, searchTotal: 2 });
  });

  it('while its owner is disabled, and back when they are enabled again', async () => {
    const word = `owner${engine}`;
    const { owner, p } = await pair(word);
    const disable = await postAs(t.app, `/api/admin/members/${owner.id}/disable`, admin);
    expect(disable.statusCode, disable.body).toBe(204);
    expect(await reads(p, owner, word, p.versionId)).toEqual(nowhere);
    // Staff still open it by its address (as a hidden plugin), but lists show it to no one.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/plugins/${p.id}`, headers: moderator.auth })).statusCode,
    ).toBe(200);
    const enable = await postAs(t.app, `/api/admin/members/${owner.id}/enable`, admin);
    expect(enable.statusCode, enable.body).toBe(204);
    expect(await reads(p, owner, word, p.versionId)).toEqual(everywhere);
  });
});

describe('the access rule in TS and in SQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers alike for every combination of the flags and the owner', async () => {
    const enabled = await signedInMember(t);
    const disabled = await signedInMember(t);
    await t.ctx.db
      .update(members)
      .set({ disabledAt: new Date() })
      .where(sql`${members.id} = ${disabled.id}`);
    const flags = [true, false];
    for (const owner of [enabled, disabled])
      for (const isActive of flags)
        for (const isListed of flags)
          for (const isPubliclyVisible of flags)
            for (const publishedOnce of flags)
              await t.ctx.db.insert(plugins).values({
                memberId: owner.id,
                name: `Rule ${owner.id} ${isActive} ${isListed} ${isPubliclyVisible} ${publishedOnce}`,
                shortDescription: '',
                description: '',
                isActive,
                isListed,
                isPubliclyVisible,
                publishedOnce,
              });
    const rows = await queryRows<{
      memberId: number;
      isActive: boolean;
      isListed: boolean;
      isPubliclyVisible: boolean;
      publishedOnce: boolean;
      ownerDisabled: boolean;
      listed: boolean;
      public: boolean;
    }>(
      t.ctx.db,
      sql`select p.member_id as "memberId", p.is_active as "isActive", p.is_listed as "isListed",
        p.is_publicly_visible as "isPubliclyVisible", p.published_once as "publishedOnce",
        p.member_id = ${disabled.id} as "ownerDisabled",
        ${listedPluginSql()} as listed, ${publicPluginSql()} as public
        from plugins p where p.member_id in (${enabled.id}, ${disabled.id})`,
    );
    expect(rows).toHaveLength(32);
    for (const r of rows) {
      expect(r.listed, JSON.stringify(r)).toBe(isListedPlugin(r));
      expect(r.public, JSON.stringify(r)).toBe(isPublicPlugin(r));
    }
    expect(rows.filter((r) => r.listed)).toHaveLength(1);
    expect(rows.filter((r) => r.public)).toHaveLength(2);
  });
});
