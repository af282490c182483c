import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorKey } from './visitor.js';
import { signedInMember, startTestApp, type TestApp } from '../../test/harness.js';
import { publishedPlugin } from '../modules/plugins/test-support.js';
import { carsApi } from '../modules/cars/test-support.js';

describe('visitorKey', () => {
  it('keys members by id and others by a keyed hash of their address alone, which holds no raw address', () => {
    expect(visitorKey('secret', 7, '10.0.0.1')).toBe('m:7');
    expect(visitorKey('secret', 7, '10.0.0.2')).toBe('m:7');
    const key = visitorKey('secret', null, '10.0.0.1');
    expect(key).toMatch(/^v:[0-9a-f]{64}$/);
    expect(key).not.toContain('10.0.0.1');
    expect(visitorKey('secret', null, '10.0.0.1')).toBe(key);
    expect(visitorKey('secret', null, '10.0.0.1', 'Another browser')).toBe(key);
    expect(visitorKey('secret', null, '10.0.0.2')).not.toBe(key);
    expect(visitorKey('another secret', null, '10.0.0.1')).not.toBe(key);
  });
});

describe('counting once per visitor, whatever the User-Agent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const AGENTS = ['Mozilla/5.0 A', 'Mozilla/5.0 B', 'curl/8.0', 'BakkesMod', ''];
  /** Sends the call once per User-Agent from one address; answers the counter the last call reports. */
  async function fromOneAddress(url: string, field: string, headers: Record<string, string> = {}) {
    let last = -1;
    for (const agent of AGENTS) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: '203.0.113.7',
        headers: { ...headers, 'user-agent': agent },
      });
      expect(res.statusCode, res.body).toBe(200);
      last = res.json<Record<string, number>>()[field]!;
    }
    return last;
  }

  it('counts a plugin view and download once for 5 User-Agents from one address', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Counted Once', shortDescription: 'x', description: '' });
    expect(await fromOneAddress(`/api/plugins/${p.id}/view`, 'viewCount')).toBe(1);
    expect(await fromOneAddress(`/api/plugins/${p.id}/download`, 'downloadCount')).toBe(1);
  });

  it('counts a car view and code copy once for 5 User-Agents from one address', async () => {
    const owner = await signedInMember(t);
    const id = await carsApi(t).create(owner.auth, { name: 'Counted Car' });
    expect(await fromOneAddress(`/api/cars/${id}/view`, 'views')).toBe(1);
    expect(await fromOneAddress(`/api/cars/${id}/copy`, 'codeCopies')).toBe(1);
  });

  it('counts a signed-in member once across addresses; another address counts anew', async () => {
    const owner = await signedInMember(t);
    const viewer = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Member Counted', shortDescription: 'x', description: '' });
    const view = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: `/api/plugins/${p.id}/view`, remoteAddress, headers });
    for (const address of ['198.51.100.1', '198.51.100.2', '2001:db8::1'])
      expect((await view(address, viewer.auth)).json<{ viewCount: number }>().viewCount).toBe(1);
    expect((await view('198.51.100.9')).json<{ viewCount: number }>().viewCount).toBe(2);
  });
});
