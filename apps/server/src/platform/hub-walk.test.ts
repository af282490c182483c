import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { HUB_PATH } from './hub.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../test/harness.js';
import { sessions } from '../db/schema.js';
import { createPlugin, multipart, publishedPlugin } from '../modules/plugins/test-support.js';
import { demoSourceZip } from '../modules/plugins/seed.js';

/**
 * The hostile walk of issue 31: members of every kind follow every plugin, in every visibility
 * state, over real sockets, while access changes over HTTP. After each step, every event a socket
 * received is asked for again over HTTP by the same viewer (its HTTP twin): it must answer 2xx.
 * A JoinPlugin answer must equal the twin's too. Any of the hub's re-checks removed (the JoinPlugin
 * check, recheckPlugin, endSessions, recheckSessions) lets a refused viewer receive something.
 */
let t: TestApp;
let base: string;
type Auth = Record<string, string>;

interface Watcher {
  who: string;
  auth: Auth;
  socket: Socket;
  got: Array<{ event: string; data: unknown }>;
}
const watchers: Watcher[] = [];
const failures: string[] = [];
/** How many events of each kind reached a socket and were checked: the walk must not be empty. */
const delivered = new Map<string, number>();

const ROOMY = { ip: { points: 100_000, durationS: 60 }, account: { points: 100_000, durationS: 60 } };
beforeAll(async () => {
  t = await startTestApp({ limits: { comment: ROOMY } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const w of watchers) w.socket.disconnect();
  await t.close();
});

const BARRIER = 'WalkBarrier';
const get = (url: string, auth: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
const ok = (status: number) => status >= 200 && status < 300;

/** The GET that must answer 2xx to whoever received the event; unknown events fail the walk. */
function twinOf(event: string, data: unknown): string | null {
  const d = data as { pluginId?: number; id?: number; event?: string; data?: { id?: number } };
  if (event.startsWith('plugin:comment')) return `/api/plugins/${d.pluginId}/comments`;
  if (event === 'MailEvent') return `/api/mail/${d.data?.id}`;
  if (event === 'SubmissionUpdated') return `/api/plugins/my/${d.pluginId}/submissions`;
  if (event === 'ServerDeployed') return '/api/version';
  return null;
}

/** Opens a socket as the browser would with this token (none: anonymous) and follows every plugin it may. */
async function watch(who: string, token: string | undefined, pluginIds: number[]): Promise<Watcher> {
  const socket = connect(base, {
    path: HUB_PATH,
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  const w: Watcher = { who, auth: token ? { authorization: `Bearer ${token}` } : {}, socket, got: [] };
  socket.onAny((event: string, data: unknown) => {
    if (event !== BARRIER) w.got.push({ event, data });
  });
  watchers.push(w);
  await follow(w, pluginIds);
  return w;
}

/** JoinPlugin must answer what the HTTP twin (the plugin's comments) answers to the same viewer. */
async function follow(w: Watcher, pluginIds: number[]) {
  for (const id of pluginIds) {
    const joined = (await w.socket.emitWithAck('JoinPlugin', id)) as boolean;
    const twin = ok((await get(`/api/plugins/${id}/comments`, w.auth)).statusCode);
    if (joined !== twin) failures.push(`${w.who}: JoinPlugin(${id}) answered ${joined}, its HTTP twin ${twin}`);
  }
}

/** Every connected socket has received everything sent before this. */
async function barrier() {
  await t.ctx.hub.settled();
  const live = watchers.filter((w) => w.socket.connected);
  const all = Promise.all(live.map((w) => new Promise((resolve) => w.socket.once(BARRIER, resolve))));
  t.ctx.hub.toAll(BARRIER, {});
  await all;
}

/** Asks every event received since the last step again over HTTP, as the socket's viewer. */
async function check(step: string) {
  await barrier();
  const answers = new Map<string, Promise<number>>();
  for (const w of watchers) {
    for (const { event, data } of w.got) {
      delivered.set(event, (delivered.get(event) ?? 0) + 1);
      const url = twinOf(event, data);
      if (url === null) {
        failures.push(`${step}: ${w.who} received ${event}, which has no HTTP twin in this walk`);
        continue;
      }
      // One ask per viewer and address (MailEvent's twin opens the message, which sends MailRead).
      const key = `${w.auth.authorization ?? ''} ${url}`;
      if (!answers.has(key))
        answers.set(
          key,
          get(url, w.auth).then((res) => res.statusCode),
        );
      const status = await answers.get(key)!;
      if (!ok(status)) failures.push(`${step}: ${w.who} received ${event} but GET ${url} answers ${status}`);
    }
  }
  // Opening a message (the twin of MailEvent) sends MailRead: it is let through before the next step.
  await barrier();
  for (const w of watchers) w.got = [];
}

const as = (m: Member) => m.auth;
async function act(method: 'POST' | 'PUT' | 'DELETE', url: string, by: Member, payload?: object) {
  const res = await t.app.inject({ method, url, headers: as(by), payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

/** The members of the walk and their plugins, one in every visibility state and some that will change. */
async function cast() {
  const admin = await signedInMember(t, ['administrator']);
  const mod = await signedInMember(t, ['moderator']);
  const owner = await signedInMember(t);
  const other = await signedInMember(t);
  const late = await signedInMember(t);
  const gone = await signedInMember(t);
  const goneLater = await signedInMember(t);
  const visibility = (id: number, isPubliclyVisible: boolean, isListed: boolean) =>
    act('PUT', `/api/plugins/${id}/visibility`, owner, { isPubliclyVisible, isListed });
  const publish = (m: Member, name: string) => publishedPlugin(t, m, { name, shortDescription: 'x', description: '' });

  // Every visibility state, and plugins that will change state during the walk.
  const p = {
    open: await publish(owner, 'Walk Public'),
    unlisted: await publish(owner, 'Walk Unlisted'),
    private: await publish(owner, 'Walk Private'),
    draft: await createPlugin(t, owner, { name: 'Walk Draft', shortDescription: 'x', description: '' }),
    hidden: await publish(owner, 'Walk Hidden'),
    ofDisabled: await publish(gone, 'Walk Of Disabled'),
    deleted: await publish(owner, 'Walk Deleted'),
    toPrivate: await publish(owner, 'Walk To Private'),
    toUnlisted: await publish(owner, 'Walk To Unlisted'),
    toHidden: await publish(owner, 'Walk To Hidden'),
    toDeleted: await publish(owner, 'Walk To Deleted'),
    toDisabled: await publish(goneLater, 'Walk To Disabled'),
    ofOther: await publish(other, 'Walk Of Other'),
    ofMod: await publish(mod, 'Walk Of Mod'),
    ofLate: await publish(late, 'Walk Of Late'),
  };
  const owners = new Map<number, Member>(Object.values(p).map((x) => [x.id, owner]));
  for (const [x, m] of [
    [p.ofDisabled, gone],
    [p.toDisabled, goneLater],
    [p.ofOther, other],
    [p.ofMod, mod],
    [p.ofLate, late],
  ] as const)
    owners.set(x.id, m);
  const ids = Object.values(p).map((x) => x.id);
  await visibility(p.unlisted.id, true, false);
  await visibility(p.private.id, false, false);
  await act('POST', `/api/moderation/reported/${p.hidden.id}/hide-plugin`, mod);
  await act('POST', `/api/admin/members/${gone.id}/disable`, admin);
  await act('DELETE', `/api/plugins/${p.deleted.id}`, owner);
  const m = { admin, mod, owner, other, late, gone, goneLater };
  return { m, p, owners, ids, visibility };
}

describe('the hostile walk: no socket receives what its HTTP twin would be refused', () => {
  it('holds through comments, mail, submissions, visibility changes, hides, deletions, logout, role revokes, disabled accounts and expired sessions', async () => {
    const { m, p, owners, ids, visibility } = await cast();
    const { admin, mod, owner, other, late, gone, goneLater } = m;

    const tokens: Record<string, string | undefined> = {
      anonymous: undefined,
      admin: admin.token,
      mod: mod.token,
      owner: owner.token,
      other: other.token,
      late: late.token,
      gone: gone.token,
      goneLater: goneLater.token,
    };
    for (const [who, token] of Object.entries(tokens)) await watch(who, token, ids);

    /** Comments everywhere it is allowed, by the owner and a stranger (who notifies the owner), then edits, votes, deletes. */
    async function busy(step: string) {
      for (const id of ids) {
        // An administrator comments where the owner may have lost their session, so that mail still flows to them.
        const by3 = owners.get(id) === owner ? [] : [admin];
        for (const by of [owners.get(id)!, other, ...by3]) {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/plugins/${id}/comments`,
            headers: as(by),
            payload: { body: `${step} by ${by.username}` },
          });
          if (res.statusCode !== 201) continue;
          const c = res.json<{ id: number }>().id;
          await t.app.inject({
            method: 'POST',
            url: `/api/plugins/comments/${c}/vote`,
            headers: as(admin),
            payload: { voteType: 'U' },
          });
          await t.app.inject({
            method: 'PUT',
            url: `/api/plugins/comments/${c}`,
            headers: as(by),
            payload: { body: `${step} edited` },
          });
          await t.app.inject({ method: 'DELETE', url: `/api/plugins/comments/${c}`, headers: as(by) });
        }
      }
      await check(step);
    }
    /** Sockets the server ended reconnect as the browser does, with the token it still holds, and follow again. */
    async function reconnect() {
      for (const w of [...watchers]) {
        if (w.socket.connected) continue;
        watchers.splice(watchers.indexOf(w), 1);
        await watch(w.who, tokens[w.who], ids);
      }
    }

    await busy('start');
    const source = multipart(await demoSourceZip('WalkSource'), 'walk.zip', { versionString: '2.0.0' });
    await t.app.inject({
      method: 'POST',
      url: `/api/plugins/${p.open.id}/files/source`,
      headers: { ...as(owner), ...source.headers },
      payload: source.payload,
    });
    await check('source uploaded');

    // The plugins change: each socket that may no longer see one must stop hearing about it.
    await visibility(p.toPrivate.id, false, false);
    await visibility(p.toUnlisted.id, true, false);
    await act('POST', `/api/moderation/reported/${p.toHidden.id}/hide-plugin`, mod);
    await act('DELETE', `/api/plugins/${p.toDeleted.id}`, owner);
    await act('POST', `/api/admin/members/${goneLater.id}/disable`, admin);
    await busy('plugins changed');
    await reconnect();
    await busy('reconnected after a disabled account');

    // Sessions and roles change: a logout, a revoked role, a session that expired (the minute's check).
    await act('POST', '/api/auth/logout', other);
    tokens.other = undefined;
    await act('DELETE', `/api/admin/members/${mod.id}/roles/moderator`, admin);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.memberId, late.id));
    await t.ctx.hub.recheckSessions();
    await busy('sessions changed');
    await reconnect();
    await busy('reconnected after sessions changed');

    // Access comes back: a restored plugin may be followed again.
    await act('POST', `/api/moderation/reported/${p.toHidden.id}/restore-plugin`, admin);
    await visibility(p.toPrivate.id, true, true);
    await act('POST', `/api/admin/members/${goneLater.id}/enable`, admin);
    for (const w of watchers) await follow(w, [p.toHidden.id, p.toPrivate.id, p.toDisabled.id]);
    await busy('access restored');

    expect(failures).toEqual([]);
    for (const event of [
      'plugin:commentCreated',
      'plugin:commentUpdated',
      'plugin:commentDeleted',
      'plugin:commentVoted',
      'MailEvent',
      'SubmissionUpdated',
    ]) {
      expect(delivered.get(event) ?? 0, event).toBeGreaterThan(0);
    }
  }, 120_000);
});
