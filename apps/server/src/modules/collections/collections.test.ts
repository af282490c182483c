import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES as M,
  type CollectionDetail,
  type CollectionsPage,
  type FollowingResponse,
  type MemberCollections,
} from '@bm/core';
import { cars, collectionFollows, collectionItems, collections, members, plugins } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { carsApi } from '../cars/test-support.js';
import { livePlugin, type Member } from '../follows/test-support.js';

let t: TestApp;
let owner: Member;
let visitor: Member;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInMember(t);
  visitor = await signedInMember(t);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: Member | null, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who?.auth, payload });
const create = async (who: Member, body: object = {}) => {
  const res = await call('POST', '/collections', who, { name: 'My picks', visibility: 'public', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CollectionDetail>();
};
const add = (who: Member, id: number, kind: 'plugin' | 'car', itemId: number, note?: string) =>
  call('POST', `/collections/${id}/items`, who, { kind, id: itemId, note });
const order = (d: CollectionDetail) => d.items.map((i) => `${i.kind}:${i.id}`);

describe('a collection of plugins and cars', () => {
  it('is built, reordered and shown to a visitor with its item cards, the order kept in the database', async () => {
    const [a, b] = [await livePlugin(t, owner, 'Collected Alpha'), await livePlugin(t, visitor, 'Collected Beta')];
    const carId = await carsApi(t).create(owner.auth, { name: 'Collected Car' });
    const col = await create(owner, { description: 'My **favourite** things' });
    expect(col).toMatchObject({ name: 'My picks', visibility: 'public', isOwner: true, items: [], itemCount: 0 });
    expect(col.descriptionHtml).toContain('<strong>favourite</strong>');

    expect((await add(owner, col.id, 'plugin', a.id, 'Start here')).statusCode).toBe(201);
    expect((await add(owner, col.id, 'plugin', b.id)).statusCode).toBe(201);
    const added = await add(owner, col.id, 'car', carId);
    expect(order(added.json<CollectionDetail>())).toEqual([`plugin:${a.id}`, `plugin:${b.id}`, `car:${carId}`]);

    const reordered = await call('PUT', `/collections/${col.id}/order`, owner, {
      items: [
        { kind: 'car', id: carId },
        { kind: 'plugin', id: a.id },
        { kind: 'plugin', id: b.id },
      ],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const rows = await t.ctx.db
      .select({ itemId: collectionItems.itemId, position: collectionItems.position })
      .from(collectionItems)
      .where(eq(collectionItems.collectionId, col.id))
      .orderBy(collectionItems.position);
    expect(rows.map((r) => r.itemId)).toEqual([carId, a.id, b.id]);

    for (const who of [null, visitor]) {
      const seen = (await call('GET', `/collections/${col.id}`, who)).json<CollectionDetail>();
      expect(seen).toMatchObject({ isOwner: false, itemCount: 3, owner: { id: owner.id } });
      expect(order(seen)).toEqual([`car:${carId}`, `plugin:${a.id}`, `plugin:${b.id}`]);
      expect(seen.items[0]!.car).toMatchObject({ id: carId, name: 'Collected Car' });
      expect(seen.items[1]).toMatchObject({ note: 'Start here', available: true, plugin: { name: 'Collected Alpha' } });
    }
    const removed = await call('DELETE', `/collections/${col.id}/items/plugin/${a.id}`, owner);
    expect(order(removed.json<CollectionDetail>())).toEqual([`car:${carId}`, `plugin:${b.id}`]);
    expect((await call('DELETE', `/collections/${col.id}/items/plugin/${a.id}`, owner)).json()).toMatchObject({
      message: M.itemNotInCollection,
    });
  });

  it('is changed and deleted by its owner: PUT takes the new fields, DELETE takes it and its items and follows', async () => {
    const p = await livePlugin(t, owner, 'Kept Plugin');
    const col = await create(owner, { name: 'Old name', description: 'Old words' });
    expect((await add(owner, col.id, 'plugin', p.id)).statusCode).toBe(201);
    expect((await call('PUT', `/collections/${col.id}/follow`, visitor)).statusCode).toBe(200);

    const put = await call('PUT', `/collections/${col.id}`, owner, {
      name: 'New name',
      description: 'Now *private*',
      visibility: 'private',
    });
    expect(put.statusCode, put.body).toBe(200);
    const changed = put.json<CollectionDetail>();
    expect(changed).toMatchObject({ id: col.id, name: 'New name', visibility: 'private', isOwner: true, itemCount: 1 });
    expect(changed.descriptionHtml).toContain('<em>private</em>');
    expect(order(changed)).toEqual([`plugin:${p.id}`]);
    const [row] = await t.ctx.db.select().from(collections).where(eq(collections.id, col.id));
    expect(row).toMatchObject({ name: 'New name', description: 'Now *private*', visibility: 'private' });
    expect(new Date(row!.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(col.updatedAt).getTime());
    expect((await call('GET', `/collections/${col.id}`, visitor)).statusCode).toBe(404);
    expect((await call('GET', `/collections/${col.id}`, owner)).json()).toMatchObject({ name: 'New name' });

    expect((await call('DELETE', `/collections/${col.id}`, owner)).statusCode).toBe(204);
    expect((await call('GET', `/collections/${col.id}`, owner)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(collections).where(eq(collections.id, col.id))).toEqual([]);
    expect(await t.ctx.db.select().from(collectionItems).where(eq(collectionItems.collectionId, col.id))).toEqual([]);
    expect(await t.ctx.db.select().from(collectionFollows).where(eq(collectionFollows.collectionId, col.id))).toEqual(
      [],
    );
    const mine = (await call('GET', `/members/${owner.username}/collections`, owner)).json<MemberCollections>();
    expect(mine.items.map((c) => c.id)).not.toContain(col.id);
    expect((await call('DELETE', `/collections/${col.id}`, owner)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/collections/${col.id}`, owner, { name: 'Gone', visibility: 'public' })).statusCode,
    ).toBe(404);
  });

  it('answers clear errors: bad input 400, duplicates and limits 409, other people 403, a bad order 400', async () => {
    const p = await livePlugin(t, owner, 'Dup Plugin');
    const col = await create(owner);
    const bad = [
      [{ name: 'ab', visibility: 'public' }, M.nameShort],
      [{ name: 'x'.repeat(81), visibility: 'public' }, M.nameLong],
      [{ name: 'Fine name', visibility: 'secret' }, M.visibilityInvalid],
      [{ name: 'Fine name', visibility: 'public', description: 'd'.repeat(1001) }, M.descriptionLong],
    ] as const;
    for (const [body, message] of bad) {
      const res = await call('POST', '/collections', owner, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await call('POST', '/collections', null, { name: 'Anon', visibility: 'public' })).statusCode).toBe(401);
    expect((await add(owner, col.id, 'plugin', p.id, 'n'.repeat(201))).body).toContain(M.noteLong);
    expect((await add(owner, col.id, 'plugin', p.id)).statusCode).toBe(201);
    const dup = await add(owner, col.id, 'plugin', p.id);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: M.duplicateItem });
    expect((await add(owner, col.id, 'plugin', 999_999)).statusCode).toBe(404);
    expect((await add(visitor, col.id, 'plugin', p.id)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/collections/${col.id}`, visitor, { name: 'Mine now', visibility: 'public' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/collections/${col.id}`, visitor)).statusCode).toBe(403);
    const mismatch = await call('PUT', `/collections/${col.id}/order`, owner, { items: [] });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ message: M.orderMismatch });

    // The item limit: the collection is filled to the brim directly, then one more is refused.
    const full = await create(owner, { name: 'Full one' });
    await t.ctx.db.insert(collectionItems).values(
      Array.from({ length: COLLECTION_LIMITS.items }, (_, i) => ({
        collectionId: full.id,
        kind: 'plugin',
        itemId: 1_000_000 + i,
        position: i,
      })),
    );
    const over = await add(owner, full.id, 'plugin', p.id);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: M.tooManyItems });
  });

  it('holds at most 100 collections per member', async () => {
    const busy = await signedInMember(t);
    await t.ctx.db.insert(collections).values(
      Array.from({ length: COLLECTION_LIMITS.perMember }, (_, i) => ({
        memberId: busy.id,
        name: `Bulk ${i}`,
        visibility: 'private',
      })),
    );
    const res = await call('POST', '/collections', busy, { name: 'One too many', visibility: 'public' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: M.tooManyCollections });
  });
});

describe('who sees what', () => {
  it('private to the owner, unlisted to anyone with the link, public in lists; items under their own rules', async () => {
    const p = await livePlugin(t, owner, 'Soon Hidden');
    const carId = await carsApi(t).create(owner.auth, { name: 'Soon Private Car' });
    const priv = await create(owner, { name: 'Secret stash', visibility: 'private' });
    const unlisted = await create(owner, { name: 'Link only', visibility: 'unlisted' });
    const pub = await create(owner, { name: 'Everyone sees' });
    for (const c of [priv, unlisted, pub]) {
      await add(owner, c.id, 'plugin', p.id);
      await add(owner, c.id, 'car', carId);
    }
    expect((await call('GET', `/collections/${priv.id}`, visitor)).statusCode).toBe(404);
    expect((await call('GET', `/collections/${priv.id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/collections/${priv.id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/collections/${unlisted.id}`, null)).statusCode).toBe(200);
    expect((await call('PUT', `/collections/${priv.id}/follow`, visitor)).statusCode).toBe(404);

    const theirs = (await call('GET', `/members/${owner.username}/collections`, visitor)).json<MemberCollections>();
    expect(theirs.items.map((c) => c.id)).toContain(pub.id);
    expect(theirs.items.map((c) => c.id)).not.toContain(unlisted.id);
    expect(theirs.items.map((c) => c.id)).not.toContain(priv.id);
    const mine = (
      await call('GET', `/members/${owner.username}/collections?kind=plugin&itemId=${p.id}`, owner)
    ).json<MemberCollections>();
    expect(mine.items.filter((c) => [priv.id, unlisted.id, pub.id].includes(c.id))).toHaveLength(3);
    expect(mine.items.find((c) => c.id === pub.id)?.containsItem).toBe(true);

    const list = (await call('GET', '/collections?sort=new&pageSize=60', null)).json<CollectionsPage>();
    expect(list.items.map((c) => c.id)).toContain(pub.id);
    expect(list.items.map((c) => c.id)).not.toContain(unlisted.id);

    // The plugin is hidden by a moderator and the car made private: others no longer see them, the owner sees them marked.
    await t.ctx.db.update(plugins).set({ isActive: false }).where(eq(plugins.id, p.id));
    await t.ctx.db.update(cars).set({ isPublic: false }).where(eq(cars.id, carId));
    const other = (await call('GET', `/collections/${pub.id}`, visitor)).json<CollectionDetail>();
    expect(other.items).toEqual([]);
    expect(other.itemCount).toBe(0);
    const staff = await signedInMember(t, ['moderator']);
    const asStaff = (await call('GET', `/collections/${pub.id}`, staff)).json<CollectionDetail>();
    expect(asStaff.items).toEqual([]); // a collection shows everyone but its owner the same
    const own = (await call('GET', `/collections/${pub.id}`, owner)).json<CollectionDetail>();
    // The owner sees both marked unavailable, with their cards (they still may see their own car and plugin).
    expect(own.itemCount).toBe(2);
    expect(own.items.map((i) => [i.kind, i.id, i.available])).toEqual([
      ['plugin', p.id, false],
      ['car', carId, false],
    ]);
    expect(own.items[0]!.plugin).toMatchObject({ id: p.id, name: 'Soon Hidden' });
    expect(own.items[1]!.car).toMatchObject({ id: carId, name: 'Soon Private Car' });

    // Someone else's plugin made private, and someone else's car whose owner is disabled: marked, with no card.
    const lender = await signedInMember(t);
    const theirPlugin = await livePlugin(t, lender, 'Lent Plugin');
    const theirCar = await carsApi(t).create(lender.auth, { name: 'Lent Car' });
    await add(owner, pub.id, 'plugin', theirPlugin.id);
    await add(owner, pub.id, 'car', theirCar);
    expect((await call('GET', `/collections/${pub.id}`, visitor)).json<CollectionDetail>().itemCount).toBe(2);
    await t.ctx.db.update(plugins).set({ isPubliclyVisible: false }).where(eq(plugins.id, theirPlugin.id));
    await t.ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, lender.id));
    expect((await call('GET', `/collections/${pub.id}`, visitor)).json<CollectionDetail>()).toMatchObject({
      items: [],
      itemCount: 0,
    });
    const marked = (await call('GET', `/collections/${pub.id}`, owner)).json<CollectionDetail>();
    expect(marked.items.slice(2)).toMatchObject([
      { kind: 'plugin', id: theirPlugin.id, available: false, plugin: null, car: null },
      { kind: 'car', id: theirCar, available: false, plugin: null, car: null },
    ]);
    // Made public again: available to everyone once more.
    await t.ctx.db.update(plugins).set({ isActive: true }).where(eq(plugins.id, p.id));
    const back = (await call('GET', `/collections/${pub.id}`, visitor)).json<CollectionDetail>();
    expect(back.items).toMatchObject([{ kind: 'plugin', id: p.id, available: true, plugin: { name: 'Soon Hidden' } }]);

    // Deleted: the owner sees it marked unavailable, and can still reorder and remove it.
    await t.ctx.db.delete(plugins).where(eq(plugins.id, p.id));
    const after = (await call('GET', `/collections/${pub.id}`, owner)).json<CollectionDetail>();
    expect(after.items.find((i) => i.kind === 'plugin')).toMatchObject({ id: p.id, available: false, plugin: null });
    expect((await call('DELETE', `/collections/${pub.id}/items/plugin/${p.id}`, owner)).statusCode).toBe(200);
  });

  it("hides a disabled member's collections and removes a deleted member's", async () => {
    const gone = await signedInMember(t);
    const c = await create(gone, { name: 'Soon gone' });
    await t.ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, gone.id));
    expect((await call('GET', `/collections/${c.id}`, null)).statusCode).toBe(404);
    await t.ctx.db.delete(members).where(eq(members.id, gone.id));
    expect(await t.ctx.db.select().from(collections).where(eq(collections.id, c.id))).toEqual([]);
  });
});

describe('following a collection', () => {
  it('is idempotent, listed in /me/following, popular by followers, and tells followers of a new item in a batch job', async () => {
    const col = await create(owner, { name: 'Followed picks' });
    expect((await call('PUT', `/collections/${col.id}/follow`, owner)).json()).toMatchObject({
      message: M.ownCollection,
    });
    for (let i = 0; i < 2; i++)
      expect((await call('PUT', `/collections/${col.id}/follow`, visitor)).json()).toEqual({
        isFollowing: true,
        followerCount: 1,
      });
    const following = (await call('GET', '/me/following', visitor)).json<FollowingResponse>();
    expect(following.collections?.map((c) => c.id)).toEqual([col.id]);
    const popular = (await call('GET', '/collections?sort=popular', null)).json<CollectionsPage>();
    expect(popular.items[0]?.id).toBe(col.id);

    const p = await livePlugin(t, owner, 'Newly Collected');
    await add(owner, col.id, 'plugin', p.id);
    await t.ctx.jobs.runDue();
    const notices = await t.ctx.db.query.mailMessages.findMany({
      where: (m, { eq: is }) => is(m.memberId, visitor.id),
    });
    expect(notices.map((n) => n.subject)).toContain('Followed picks has a new plugin: Newly Collected');

    expect((await call('DELETE', `/collections/${col.id}/follow`, visitor)).json()).toEqual({
      isFollowing: false,
      followerCount: 0,
    });
  });
});
