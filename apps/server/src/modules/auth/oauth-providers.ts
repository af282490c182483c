import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import * as oidc from 'openid-client';
import openid from 'openid';
import { OAUTH_MESSAGES as O, type OAuthProviderId } from '@bm/core';
import type { Config } from '../../config.js';
import { HttpError } from '../../platform/errors.js';

/**
 * The sign-in providers as adapters: each builds the address to send the browser to, and from the
 * callback's address tells who came back. Discord and GitHub through arctic's OAuth 2.0 client (code
 * flow with PKCE), any OpenID Connect provider through openid-client (discovery, PKCE, nonce, ID token),
 * Steam through `openid` (OpenID 2.0: no PKCE, no email). See docs/oauth.md.
 */

/** Who the provider says came back. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  /** The provider vouches that the member controls `email`. */
  emailVerified: boolean;
  /** A name to suggest as the username. */
  name: string | null;
}

/** What a flow sent out, needed again at the callback. */
export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface ProviderAdapter {
  id: OAuthProviderId;
  name: string;
  authorizationUrl(flow: FlowSecrets): Promise<URL>;
  identify(callback: URL, flow: FlowSecrets): Promise<ProviderIdentity>;
}

/** The provider's answer could not be used: the completion page says so. */
export const providerFailed = () => new HttpError(400, O.providerFailed, { reason: 'ProviderFailed' });

const callbackUrl = (config: Config, id: OAuthProviderId) => `${config.publicUrl}/api/auth/oauth/${id}/callback`;

/** The code of a callback, or the provider's refusal as a clear error. */
function codeOf(callback: URL): string {
  if (callback.searchParams.get('error')) throw new HttpError(400, O.denied, { reason: 'Denied' });
  const code = callback.searchParams.get('code');
  if (!code) throw providerFailed();
  return code;
}

async function getJson<T>(url: string, accessToken: string): Promise<T> {
  const res = await fetch(url, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
      'user-agent': 'bakkesmod-community',
    },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw providerFailed();
  return (await res.json()) as T;
}

/**
 * An OAuth 2.0 provider through arctic (code flow with PKCE, the `scopes` asked), who came back read
 * from its API with the access token by `whoIs`.
 */
function oauth2Provider(
  config: Config,
  id: 'github' | 'discord',
  name: string,
  scopes: string[],
  whoIs: (apiUrl: string, accessToken: string) => Promise<ProviderIdentity>,
): ProviderAdapter | undefined {
  const c = config.oauth[id];
  if (!c) return undefined;
  const client = new OAuth2Client(c.clientId, c.clientSecret, callbackUrl(config, id));
  return {
    id,
    name,
    authorizationUrl: async (f) =>
      client.createAuthorizationURLWithPKCE(c.authorizeUrl, f.state, CodeChallengeMethod.S256, f.codeVerifier, scopes),
    async identify(callback, f) {
      const tokens = await client.validateAuthorizationCode(c.tokenUrl, codeOf(callback), f.codeVerifier);
      return whoIs(c.apiUrl, tokens.accessToken());
    },
  };
}

const github = (config: Config) =>
  oauth2Provider(config, 'github', 'GitHub', ['read:user', 'user:email'], async (apiUrl, accessToken) => {
    const user = await getJson<{ id: number; login: string }>(`${apiUrl}/user`, accessToken);
    const emails = await getJson<Array<{ email: string; primary: boolean; verified: boolean }>>(
      `${apiUrl}/user/emails`,
      accessToken,
    ).catch(() => []);
    const primary = emails.find((e) => e.primary) ?? null;
    return {
      subject: String(user.id),
      email: primary?.email ?? null,
      emailVerified: primary?.verified === true,
      name: user.login,
    };
  });

const discord = (config: Config) =>
  oauth2Provider(config, 'discord', 'Discord', ['identify', 'email'], async (apiUrl, accessToken) => {
    const user = await getJson<{ id: string; username: string; email?: string | null; verified?: boolean }>(
      `${apiUrl}/users/@me`,
      accessToken,
    );
    return {
      subject: String(user.id),
      email: user.email ?? null,
      emailVerified: Boolean(user.email) && user.verified === true,
      name: user.username,
    };
  });

/** One discovered configuration per issuer, found again after a failure. */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function openIdConnect(config: Config): ProviderAdapter | undefined {
  const c = config.oauth.oidc;
  if (!c) return undefined;
  const redirectUri = callbackUrl(config, 'oidc');
  const configuration = () => {
    const key = `${c.issuer} ${c.clientId}`;
    let found = discovered.get(key);
    if (!found) {
      // http is refused in production by config.ts; elsewhere a local provider (tests) is allowed.
      const insecure = new URL(c.issuer).protocol === 'http:';
      found = oidc.discovery(new URL(c.issuer), c.clientId, c.clientSecret, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      });
      found.catch(() => discovered.delete(key));
      discovered.set(key, found);
    }
    return found.catch(() => {
      throw providerFailed();
    });
  };
  return {
    id: 'oidc',
    name: c.name,
    async authorizationUrl(f) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(f.codeVerifier),
        code_challenge_method: 'S256',
        state: f.state,
        nonce: f.nonce,
      });
    },
    async identify(callback, f) {
      codeOf(callback);
      const conf = await configuration();
      const tokens = await oidc
        .authorizationCodeGrant(conf, callback, {
          pkceCodeVerifier: f.codeVerifier,
          expectedState: f.state,
          expectedNonce: f.nonce,
          idTokenExpected: true,
        })
        .catch(() => {
          throw providerFailed();
        });
      let claims: Record<string, unknown> = { ...tokens.claims() };
      if (claims.email === undefined) {
        const info = await oidc.fetchUserInfo(conf, tokens.access_token, String(claims.sub)).catch(() => null);
        if (info) claims = { ...info, ...claims };
      }
      const email = typeof claims.email === 'string' ? claims.email : null;
      const name = [claims.preferred_username, claims.nickname, claims.name].find((v) => typeof v === 'string');
      return {
        subject: String(claims.sub),
        email,
        emailVerified: email !== null && claims.email_verified === true,
        name: (name as string | undefined) ?? null,
      };
    },
  };
}

function steam(config: Config): ProviderAdapter | undefined {
  const c = config.oauth.steam;
  if (!c) return undefined;
  // Stateless (check_authentication at Steam for every assertion) and strict; the state rides in return_to.
  const party = (state: string) =>
    new openid.RelyingParty(
      `${callbackUrl(config, 'steam')}?state=${encodeURIComponent(state)}`,
      config.publicUrl,
      true,
      true,
      [],
    );
  const identityPrefix = `${c.openidUrl}/id/`;
  const opOrigin = new URL(c.openidUrl).origin;
  return {
    id: 'steam',
    name: 'Steam',
    authorizationUrl: (f) =>
      withinSteamTimeout<URL>(providerFailed, (resolve, reject) =>
        party(f.state).authenticate(c.openidUrl, false, (err, url) =>
          err || !url ? reject(providerFailed()) : resolve(new URL(url)),
        ),
      ),
    async identify(callback, f) {
      const p = callback.searchParams;
      const mode = p.get('openid.mode');
      if (mode === 'cancel') throw new HttpError(400, O.denied, { reason: 'Denied' });
      if (mode !== 'id_res') throw providerFailed();
      // Only a Steam identifier from Steam's endpoint goes further: the library discovers the claimed
      // identifier and asks its endpoint to confirm, so a forged assertion naming another OpenID
      // provider (which would confirm it) must not make this server call that provider at all.
      const claimed = p.get('openid.claimed_id') ?? '';
      const id = claimed.startsWith(identityPrefix) ? claimed.slice(identityPrefix.length) : '';
      const endpoint = p.get('openid.op_endpoint') ?? '';
      if (
        !/^\d{17}$/.test(id) ||
        p.get('openid.identity') !== claimed ||
        !URL.canParse(endpoint) ||
        new URL(endpoint).origin !== opOrigin
      )
        throw providerFailed();
      const confirmed = await withinSteamTimeout<string>(
        () => new Error('Steam did not answer in time'),
        (resolve, reject) =>
          party(f.state).verifyAssertion(callback.href, (err, result) =>
            err || !result?.authenticated || !result.claimedIdentifier
              ? reject(new Error(`Steam assertion refused: ${describe(err)}`))
              : resolve(result.claimedIdentifier),
          ),
      );
      if (confirmed !== claimed) throw providerFailed();
      return { subject: id, email: null, emailVerified: false, name: await steamName(c, id) };
    },
  };
}

/**
 * The `openid` library's calls to Steam (discovery, check_authentication) have no time limit of their
 * own: a Steam that does not answer fails the sign-in after 10 s, as the other providers do.
 */
function withinSteamTimeout<T>(
  timedOut: () => Error,
  run: (resolve: (v: T) => void, reject: (e: unknown) => void) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut()), 10_000);
    run(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** The `openid` library's reason for a refusal (an object with a message), for the log. */
const describe = (err: unknown) =>
  typeof err === 'object' && err !== null && 'message' in err ? String(err.message) : 'not authenticated';

/** The Steam persona name, to suggest as the username; none when the Web API does not answer. */
async function steamName(c: NonNullable<Config['oauth']['steam']>, id: string): Promise<string | null> {
  try {
    const url = `${c.apiUrl}/ISteamUser/GetPlayerSummaries/v0002/?key=${encodeURIComponent(c.apiKey)}&steamids=${id}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) return null;
    const body = (await res.json()) as { response?: { players?: Array<{ personaname?: string }> } };
    return body.response?.players?.[0]?.personaname ?? null;
  } catch {
    return null;
  }
}

/** The configured providers, in the order the login page shows them. */
export function configuredProviders(config: Config): ProviderAdapter[] {
  return [discord(config), github(config), steam(config), openIdConnect(config)].filter(
    (p): p is ProviderAdapter => p !== undefined,
  );
}
