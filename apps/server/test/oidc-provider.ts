import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider, certified) started by a test on a free port, with one client
 * whose redirect URI is the site's callback. Its development login page takes any login; the login is
 * the account id, and `accounts` sets an account's email and whether it is verified (default: a
 * verified `<login>@oidc.test`).
 */
export interface LocalOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, { email: string | null; emailVerified: boolean }>;
  /** Follows the provider's pages as a browser would, signing in as `login`: the site's callback address it ends at. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startLocalOidc(siteUrl: string, port = 0): Promise<LocalOidc> {
  const accounts = new Map<string, { email: string | null; emailVerified: boolean }>();
  const clientId = 'bakkes-site';
  const clientSecret = 'local-oidc-test-secret-0123456789abcdef';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${siteUrl}/api/auth/oauth/oidc/callback`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    pkce: { required: () => true },
    cookies: { keys: ['local-oidc-cookie-key-for-tests-only'] },
    async findAccount(_ctx, id) {
      const account = accounts.get(id) ?? { email: `${id}@oidc.test`, emailVerified: true };
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: account.email ?? undefined,
            email_verified: account.email ? account.emailVerified : undefined,
            preferred_username: id,
          };
        },
      };
    },
    // A first-party client: no consent screen, the requested scopes are granted.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    let url = new URL(authorizationUrl);
    let body: URLSearchParams | undefined;
    for (let hop = 0; hop < 20; hop++) {
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        body,
        redirect: 'manual',
        headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      });
      keep(res);
      body = undefined;
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url);
        if (url.href.startsWith(siteUrl)) return url;
        continue;
      }
      const html = await res.text();
      const form = /<form[^>]*action="([^"]+)"[^>]*>[\s\S]*?name="prompt" value="(\w+)"/.exec(html);
      if (!form) throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 300)}`);
      url = new URL(form[1]!.replace(/&amp;/g, '&'), url);
      body = new URLSearchParams({ prompt: form[2]!, login, password: 'any' });
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
