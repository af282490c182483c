import { describe, expect, it } from 'vitest';
import { fakeToken } from '../test/utils';
import { adMode, configFromPage, DEFAULT_CONFIG, parseAdsSetting } from './config';
import { changedSinceCreated, formatBytes } from './format';
import { loginPathFor, routeId, safeRedirect } from './redirect';
import { isTokenExpired, readClaims, tokenNeedsRefresh } from './token';

const now = Math.floor(Date.now() / 1000);

describe('token timing', () => {
  it('counts a token within 5 s of exp as expired', () => {
    expect(isTokenExpired(fakeToken({ exp: now + 4 }))).toBe(true);
    expect(isTokenExpired(fakeToken({ exp: now + 60 }))).toBe(false);
    expect(isTokenExpired('garbage')).toBe(true);
  });

  it('reads the claims of a base64url payload (UTF-8 included) and nothing from a malformed token', () => {
    const b64 = (o: unknown) =>
      btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
        .replace(/=+$/, '')
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
    const claims = readClaims(
      `${b64({ alg: 'HS256' })}.${b64({ sub: '7', name: 'Škoda ~~~?>>', roles: ['moderator'], exp: 5 })}.sig`,
    );
    expect(claims).toEqual({ sub: '7', name: 'Škoda ~~~?>>', roles: ['moderator'], exp: 5 });
    expect(readClaims('a.b')).toBeNull();
    expect(readClaims(`x.${b64([1, 2])}.y`)).toBeNull();
    expect(readClaims(`x.${b64('text')}.y`)).toBeNull();
    expect(readClaims('x.%%%.y')).toBeNull();
    expect(readClaims('x..y')).toBeNull();
  });

  it('wants a refresh under 24 h from expiry', () => {
    expect(tokenNeedsRefresh(fakeToken({ exp: now + 23 * 3600 }))).toBe(true);
    expect(tokenNeedsRefresh(fakeToken({ exp: now + 25 * 3600 }))).toBe(false);
  });
});

describe('runtime config in the page', () => {
  const page = (block: string) =>
    new DOMParser().parseFromString(`<html><head>${block}</head><body></body></html>`, 'text/html');

  it('reads the data block the server wrote, with the same defaults as GET /api/config', () => {
    const config = configFromPage(
      page(
        '<script id="bm-config" type="application/json">{"ads":"placeholder","supportEmail":"help@x.test","version":"1.2.3","sentryDsn":""}</script>',
      ),
    );
    expect(config).toEqual({ ...DEFAULT_CONFIG, ads: 'placeholder', supportEmail: 'help@x.test', version: '1.2.3' });
  });

  it('is null without a block or with one that is not a JSON object', () => {
    expect(configFromPage(page(''))).toBeNull();
    expect(configFromPage(page('<script id="bm-config" type="application/json">{oops</script>'))).toBeNull();
    expect(configFromPage(page('<script id="bm-config" type="application/json">null</script>'))).toBeNull();
  });
});

describe('redirects', () => {
  it('accepts site paths only', () => {
    expect(safeRedirect('/cars?x=1')).toBe('/cars?x=1');
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
    expect(loginPathFor('/mail')).toBe('/login?redirect=%2Fmail');
  });
});

describe('ids and dates of pages', () => {
  it('takes 1 to 9 digits, not 0, as an id from the address', () => {
    expect(routeId('42')).toBe(42);
    expect(['0', '-1', '1e3', 'abc', '1234567890', '', undefined].map(routeId)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('calls something changed only when updatedAt is over a second after createdAt', () => {
    const created = '2026-01-01T00:00:00.000Z';
    expect(changedSinceCreated(created, '2026-01-01T00:00:00.900Z')).toBe(false);
    expect(changedSinceCreated(created, '2026-01-01T00:00:02.000Z')).toBe(true);
    expect(changedSinceCreated(created, null)).toBe(false);
  });
});

describe('the ADS setting', () => {
  const base = { ...DEFAULT_CONFIG, productionHost: 'bakkesplugins.com', adsClient: 'ca-pub-1' };
  it('reads off, placeholder and live; anything else is off', () => {
    expect(parseAdsSetting('placeholder')).toBe('placeholder');
    expect(parseAdsSetting('live')).toBe('live');
    expect(parseAdsSetting('off')).toBe('off');
    expect(parseAdsSetting('LIVE')).toBe('off');
    expect(parseAdsSetting(undefined)).toBe('off');
  });
  it('shows real ads only when live, with an ad account, on the production host', () => {
    expect(adMode({ ...base, ads: 'live' }, 'bakkesplugins.com')).toBe('live');
    expect(adMode({ ...base, ads: 'live' }, 'staging.example.com')).toBe('placeholder');
    expect(adMode({ ...base, ads: 'live', adsClient: null }, 'bakkesplugins.com')).toBe('placeholder');
    expect(adMode({ ...base, ads: 'placeholder' }, 'bakkesplugins.com')).toBe('placeholder');
    expect(adMode({ ...base, ads: 'off' }, 'bakkesplugins.com')).toBe('off');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [500 * 1024, '500 KB'],
    [1024 * 1024, '1.0 MB'],
    [5 * 1024 * 1024 + 300 * 1024, '5.3 MB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
