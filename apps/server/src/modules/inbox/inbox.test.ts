import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { MailCategory, MailEvent, MailMessage, MailPage } from '@bm/core';
import { signedInMember, testAppForFile, type Member } from '../../../test/harness.js';
import { hubSocketsForFile } from '../../../test/hub-client.js';

const t = testAppForFile();
const hub = hubSocketsForFile(t);

async function notice(
  m: Member,
  subject: string,
  extra: { body?: string; kind?: 'staffMessage' | 'pluginComment' | 'featureLaunched'; from?: string } = {},
) {
  const id = await t.ctx.notifications.sendNow({
    memberId: m.id,
    kind: extra.kind ?? 'staffMessage',
    subject,
    body: extra.body ?? 'Hello',
    from: extra.from,
  });
  return id!;
}
const get = <T>(m: Member | null, url: string) =>
  t.app
    .inject({ method: 'GET', url, headers: m?.auth })
    .then((res) => ({ status: res.statusCode, body: res.statusCode === 200 ? res.json<T>() : (res.json() as T) }));
const post = (m: Member | null, url: string) =>
  t.app.inject({ method: 'POST', url, headers: m?.auth }).then((r) => r.statusCode);

const open = (token: string) => hub.open({ token });
const nextMailEvent = (s: Socket) => new Promise<MailEvent>((resolve) => s.once('MailEvent', resolve));

describe('GET /mail', () => {
  it('pages the caller’s visible messages newest first, 10 by default and at most 100', async () => {
    const m = await signedInMember(t);
    const other = await signedInMember(t);
    for (let i = 1; i <= 12; i++) await notice(m, `Message ${i}`);
    await notice(other, 'Not yours');
    const first = await get<MailPage>(m, '/api/mail');
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(12);
    expect(first.body.items).toHaveLength(10);
    expect(first.body.items[0]).toMatchObject({
      subject: 'Message 12',
      status: 'U',
      isHidden: false,
      from: 'BakkesMod Community',
      category: 'staff',
    });
    const second = await get<MailPage>(m, '/api/mail?page=2&pageSize=10');
    expect(second.body.items.map((i) => i.subject)).toEqual(['Message 2', 'Message 1']);
    const big = await get<MailPage>(m, '/api/mail?pageSize=1000');
    expect(big.body.items).toHaveLength(10);
    const five = await get<MailPage>(m, '/api/mail?pageSize=5');
    expect(five.body.items).toHaveLength(5);
  });

  it('searches subject, body and sender with the text trimmed, and filters by category', async () => {
    const m = await signedInMember(t);
    await notice(m, 'Aerial trainer approved', { kind: 'staffMessage' });
    await notice(m, 'Other', { body: 'about the AERIAL update' });
    await notice(m, 'Third', { from: 'AerialAce' });
    await notice(m, 'Unrelated', { kind: 'featureLaunched' });
    await notice(m, '100% sure', {});
    const found = await get<MailPage>(m, `/api/mail?search=${encodeURIComponent('  aerial ')}`);
    expect(found.body.items.map((i) => i.subject).sort()).toEqual(['Aerial trainer approved', 'Other', 'Third']);
    expect(found.body.totalCount).toBe(3);
    const percent = await get<MailPage>(m, `/api/mail?search=${encodeURIComponent('%')}`);
    expect(percent.body.items.map((i) => i.subject)).toEqual(['100% sure']);
    const feature = await get<MailPage>(m, '/api/mail?category=feature');
    expect(feature.body.items.map((i) => i.subject)).toEqual(['Unrelated']);
    const blank = await get<MailPage>(m, '/api/mail?search=%20%20');
    expect(blank.body.totalCount).toBe(5);
  });

  it('answers 401 to anonymous callers on every call', async () => {
    for (const url of [
      '/api/mail',
      '/api/mail/categories',
      '/api/mail/hidden',
      '/api/mail/unread-count',
      '/api/mail/1',
      '/api/mail/abc',
    ]) {
      expect((await get(null, url)).status).toBe(401);
    }
    for (const action of ['read', 'hide', 'unhide']) expect(await post(null, `/api/mail/1/${action}`)).toBe(401);
  });
});

describe('one message', () => {
  it('opening marks it O, and another member gets 404 for it on every call', async () => {
    const owner = await signedInMember(t);
    const stranger = await signedInMember(t);
    const id = await notice(owner, 'Private', { body: 'Your plugin is **live**.<img src=x onerror=alert(1)>' });
    expect((await get(stranger, `/api/mail/${id}`)).status).toBe(404);
    for (const action of ['read', 'hide', 'unhide'])
      expect(await post(stranger, `/api/mail/${id}/${action}`)).toBe(404);
    const opened = await get<MailMessage>(owner, `/api/mail/${id}`);
    expect(opened.status).toBe(200);
    // The body comes rendered: markdown as HTML, typed HTML as text.
    expect(opened.body).toMatchObject({
      id,
      subject: 'Private',
      status: 'O',
      bodyHtml: '<p>Your plugin is <strong>live</strong>.&lt;img src=x onerror=alert(1)&gt;</p>\n',
    });
    const list = await get<MailPage>(owner, '/api/mail');
    expect(list.body.items[0]!.status).toBe('O');
    // The stranger's calls changed nothing.
    const hidden = await get<MailPage>(owner, '/api/mail/hidden');
    expect(hidden.body.totalCount).toBe(0);
    expect((await get(owner, '/api/mail/999999')).status).toBe(404);
    expect((await get(owner, '/api/mail/abc')).status).toBe(400);
  });

  it('read, hide and unhide answer 204 and move the message between the lists', async () => {
    const m = await signedInMember(t);
    const id = await notice(m, 'Movable');
    await notice(m, 'Stays');
    expect(await post(m, `/api/mail/${id}/read`)).toBe(204);
    expect(await post(m, `/api/mail/${id}/hide`)).toBe(204);
    expect((await get<MailPage>(m, '/api/mail')).body.items.map((i) => i.subject)).toEqual(['Stays']);
    const hidden = await get<MailPage>(m, '/api/mail/hidden');
    expect(hidden.body.items).toMatchObject([{ id, isHidden: true, status: 'O' }]);
    expect((await get<MailPage>(m, '/api/mail/hidden?search=nothing')).body.totalCount).toBe(0);
    expect(await post(m, `/api/mail/${id}/unhide`)).toBe(204);
    expect((await get<MailPage>(m, '/api/mail/hidden')).body.totalCount).toBe(0);
    expect((await get<MailPage>(m, '/api/mail')).body.totalCount).toBe(2);
  });
});

describe('counts', () => {
  it('categories count visible messages and unread ones; unread-count leaves out hidden and read, and searches', async () => {
    const m = await signedInMember(t);
    const a = await notice(m, 'Launch one', { kind: 'featureLaunched' });
    await notice(m, 'Launch two', { kind: 'featureLaunched' });
    const c = await notice(m, 'Staff note', { kind: 'staffMessage' });
    await notice(m, 'Staff other', { kind: 'staffMessage' });
    await post(m, `/api/mail/${a}/read`);
    await post(m, `/api/mail/${c}/hide`);
    const cats = await get<MailCategory[]>(m, '/api/mail/categories');
    expect(cats.body).toEqual([
      { category: 'feature', count: 2, unread: 1 },
      { category: 'staff', count: 1, unread: 1 },
    ]);
    expect((await get<{ count: number }>(m, '/api/mail/unread-count')).body).toEqual({ count: 2 });
    expect((await get<{ count: number }>(m, '/api/mail/unread-count?search=%20launch%20')).body).toEqual({ count: 1 });
  });
});

describe('MailEvent', () => {
  it('tells the member’s open tabs of every change with the new unread count, and nobody else', async () => {
    const m = await signedInMember(t);
    const other = await signedInMember(t);
    const mine = await open(m.token);
    const theirs = await open(other.token);
    const seenByOther: unknown[] = [];
    theirs.on('MailEvent', (e) => seenByOther.push(e));

    let next = nextMailEvent(mine);
    const id = await notice(m, 'Live one');
    expect(await next).toMatchObject({
      event: 'MailReceived',
      data: { id, subject: 'Live one', status: 'U' },
      unread: 1,
    });
    next = nextMailEvent(mine);
    await notice(m, 'Live two');
    expect((await next).unread).toBe(2);

    next = nextMailEvent(mine);
    expect(await post(m, `/api/mail/${id}/read`)).toBe(204);
    expect(await next).toEqual({ event: 'MailRead', data: { id }, unread: 1 });

    next = nextMailEvent(mine);
    const two = (await get<MailPage>(m, '/api/mail')).body.items.find((i) => i.subject === 'Live two')!.id;
    expect(await post(m, `/api/mail/${two}/hide`)).toBe(204);
    expect(await next).toEqual({ event: 'MailHidden', data: { id: two }, unread: 0 });

    next = nextMailEvent(mine);
    expect(await post(m, `/api/mail/${two}/unhide`)).toBe(204);
    expect(await next).toEqual({ event: 'MailUnhidden', data: { id: two }, unread: 1 });

    next = nextMailEvent(mine);
    expect((await get(m, `/api/mail/${two}`)).status).toBe(200);
    expect(await next).toEqual({ event: 'MailRead', data: { id: two }, unread: 0 });

    await new Promise((r) => setTimeout(r, 100));
    expect(seenByOther).toEqual([]);
  });
});
