import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES as S, type MemberProfile, type PluginDetail } from '@bm/core';
import { membersForFile, testAppForFile, type Member } from '../../../test/harness.js';
import { publishedPlugin } from '../plugins/test-support.js';

const t = testAppForFile();
const { author } = membersForFile(t, { author: [] });

const put = (supportUrl: unknown, who: Member | null = author) =>
  t.app.inject({ method: 'PUT', url: '/api/members/me/support-link', headers: who?.auth, payload: { supportUrl } });

describe('a member’s support link', () => {
  it('takes only http(s) links to Ko-fi, Patreon, PayPal and GitHub Sponsors, with a clear 400', async () => {
    expect((await put('https://ko-fi.com/x', null)).statusCode).toBe(401);
    for (const bad of [
      'javascript:alert(1)',
      'ftp://ko-fi.com/x',
      'https://evil.example/ko-fi.com',
      'https://ko-fi.com.evil.example/x',
      'https://github.com/someone',
      'https://github.com/sponsors/',
      'https://user:pw@patreon.com/x',
      'ko-fi.com/x',
    ]) {
      const res = await put(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe(S.invalid);
    }
    const long = await put(`https://ko-fi.com/${'a'.repeat(500)}`);
    expect(long.json().message).toBe(S.tooLong);
    for (const good of [
      'https://ko-fi.com/someone',
      'https://www.patreon.com/someone',
      'https://paypal.me/someone',
      'https://www.paypal.com/donate/?hosted_button_id=X',
      'http://github.com/sponsors/someone',
    ]) {
      const res = await put(`  ${good} `);
      expect(res.statusCode, good).toBe(200);
      expect(res.json()).toEqual({ supportUrl: good });
    }
  });

  it('shows on the member’s profile and their plugins at once, and goes when emptied', async () => {
    const plugin = await publishedPlugin(t, author, {
      name: 'Supported Thing',
      shortDescription: 'x',
      description: '',
    });
    const detail = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/plugins/${plugin.id}` })).json<PluginDetail>().supportUrl;
    const profile = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/members/${author.username}` })).json<MemberProfile>().supportUrl;
    await put('https://ko-fi.com/supported');
    expect(await detail()).toBe('https://ko-fi.com/supported');
    expect(await profile()).toBe('https://ko-fi.com/supported');
    const mine = await t.app.inject({ method: 'GET', url: '/api/members/me/support-link', headers: author.auth });
    expect(mine.json()).toEqual({ supportUrl: 'https://ko-fi.com/supported' });
    expect((await put('')).json()).toEqual({ supportUrl: null });
    expect(await detail()).toBeNull();
    expect(await profile()).toBeNull();
    expect((await put(null)).json()).toEqual({ supportUrl: null });
  });
});
