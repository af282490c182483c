import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES as M, type AdminMembersResponse } from '@bm/core';
import { members } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';

/** The administrator's member list: search, staff roles, disabling and enabling accounts. */

let t: TestApp;
let admin: Member;
let moderator: Member;
let member: Member;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInMember(t, ['administrator']);
  moderator = await signedInMember(t, ['moderator']);
  member = await signedInMember(t);
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, rememberMe: false } });

describe('members', () => {
  it('searches by username or email without regard to case, paged', async () => {
    const byName = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members?search=${member.username.toUpperCase()}`,
      headers: moderator.auth,
    });
    const found = byName.json<AdminMembersResponse>();
    expect(found.totalCount).toBe(1);
    expect(found.items[0]).toMatchObject({
      id: member.id,
      username: member.username,
      email: member.email,
      roles: [],
      emailVerified: true,
      disabled: false,
    });

    const byEmail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members?search=${encodeURIComponent(admin.email)}`,
      headers: admin.auth,
    });
    expect(byEmail.json<AdminMembersResponse>().items[0]).toMatchObject({ id: admin.id, roles: ['administrator'] });

    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/admin/members?pageSize=2&page=1',
      headers: admin.auth,
    });
    expect(paged.json<AdminMembersResponse>()).toMatchObject({ page: 1, pageSize: 2 });
    expect(paged.json<AdminMembersResponse>().items).toHaveLength(2);
    expect(paged.json<AdminMembersResponse>().totalCount).toBeGreaterThanOrEqual(3);

    const wildcard = await t.app.inject({ method: 'GET', url: '/api/admin/members?search=%25', headers: admin.auth });
    expect(wildcard.json<AdminMembersResponse>().totalCount).toBe(0);
  });

  it("grants and revokes staff roles, which show in the member's next token", async () => {
    const target = await signedInMember(t);
    const grant = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${target.id}/roles/moderator`,
      headers: admin.auth,
    });
    expect(grant.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${target.id}/roles/moderator`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(204);
    const roles = await t.app.inject({ method: 'GET', url: '/api/roles/my', headers: target.auth });
    expect(roles.json()).toEqual(['moderator']);

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/members/${target.id}/roles/moderator`,
      headers: admin.auth,
    });
    expect(revoke.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/roles/my', headers: target.auth })).json()).toEqual([]);

    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/members/999999/roles/moderator',
      headers: admin.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('does not let an administrator remove their own administrator role or disable themselves', async () => {
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/members/${admin.id}/roles/administrator`,
      headers: admin.auth,
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: M.cannotRemoveOwnAdmin });
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${admin.id}/disable`,
      headers: admin.auth,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: M.cannotDisableSelf });
    expect((await t.app.inject({ method: 'GET', url: '/api/roles/my', headers: admin.auth })).json()).toEqual([
      'administrator',
    ]);
  });
});

describe('disabling members', () => {
  it('disabling an account stops its sign-in and its existing tokens; enabling lets it back in', async () => {
    const target = await signedInMember(t);
    const second = (await login(target.username, target.password)).json<{ token: string }>().token;

    const off = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${target.id}/disable`,
      headers: admin.auth,
    });
    expect(off.statusCode).toBe(204);
    const [row] = await t.ctx.db
      .select({ disabledAt: members.disabledAt })
      .from(members)
      .where(eq(members.id, target.id));
    expect(row!.disabledAt).not.toBeNull();

    for (const token of [target.token, second]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(401);
      const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { token } });
      expect(refresh.statusCode).toBe(401);
    }
    const refused = await login(target.username, target.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'This account has been disabled.' });
    const wrongPassword = await login(target.username, 'not-the-password');
    expect(wrongPassword.statusCode).toBe(401);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members?search=${target.username}`,
      headers: admin.auth,
    });
    expect(listed.json<AdminMembersResponse>().items[0]!.disabled).toBe(true);

    const on = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${target.id}/enable`,
      headers: admin.auth,
    });
    expect(on.statusCode).toBe(204);
    const back = await login(target.username, target.password);
    expect(back.statusCode).toBe(200);
    // Sessions revoked while disabled stay revoked.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: target.auth })).statusCode).toBe(401);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/members/999999/disable',
      headers: admin.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
