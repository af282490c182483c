import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Steam's OpenID 2.0 provider, started by a test on a local port, answering as
 * steamcommunity.com does (with `<base>/openid` in place of https://steamcommunity.com/openid):
 *
 * - `GET /openid`: the XRDS document naming the OP endpoint `<base>/openid/login` (type .../2.0/server);
 * - `GET /openid/id/<steamid64>`: the claimed identifier's XRDS (type .../2.0/signon, same endpoint);
 * - `GET /openid/login?openid.mode=checkid_setup…`: a sign-in page (a Steam ID to type, Sign in, Cancel),
 *   whose form sends the browser back to `openid.return_to` with a positive assertion (`id_res`:
 *   op_endpoint, claimed_id = identity = `<base>/openid/id/<steamid64>`, return_to, response_nonce,
 *   assoc_handle, signed and an HMAC-SHA1 sig over the signed fields) or `openid.mode=cancel`;
 * - `POST /openid/login` with `openid.mode=check_authentication`: the direct verification, answered in
 *   key-value form: `is_valid:true` only for an assertion it issued, unchanged, and not verified before
 *   (OpenID 2.0 §11.4.2: one verification per response nonce);
 * - `GET /ISteamUser/GetPlayerSummaries/v0002/?key&steamids`: the Web API call that gives the persona name.
 */
const NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
const SIGNED = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle';
/** Steam answers with this fixed handle and only stateless (check_authentication) verification. */
const ASSOC_HANDLE = '1234567890';

export interface LocalSteam {
  /** STEAM_OPENID_URL. */
  openidUrl: string;
  /** STEAM_API_URL. */
  apiUrl: string;
  /** STEAM_API_KEY: the only key the Web API stand-in answers. */
  apiKey: string;
  /** Persona names by Steam ID (GetPlayerSummaries). */
  personas: Map<string, string>;
  /** Every request it received, as `METHOD path` (openid.mode added for POSTs). */
  requests: string[];
  /** The answers it gave to check_authentication, in order. */
  verifications: boolean[];
  /** When set, the next assertion carries this response nonce instead of a new one. */
  nextNonce: string | null;
  /** While true, OpenID requests get no answer (a Steam that hangs); they end when it closes. */
  hang: boolean;
  /** Follows the sign-in page as a browser would, signing in as `steamId`: the address it sends the browser back to. */
  signIn(authorizationUrl: string, steamId: string, action?: 'signin' | 'cancel'): Promise<URL>;
  close(): Promise<void>;
}

const xrds = (type: string, endpoint: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<xrds:XRDS xmlns:xrds="xri://$xrds" xmlns="xri://$xrd*($v*2.0)">\n` +
  `\t<XRD>\n\t\t<Service priority="0">\n\t\t\t<Type>${type}</Type>\n\t\t\t<URI>${endpoint}</URI>\n` +
  `\t\t</Service>\n\t</XRD>\n</xrds:XRDS>\n`;

const escapeHtml = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeHtml = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const keyValue = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k}:${v}\n`)
    .join('');

/** A Steam-like response nonce: the UTC time to the second, then random characters. */
const newNonce = () => `${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}${randomBytes(20).toString('base64')}`;

function loginPage(params: URLSearchParams): string {
  const hidden = [...params]
    .filter(([k]) => k.startsWith('openid.'))
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><title>Sign in through Steam (local)</title></head><body><main>
<h1>Sign in through Steam (local stand-in)</h1>
<p>Signing in to ${escapeHtml(params.get('openid.realm') ?? '')}</p>
<form method="post" action="/openid/login">
${hidden}
<label for="steamid">Steam ID</label> <input id="steamid" name="steamid" inputmode="numeric" autocomplete="off">
<button name="action" value="signin">Sign in</button> <button name="action" value="cancel">Cancel</button>
</form></main></body></html>`;
}

async function readBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

export async function startLocalSteam(port = 0): Promise<LocalSteam> {
  const secret = randomBytes(32);
  const apiKey = 'local-steam-web-api-key';
  /** Issued response nonces, and whether check_authentication already confirmed one. */
  const issued = new Map<string, { verified: boolean }>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const openidUrl = `${base}/openid`;
  const endpoint = `${openidUrl}/login`;

  const sign = (fields: Record<string, string>, signed: string) =>
    createHmac('sha1', secret)
      .update(keyValue(Object.fromEntries(signed.split(',').map((k) => [k, fields[`openid.${k}`] ?? '']))))
      .digest('base64');

  const steam: LocalSteam = {
    openidUrl,
    apiUrl: base,
    apiKey,
    personas: new Map(),
    requests: [],
    verifications: [],
    nextNonce: null,
    hang: false,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  /** The browser's answer to the sign-in page: back to the relying party with an assertion or a cancel. */
  function assertion(form: URLSearchParams): string | null {
    const returnTo = form.get('openid.return_to');
    const realm = form.get('openid.realm');
    if (!returnTo || !realm || !returnTo.startsWith(realm)) return null;
    const back = new URL(returnTo);
    if (form.get('action') === 'cancel') {
      back.searchParams.set('openid.ns', NS);
      back.searchParams.set('openid.mode', 'cancel');
      return back.href;
    }
    const steamId = form.get('steamid') ?? '';
    if (!/^\d{17}$/.test(steamId)) return null;
    const nonce = steam.nextNonce ?? newNonce();
    steam.nextNonce = null;
    issued.set(nonce, { verified: false });
    const claimed = `${openidUrl}/id/${steamId}`;
    const fields: Record<string, string> = {
      'openid.ns': NS,
      'openid.mode': 'id_res',
      'openid.op_endpoint': endpoint,
      'openid.claimed_id': claimed,
      'openid.identity': claimed,
      'openid.return_to': returnTo,
      'openid.response_nonce': nonce,
      'openid.assoc_handle': ASSOC_HANDLE,
      'openid.signed': SIGNED,
    };
    fields['openid.sig'] = sign(fields, SIGNED);
    for (const [k, v] of Object.entries(fields)) back.searchParams.set(k, v);
    return back.href;
  }

  /** check_authentication: the signature over the fields it names, for a nonce it issued and never confirmed. */
  function verify(form: URLSearchParams): boolean {
    const fields = Object.fromEntries(form);
    const signed = fields['openid.signed'] ?? '';
    const names = signed.split(',');
    if (!SIGNED.split(',').every((n) => names.includes(n))) return false;
    if (fields['openid.assoc_handle'] !== ASSOC_HANDLE || fields['openid.op_endpoint'] !== endpoint) return false;
    if (sign(fields, signed) !== fields['openid.sig']) return false;
    const known = issued.get(fields['openid.response_nonce'] ?? '');
    if (!known || known.verified) return false;
    known.verified = true;
    return true;
  }

  server.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const form = req.method === 'POST' ? await readBody(req) : url.searchParams;
      steam.requests.push(
        `${req.method} ${url.pathname}${req.method === 'POST' ? ` ${form.get('openid.mode') ?? form.get('action')}` : ''}`,
      );
      const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': type, ...headers }).end(body);
      const path = url.pathname.replace(/\/+$/, '');
      if (steam.hang && path.startsWith('/openid')) return;
      if (req.method === 'GET' && path === '/openid')
        return send(200, 'application/xrds+xml', xrds(`${NS}/server`, endpoint));
      if (req.method === 'GET' && /^\/openid\/id\/\d{17}$/.test(path))
        return send(200, 'application/xrds+xml', xrds(`${NS}/signon`, endpoint));
      if (req.method === 'GET' && path === '/openid/login') {
        const p = url.searchParams;
        const ok =
          p.get('openid.ns') === NS &&
          p.get('openid.mode') === 'checkid_setup' &&
          p.get('openid.claimed_id') === IDENTIFIER_SELECT &&
          p.get('openid.identity') === IDENTIFIER_SELECT &&
          Boolean(p.get('openid.return_to'));
        if (!ok) return send(400, 'text/plain', 'Invalid OpenID request');
        return send(200, 'text/html; charset=utf-8', loginPage(p));
      }
      if (req.method === 'POST' && path === '/openid/login') {
        if (form.get('openid.mode') === 'check_authentication') {
          const valid = verify(form);
          steam.verifications.push(valid);
          return send(200, 'text/plain', keyValue({ ns: NS, is_valid: String(valid) }));
        }
        const back = assertion(form);
        if (!back) return send(400, 'text/plain', 'Invalid sign-in');
        return send(302, 'text/html', '', { location: back });
      }
      if (req.method === 'GET' && path === '/ISteamUser/GetPlayerSummaries/v0002') {
        if (url.searchParams.get('key') !== apiKey) return send(403, 'text/html', 'Forbidden');
        const players = (url.searchParams.get('steamids') ?? '')
          .split(',')
          .filter((id) => steam.personas.has(id))
          .map((id) => ({ steamid: id, personaname: steam.personas.get(id) }));
        return send(200, 'application/json', JSON.stringify({ response: { players } }));
      }
      send(404, 'text/plain', 'Not found');
    })().catch(() => res.writeHead(500).end());
  });

  async function signIn(authorizationUrl: string, steamId: string, action: 'signin' | 'cancel' = 'signin') {
    const page = await fetch(authorizationUrl, { redirect: 'manual' });
    const html = await page.text();
    if (page.status !== 200) throw new Error(`unexpected Steam page (${page.status}): ${html.slice(0, 200)}`);
    const form = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form.set(unescapeHtml(m[1]!), unescapeHtml(m[2]!));
    form.set('steamid', steamId);
    form.set('action', action);
    const res = await fetch(endpoint, { method: 'POST', body: form, redirect: 'manual' });
    const location = res.headers.get('location');
    if (res.status !== 302 || !location) throw new Error(`Steam refused the sign-in (${res.status})`);
    return new URL(location);
  }

  return steam;
}
