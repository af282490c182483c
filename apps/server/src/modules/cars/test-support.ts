/** Codes, uploads and a car factory shared by the car tests. */
import sharp from 'sharp';
import { encodeCarCode, type CarLoadout } from '@bm/core';
import type { TestApp } from '../../../test/harness.js';
import { DEFAULT_LIMITS } from '../../platform/rate-limit.js';

/** Car tests sign in more members than the sign-in limit lets one IP do. */
export const TEST_LIMITS = { login: { ...DEFAULT_LIMITS.login, ip: { points: 10_000, durationS: 60 } } };

/** The spec's v4 example: an Octane (product 23) for both teams. */
export const V4_CODE = 'hAMwB1wABMItCGEWAAA=';
/** Loadout v3 sample of bakkesmodorg/BakkesModLoadoutLib: Titanium White Octane / Crimson Octane. */
export const V3_CODE = 'AwtFClyAjKh6BghADgD5Y/0HXv7//z8KXIBBOGUZoQEVyEVmWSfhtgEAACg=';
/** The v4 example with one character changed: its checksum fails. */
export const BAD_CHECKSUM_CODE = 'hAMwB1wBBMItCGEWAAA=';

/** A valid v4 code whose body is the given product id. */
export function codeWithBody(productId: number, wheels = 358): string {
  const team = {
    items: [
      { slot: 0, productId, paintId: null },
      { slot: 2, productId: wheels, paintId: null },
    ],
    primaryColor: null,
    secondaryColor: null,
    wheelTeamId: 0,
  };
  const loadout: CarLoadout = { version: 4, blueIsOrange: true, blue: team, orange: team };
  return encodeCarCode(loadout);
}

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ff6600' } })
    .png()
    .toBuffer();

export function carsApi(t: TestApp) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url: `/api${url}`, payload: payload as object, headers });
  return {
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) => call('POST', url, payload, headers),
    put: (url: string, payload?: unknown, headers?: Record<string, string>) => call('PUT', url, payload, headers),
    del: (url: string, headers?: Record<string, string>) => call('DELETE', url, undefined, headers),
    /** Creates a car through the API and returns its id. */
    async create(auth: Record<string, string>, input: { name?: string; code?: string; description?: string } = {}) {
      const res = await call('POST', '/cars', { name: 'Test Car', code: V4_CODE, description: '', ...input }, auth);
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      return res.json<{ id: number }>().id;
    },
  };
}
