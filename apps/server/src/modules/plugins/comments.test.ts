import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { COMMENT_MESSAGES as CM, type Comment } from '@bm/core';
import { members, pluginComments } from '../../db/schema.js';
import type { BotCheck } from '../../platform/bot-check.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { listenLocally, nextEvent as next, openHubSocket } from '../../../test/hub-client.js';
import { publishedPlugin } from './test-support.js';

/** A bot check that passes only the token 'human'; switched on where a test is about it (sign-in needs none). */
const botCheck: { -readonly [K in keyof BotCheck]: BotCheck[K] } = {
  enabled: false,
  verify: async (token) => token === 'human',
};

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp({
    botCheck,
    limits: { comment: { ip: { points: 1000, durationS: 60 }, account: { points: 1000, durationS: 60 } } },
  });
  base = await listenLocally(t);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Headers = {}) =>
  t.app.inject({ method, url: `/api${url}`, payload: payload as object, headers });

async function joinPlugin(pluginId: number) {
  const s = await openHubSocket(base, sockets);
  expect(await s.emitWithAck('JoinPlugin', pluginId)).toBe(true);
  return s;
}

async function setup() {
  const owner = await signedInMember(t);
  const member = await signedInMember(t);
  const plugin = await publishedPlugin(t, owner, { name: `Commented ${owner.id}` });
  const post = (body: unknown, headers: Headers = member.auth, turnstileToken: string | null = 'human') =>
    api('POST', `/plugins/${plugin.id}/comments`, { body, turnstileToken }, headers);
  return { owner, member, plugin, post };
}

describe('posting comments', () => {
  it('normalises the body, checks 5 to 500 characters after it, and needs the bot check', async () => {
    const { member, plugin, post } = await setup();
    const created = await post('  Great plugin!\r\n\r\n\r\n\r\nThanks  ');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      pluginId: plugin.id,
      body: 'Great plugin!\n\nThanks',
      member: { id: member.id, displayName: member.username, avatarUrl: null },
      upvotes: 0,
      downvotes: 0,
      myVote: 'N',
    });

    const cases: Array<[unknown, string]> = [
      ['', CM.empty],
      ['   \n\n\n   ', CM.empty],
      [' abcd \r\n\r\n\r\n', CM.tooShort],
      ['x'.repeat(501), CM.tooLong],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors.body).toContain(message);
    }
    expect((await post('abcde')).statusCode).toBe(201);
    expect((await post(`${'x'.repeat(500)}\n\n\n\n`)).statusCode).toBe(201);

    botCheck.enabled = true;
    try {
      expect((await post('Hello there')).statusCode).toBe(201);
      const noCheck = await post('Hello there', member.auth, null);
      expect(noCheck.statusCode).toBe(400);
      expect(noCheck.json().message).toBe(CM.verification);
      const failedCheck = await post('Hello there', member.auth, 'robot');
      expect(failedCheck.json().message).toBe(CM.verificationFailed);
    } finally {
      botCheck.enabled = false;
    }

    expect((await post('Hello there', {})).statusCode).toBe(401);
    expect(
      (await api('POST', '/plugins/99999999/comments', { body: 'Hello there', turnstileToken: 'human' }, member.auth))
        .statusCode,
    ).toBe(404);
  });

  it('lists comments newest first with the caller’s own vote', async () => {
    const { owner, plugin, post } = await setup();
    const first = (await post('First comment')).json<Comment>();
    const second = (await post('Second comment')).json<Comment>();
    await api('POST', `/plugins/comments/${first.id}/vote`, { voteType: 'U' }, owner.auth);
    const anon = (await api('GET', `/plugins/${plugin.id}/comments`)).json<Comment[]>();
    expect(anon.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(anon.map((c) => c.myVote)).toEqual(['N', 'N']);
    const mine = (await api('GET', `/plugins/${plugin.id}/comments`, undefined, owner.auth)).json<Comment[]>();
    expect(mine.map((c) => c.myVote)).toEqual(['N', 'U']);
    expect(mine[1]).toMatchObject({ upvotes: 1, downvotes: 0 });
  });
});

describe('paging comments past the first 500', () => {
  it('pages newest first with before and limit, ties broken by id, and the default page is 500', async () => {
    const { plugin, member } = await setup();
    // 503 comments written directly: three share one moment, so the order needs the id as well.
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 503 }, (_, i) => ({
      pluginId: plugin.id,
      memberId: member.id,
      body: `Comment number ${i}`,
      createdAt: new Date(start + (i < 3 ? 0 : i) * 1000),
    }));
    const ids = (await t.ctx.db.insert(pluginComments).values(rows).returning({ id: pluginComments.id })).map(
      (r) => r.id,
    );
    const newestFirst = [...ids].reverse();

    const first = (await api('GET', `/plugins/${plugin.id}/comments`)).json<Comment[]>();
    expect(first).toHaveLength(500);
    expect(first.map((c) => c.id)).toEqual(newestFirst.slice(0, 500));
    const rest = (await api('GET', `/plugins/${plugin.id}/comments?before=${first.at(-1)!.id}`)).json<Comment[]>();
    expect(rest.map((c) => c.id)).toEqual(newestFirst.slice(500));

    // Small pages walk the whole list without gaps or repeats, across the tie.
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = (
        await api('GET', `/plugins/${plugin.id}/comments?limit=100${before ? `&before=${before}` : ''}`)
      ).json<Comment[]>();
      seen.push(...page.map((c) => c.id));
      if (page.length < 100) break;
      before = page.at(-1)!.id;
    }
    expect(seen).toEqual(newestFirst);
    const tail = (await api('GET', `/plugins/${plugin.id}/comments?limit=2&before=${newestFirst[500]}`)).json<
      Comment[]
    >();
    expect(tail.map((c) => c.id)).toEqual(newestFirst.slice(501, 503));
  });

  it('refuses a cursor from another plugin, an unknown one, and bad limits with clear messages', async () => {
    const a = await setup();
    const b = await setup();
    const theirs = (await b.post('A comment elsewhere')).json<Comment>();
    const cases: Array<[string, string]> = [
      [`before=${theirs.id}`, CM.pageCursorUnknown],
      ['before=99999999', CM.pageCursorUnknown],
      ['before=abc', CM.pageCursor],
      ['limit=0', CM.pageLimit],
      ['limit=501', CM.pageLimit],
      ['limit=2.5', CM.pageLimit],
    ];
    for (const [query, message] of cases) {
      const res = await api('GET', `/plugins/${a.plugin.id}/comments?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });
});

describe('editing and deleting comments', () => {
  it('lets the author edit for 15 minutes, enforced on the server', async () => {
    const { owner, member, post } = await setup();
    const c = (await post('Original text')).json<Comment>();
    const edited = await api('PUT', `/plugins/comments/${c.id}`, { body: ' Edited text\r\n' }, member.auth);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().body).toBe('Edited text');
    const empty = await api('PUT', `/plugins/comments/${c.id}`, { body: '  ' }, member.auth);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CM.empty);

    const notAuthor = await api('PUT', `/plugins/comments/${c.id}`, { body: 'Not mine to edit' }, owner.auth);
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().message).toBe(CM.notAuthor);

    await t.ctx.db
      .update(pluginComments)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(pluginComments.id, c.id));
    const late = await api('PUT', `/plugins/comments/${c.id}`, { body: 'Too late now' }, member.auth);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('Editing is blocked (15 minutes have passed)');
    expect((await api('PUT', '/plugins/comments/99999999', { body: 'Nothing here' }, member.auth)).statusCode).toBe(
      404,
    );
  });

  it('lets the author and staff delete, nobody else', async () => {
    const { owner, member, post } = await setup();
    const mod = await signedInMember(t, ['moderator']);
    const a = (await post('Delete me please')).json<Comment>();
    const b = (await post('Moderate me please')).json<Comment>();
    expect((await api('DELETE', `/plugins/comments/${a.id}`, undefined, owner.auth)).statusCode).toBe(403);
    expect((await api('DELETE', `/plugins/comments/${a.id}`)).statusCode).toBe(401);
    expect((await api('DELETE', `/plugins/comments/${a.id}`, undefined, member.auth)).statusCode).toBe(204);
    expect((await api('DELETE', `/plugins/comments/${b.id}`, undefined, mod.auth)).statusCode).toBe(204);
    expect((await api('DELETE', `/plugins/comments/${b.id}`, undefined, mod.auth)).statusCode).toBe(404);
  });
});

describe('votes', () => {
  it('keeps one vote per member: up, down or none', async () => {
    const { owner, member, post } = await setup();
    const third = await signedInMember(t);
    const c = (await post('Vote on me')).json<Comment>();
    const vote = (who: Headers, voteType: string) => api('POST', `/plugins/comments/${c.id}/vote`, { voteType }, who);
    expect((await vote(owner.auth, 'U')).json()).toEqual({ upvotes: 1, downvotes: 0, myVote: 'U' });
    expect((await vote(owner.auth, 'U')).json()).toEqual({ upvotes: 1, downvotes: 0, myVote: 'U' });
    expect((await vote(third.auth, 'D')).json()).toEqual({ upvotes: 1, downvotes: 1, myVote: 'D' });
    expect((await vote(owner.auth, 'D')).json()).toEqual({ upvotes: 0, downvotes: 2, myVote: 'D' });
    expect((await vote(owner.auth, 'N')).json()).toEqual({ upvotes: 0, downvotes: 1, myVote: 'N' });
    const bad = await vote(member.auth, 'X');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CM.voteType);
    expect((await vote({}, 'U')).statusCode).toBe(401);
  });
});

describe('live comment events', () => {
  it('sends created, updated, voted and deleted to viewers of the plugin', async () => {
    const { owner, member, plugin, post } = await setup();
    const viewer = await joinPlugin(plugin.id);
    const elsewhere = await publishedPlugin(t, owner, { name: `Elsewhere ${owner.id}` });
    const other = await joinPlugin(elsewhere.id);
    let otherGot = 0;
    other.onAny(() => otherGot++);

    // The event, the answer and the list agree on every field (the author's avatar too).
    await t.ctx.db
      .update(members)
      .set({ avatarKey: `avatars/${member.id}.png` })
      .where(eq(members.id, member.id));
    const created = next<Comment>(viewer, 'plugin:commentCreated');
    const c = (await post('Live comment')).json<Comment>();
    expect(await created).toMatchObject({
      id: c.id,
      pluginId: plugin.id,
      body: 'Live comment',
      member: { id: member.id },
      myVote: 'N',
    });
    expect(c.member.avatarUrl).toBeTruthy();
    expect(await created).toEqual(c);
    expect((await api('GET', `/plugins/${plugin.id}/comments`, undefined, member.auth)).json<Comment[]>()[0]).toEqual(
      c,
    );

    const updated = next<Comment>(viewer, 'plugin:commentUpdated');
    await api('PUT', `/plugins/comments/${c.id}`, { body: 'Live comment, edited' }, member.auth);
    expect(await updated).toMatchObject({ id: c.id, body: 'Live comment, edited' });

    const voted = next(viewer, 'plugin:commentVoted');
    await api('POST', `/plugins/comments/${c.id}/vote`, { voteType: 'U' }, owner.auth);
    expect(await voted).toEqual({ id: c.id, pluginId: plugin.id, upvotes: 1, downvotes: 0 });

    const deleted = next(viewer, 'plugin:commentDeleted');
    await api('DELETE', `/plugins/comments/${c.id}`, undefined, member.auth);
    expect(await deleted).toEqual({ id: c.id, pluginId: plugin.id });
    expect(otherGot).toBe(0);
  });
});
