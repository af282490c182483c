import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

/**
 * GitHub and Discord with their endpoints pointed (by the settings) at a stand-in on a local port:
 * the token exchange with the PKCE verifier, and the user calls that tell who it is and its email.
 */
const seen: Array<{ path: string; body: string }> = [];
let server: http.Server;
let base = '';
let t: TestApp;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', body });
      const send = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      if (req.url?.endsWith('/token')) return send({ access_token: 'at-1', token_type: 'bearer' });
      if (req.url === '/gh/user') return send({ id: 4242, login: 'octo-cat' });
      if (req.url === '/gh/user/emails') return send([{ email: 'octo@gh.test', primary: true, verified: true }]);
      if (req.url === '/dc/users/@me')
        return send({ id: '9001', username: 'dc_user', email: 'dc@dc.test', verified: false });
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestApp({
    env: {
      GITHUB_CLIENT_ID: 'gh-client',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_AUTHORIZE_URL: `${base}/gh/authorize`,
      GITHUB_TOKEN_URL: `${base}/gh/token`,
      GITHUB_API_URL: `${base}/gh`,
      DISCORD_CLIENT_ID: 'dc-client',
      DISCORD_CLIENT_SECRET: 'dc-secret',
      DISCORD_AUTHORIZE_URL: `${base}/dc/authorize`,
      DISCORD_TOKEN_URL: `${base}/dc/token`,
      DISCORD_API_URL: `${base}/dc`,
    },
  });
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Start, then the provider's redirect back with a code: the completion's first answer. */
async function signInWith(provider: 'github' | 'discord') {
  const start = await t.app.inject({ method: 'POST', url: `/api/auth/oauth/${provider}/start`, payload: {} });
  expect(start.statusCode).toBe(200);
  const url = new URL(start.json().url);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const state = url.searchParams.get('state')!;
  const cb = await t.app.inject({
    method: 'GET',
    url: `/api/auth/oauth/${provider}/callback?code=the-code&state=${state}`,
    headers: { cookie },
  });
  const fragment = new URLSearchParams(new URL(String(cb.headers.location), 'http://x').hash.slice(1));
  const ticket = fragment.get('ticket')!;
  expect(ticket).toBeTruthy();
  const token = seen.findLast((s) => s.path.endsWith('/token'))!;
  expect(new URLSearchParams(token.body).get('code')).toBe('the-code');
  expect(new URLSearchParams(token.body).get('code_verifier')).toMatch(/^[\w-]{43,}$/);
  return {
    ticket,
    first: (await t.app.inject({ method: 'POST', url: '/api/auth/oauth/complete', payload: { ticket } })).json(),
  };
}

describe('GitHub and Discord', () => {
  it('are offered with their settings', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/oauth/providers' });
    expect(list.json()).toEqual([
      { id: 'discord', name: 'Discord' },
      { id: 'github', name: 'GitHub' },
    ]);
  });

  it('GitHub: the primary verified email makes a verified member', async () => {
    const { ticket, first } = await signInWith('github');
    expect(first).toEqual({
      status: 'needsUsername',
      provider: 'GitHub',
      email: 'octo@gh.test',
      needsEmail: false,
      suggestedUsername: 'octo-cat',
    });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/complete',
      payload: { ticket, username: 'octo-cat' },
    });
    expect(done.json()).toMatchObject({ status: 'signedIn', member: { username: 'octo-cat', isVerified: true } });
  });

  it('Discord: an email it has not verified is asked for', async () => {
    const { first } = await signInWith('discord');
    expect(first).toMatchObject({
      status: 'needsUsername',
      provider: 'Discord',
      needsEmail: true,
      suggestedUsername: 'dc_user',
    });
  });
});
