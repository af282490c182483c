import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random.js';
import { decodeBase64, encodeBase64 } from './base64.js';
import {
  bodyName,
  decodeCarCode,
  describeBody,
  encodeCarCode,
  paintName,
  slotName,
  type CarLoadout,
  type DecodeResult,
  type LoadoutItem,
  type TeamLoadout,
} from './index.js';

function bytesOf(code: string): number[] {
  const bytes = decodeBase64(code);
  if (!bytes) throw new Error(`not base64: ${code}`);
  return [...bytes];
}

function okLoadout(result: DecodeResult): CarLoadout {
  if (!result.ok) throw new Error(`expected ok, got ${result.error}: ${result.message}`);
  return result.loadout;
}

function expectError(code: string, error: string, message?: string): void {
  const result = decodeCarCode(code);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.error).toBe(error);
    if (message !== undefined) expect(result.message).toBe(message);
  }
}

/** Re-encodes bytes after fixing the size field and checksum. */
function withHeader(body: number[], version: number, size = body.length + 3): string {
  const bytes = new Uint8Array([version | ((size & 3) << 6), size >> 2, 0, ...body]);
  let crc = 0xff;
  for (let i = 3; i < Math.min(size, bytes.length); i++) crc ^= bytes[i] ?? 0;
  bytes[2] = crc;
  return encodeBase64(bytes);
}

const V4_EXAMPLE = 'hAMwB1wABMItCGEWAAA=';
// Loadout v3 test code from bakkesmodorg/BakkesModLoadoutLib, BakkesModLoadoutLib.cpp main().
const LIB_V3_SAMPLE = 'AwtFClyAjKh6BghADgD5Y/0HXv7//z8KXIBBOGUZoQEVyEVmWSfhtgEAACg=';

describe('decodeCarCode: given examples', () => {
  it('decodes the v4 example (one loadout for both teams)', () => {
    const loadout = okLoadout(decodeCarCode(V4_EXAMPLE));
    const team: TeamLoadout = {
      items: [
        { slot: 0, productId: 23, paintId: 0 },
        { slot: 1, productId: 8375, paintId: null },
        { slot: 2, productId: 358, paintId: null },
      ],
      primaryColor: null,
      secondaryColor: null,
      wheelTeamId: 0,
    };
    expect(loadout).toEqual({ version: 4, blueIsOrange: true, blue: team, orange: team });
    expect(loadout.orange).not.toBe(loadout.blue);
    expect(describeBody(loadout)).toBe('Octane');
    expect(JSON.parse(JSON.stringify(loadout))).toEqual(loadout);
  });

  it('rejects the example with one character changed by checksum', () => {
    expectError('hAMwB1wBBMItCGEWAAA=', 'checksum', 'Car code checksum does not match');
  });

  it('trims whitespace around and inside the code', () => {
    const spaced = `  \n hAMwB1wA\nBMItC GEWAAA=\t `;
    expect(okLoadout(decodeCarCode(spaced))).toEqual(okLoadout(decodeCarCode(V4_EXAMPLE)));
    expect(okLoadout(decodeCarCode('hAMwB1wABMItCGEWAAA'))).toEqual(okLoadout(decodeCarCode(V4_EXAMPLE)));
  });

  it('re-encodes the v4 example to the same bytes', () => {
    const loadout = okLoadout(decodeCarCode(V4_EXAMPLE));
    expect(bytesOf(encodeCarCode(loadout))).toEqual(bytesOf(V4_EXAMPLE));
  });
});

describe('decodeCarCode: reference library sample (v3)', () => {
  it('decodes the two-team sample loadout', () => {
    const loadout = okLoadout(decodeCarCode(LIB_V3_SAMPLE));
    expect(loadout.version).toBe(3);
    expect(loadout.blueIsOrange).toBe(false);
    expect(loadout.blue).toEqual({
      items: [
        { slot: 0, productId: 23, paintId: 12 }, // Titanium White Octane
        { slot: 2, productId: 3925, paintId: null },
        { slot: 3, productId: 32, paintId: null },
        { slot: 4, productId: 7, paintId: null },
        { slot: 18, productId: 5695, paintId: null },
      ],
      primaryColor: { r: 255, g: 192, b: 203 },
      secondaryColor: { r: 255, g: 255, b: 255 },
      wheelTeamId: 7,
    });
    expect(loadout.orange).toEqual({
      items: [
        { slot: 0, productId: 23, paintId: 1 }, // Crimson Octane
        { slot: 1, productId: 3239, paintId: 12 },
        { slot: 2, productId: 4122, paintId: null },
        { slot: 5, productId: 2960, paintId: null },
        { slot: 18, productId: 5721, paintId: null },
      ],
      primaryColor: { r: 147, g: 112, b: 219 },
      secondaryColor: { r: 0, g: 0, b: 0 },
      wheelTeamId: 20,
    });
    expect(describeBody(loadout)).toBe('Titanium White Octane / Crimson Octane');
  });

  it('re-encodes the sample to the same bytes', () => {
    const loadout = okLoadout(decodeCarCode(LIB_V3_SAMPLE));
    expect(bytesOf(encodeCarCode(loadout))).toEqual(bytesOf(LIB_V3_SAMPLE));
  });
});

describe('version 3 codes', () => {
  const v3: CarLoadout = {
    version: 3,
    blueIsOrange: true,
    blue: {
      items: [{ slot: 0, productId: 23, paintId: null }],
      primaryColor: null,
      secondaryColor: null,
      wheelTeamId: 5,
    },
    orange: {
      items: [{ slot: 0, productId: 23, paintId: null }],
      primaryColor: null,
      secondaryColor: null,
      wheelTeamId: 5,
    },
  };

  it('matches a hand-checked bit layout', () => {
    // 55 bits, LSB first:
    //  bits 0-5 version 3, 6-15 size 7, 16-23 checksum
    //  bit 24 blueIsOrange=1, 25-28 count=1, 29-33 slot 0, 34-46 product 23 (13 bits),
    //  bit 47 painted=0, bit 48 colours=0, 49-54 wheel team 5
    // byte0 = 3 | (7&3)<<6 = 0xC3, byte1 = 7>>2 = 0x01
    // byte3 = 0b00000011, byte4 = 23<<2 = 0x5C, byte5 = 0, byte6 = 5<<1 = 0x0A
    // checksum = 0xFF ^ 0x03 ^ 0x5C ^ 0x00 ^ 0x0A = 0xAA
    const code = encodeCarCode(v3);
    expect(bytesOf(code)).toEqual([0xc3, 0x01, 0xaa, 0x03, 0x5c, 0x00, 0x0a]);
    expect(code).toBe('wwGqA1wACg==');
    expect(okLoadout(decodeCarCode('wwGqA1wACg=='))).toEqual(v3);
  });

  it('uses 13-bit product ids before version 4 and rejects larger ids when encoding', () => {
    const big = { ...v3, blue: { ...v3.blue, items: [{ slot: 0, productId: 8191, paintId: 3 }] } };
    expect(okLoadout(decodeCarCode(encodeCarCode(big))).blue.items).toEqual([{ slot: 0, productId: 8191, paintId: 3 }]);
    const tooBig = { ...v3, blue: { ...v3.blue, items: [{ slot: 0, productId: 8192, paintId: null }] } };
    expect(() => encodeCarCode(tooBig)).toThrow(RangeError);
    expect(() => encodeCarCode({ ...tooBig, version: 4 })).not.toThrow();
  });

  it('has no wheel team id before version 3', () => {
    const v2: CarLoadout = {
      version: 2,
      blueIsOrange: false,
      blue: {
        items: [{ slot: 2, productId: 358, paintId: null }],
        primaryColor: null,
        secondaryColor: null,
        wheelTeamId: null,
      },
      orange: {
        items: [],
        primaryColor: { r: 1, g: 2, b: 3 },
        secondaryColor: { r: 4, g: 5, b: 6 },
        wheelTeamId: null,
      },
    };
    expect(okLoadout(decodeCarCode(encodeCarCode(v2)))).toEqual(v2);
    expect(() => encodeCarCode({ ...v2, blue: { ...v2.blue, wheelTeamId: 1 } })).toThrow(RangeError);
  });

  it('tolerates the spare orange wheel team id the reference writer appends', () => {
    // Same as the hand-checked code plus 6 bits of orange team id (value 9): 61 bits, size 8.
    const body = [0x03, 0x5c, 0x00, 0x0a | ((9 << 7) & 0xff), 9 >> 1];
    const loadout = okLoadout(decodeCarCode(withHeader(body, 3)));
    expect(loadout).toEqual(v3);
  });
});

describe('decodeCarCode: errors', () => {
  it('rejects empty input', () => {
    expectError('', 'empty', 'Car code is required');
    expectError('   \n\t ', 'empty', 'Car code is required');
    expectError(undefined as unknown as string, 'empty');
  });

  it('rejects non-base64 text', () => {
    expectError('!!!', 'base64', 'Car code is not valid base64');
    expectError('hAMwB1wA BMItCGE*WAAA=', 'base64');
    expectError('hAMw=B1wABMItCGEWAAA', 'base64');
    expectError('hAMwB1wABMItCGEWAA===', 'base64');
    expectError('héllo', 'base64');
  });

  it('rejects corrupted checksums', () => {
    const bytes = bytesOf(LIB_V3_SAMPLE);
    for (const index of [2, 3, 10, 43]) {
      const copy = new Uint8Array(bytes);
      copy[index] = (copy[index] ?? 0) ^ 0x10;
      expectError(encodeBase64(copy), 'checksum', 'Car code checksum does not match');
    }
  });

  it('rejects truncated codes', () => {
    for (const code of [V4_EXAMPLE, LIB_V3_SAMPLE]) {
      const bytes = bytesOf(code);
      for (let cut = 0; cut < bytes.length; cut++) {
        expectError(encodeBase64(new Uint8Array(bytes.slice(0, cut))), cut === 0 ? 'empty' : 'truncated');
      }
      // cutting characters instead of bytes
      for (let cut = 1; cut < code.replace(/=+$/, '').length - 2; cut++) {
        expectError(code.slice(0, cut), 'truncated', 'Car code is truncated');
      }
    }
  });

  it('rejects a size field larger than the data', () => {
    const body = bytesOf(V4_EXAMPLE).slice(3);
    expectError(withHeader(body, 4, body.length + 4), 'truncated', 'Car code is truncated');
    expectError(withHeader(body, 4, 1023), 'truncated');
  });

  it('rejects a size field smaller than the contents', () => {
    const body = bytesOf(LIB_V3_SAMPLE).slice(3);
    // checksum computed over the declared (too small) size, extra bytes become trailing garbage
    expectError(withHeader(body.slice(0, 20), 3), 'invalid', 'Car code size does not match its contents');
    expectError(withHeader([], 4, 3), 'invalid');
  });

  it('rejects unsupported versions', () => {
    const body = bytesOf(V4_EXAMPLE).slice(3);
    expectError(withHeader(body, 5), 'version', 'Car code version 5 is not supported');
    expectError(withHeader(body, 0), 'version', 'Car code version 0 is not supported');
    expectError(withHeader(body, 63), 'version', 'Car code version 63 is not supported');
  });

  it('rejects data beyond the declared size, but allows spare zero bytes', () => {
    const bytes = bytesOf(V4_EXAMPLE);
    expect(decodeCarCode(encodeBase64(new Uint8Array([...bytes, 0]))).ok).toBe(true);
    expect(decodeCarCode(encodeBase64(new Uint8Array([...bytes, 0, 0]))).ok).toBe(true);
    expectError(
      encodeBase64(new Uint8Array([...bytes, 0, 0, 0])),
      'invalid',
      'Car code has data beyond its declared size',
    );
    expectError(encodeBase64(new Uint8Array([...bytes, 7])), 'invalid', 'Car code has data beyond its declared size');
  });

  it('rejects unused bytes inside the declared size', () => {
    const sample = bytesOf(LIB_V3_SAMPLE).slice(3);
    expectError(withHeader([...sample, 0], 3), 'invalid', 'Car code has unexpected data after the loadout');
    // blueIsOrange: one more byte may hold the spare orange wheel team id, two may not
    const body = bytesOf(V4_EXAMPLE).slice(3);
    expect(decodeCarCode(withHeader([...body, 0], 4)).ok).toBe(true);
    expectError(withHeader([...body, 0, 0], 4), 'invalid', 'Car code has unexpected data after the loadout');
  });

  it('rejects a slot listed twice and empty items', () => {
    const base: CarLoadout = {
      version: 4,
      blueIsOrange: true,
      blue: {
        items: [
          { slot: 2, productId: 358, paintId: null },
          { slot: 4, productId: 7, paintId: null },
        ],
        primaryColor: null,
        secondaryColor: null,
        wheelTeamId: 0,
      },
      orange: { items: [], primaryColor: null, secondaryColor: null, wheelTeamId: null },
    };
    const bytes = bytesOf(encodeCarCode(base));
    // second item's slot: 24 + 1 + 4 + 5 + 16 + 1 = bit 51 (byte 6, bit 3); set it to 2
    const twice = new Uint8Array(bytes);
    twice[6] = ((twice[6] ?? 0) & ~(0b11111 << 3)) | (2 << 3);
    expectError(withHeader([...twice.slice(3)], 4), 'invalid', 'Car code lists the blue Wheels slot more than once');

    // first item's product id: bits 34..49; clear it
    const empty = new Uint8Array(bytes);
    empty[4] = (empty[4] ?? 0) & 0b11;
    empty[5] = 0;
    empty[6] = (empty[6] ?? 0) & ~0b11;
    expectError(withHeader([...empty.slice(3)], 4), 'invalid', 'Car code has an empty item in the blue Wheels slot');
    expect(() =>
      encodeCarCode({ ...base, blue: { ...base.blue, items: [base.blue.items[0]!, base.blue.items[0]!] } }),
    ).toThrow(RangeError);
  });
});

describe('decodeCarCode: garbage and random input', () => {
  it('rejects garbage and random strings without throwing', () => {
    const random = seededRandom(42);
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= !-_';
    for (let i = 0; i < 1000; i++) {
      const len = Math.floor(random() * 80);
      let s = '';
      for (let j = 0; j < len; j++) s += chars[Math.floor(random() * chars.length)];
      const result = decodeCarCode(s);
      expect(typeof result.ok).toBe('boolean');
      if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
    }
    expect(decodeCarCode('x'.repeat(100_000)).ok).toBe(false);
  });

  it('never throws over 2000 random byte arrays', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 2000; i++) {
      const length = Math.floor(random() * 64);
      const bytes = new Uint8Array(length);
      for (let j = 0; j < length; j++) bytes[j] = Math.floor(random() * 256);
      // half of them get a plausible header so the body parser is exercised too
      if (i % 2 === 0 && length >= 4) {
        bytes[0] = (1 + Math.floor(random() * 4)) | ((length & 3) << 6);
        bytes[1] = length >> 2;
        let crc = 0xff;
        for (let j = 3; j < length; j++) crc ^= bytes[j] ?? 0;
        bytes[2] = crc;
      }
      let result: DecodeResult | undefined;
      expect(() => {
        result = decodeCarCode(encodeBase64(bytes));
      }).not.toThrow();
      if (result?.ok) {
        // anything accepted must re-encode to a code that decodes to the same loadout
        expect(okLoadout(decodeCarCode(encodeCarCode(result.loadout)))).toEqual(result.loadout);
      }
    }
  });

  it('never throws on mutated valid codes, and what it accepts re-encodes consistently', () => {
    const random = seededRandom(99);
    let accepted = 0;
    for (let i = 0; i < 1000; i++) {
      const version = 1 + (i % 4);
      const blue = randomTeam(random, version);
      const loadout: CarLoadout = { version, blueIsOrange: i % 3 === 0, blue, orange: randomTeam(random, version) };
      const bytes = new Uint8Array(bytesOf(encodeCarCode(loadout)));
      const flips = 1 + Math.floor(random() * 3);
      for (let f = 0; f < flips; f++) {
        const bit = 24 + Math.floor(random() * (bytes.length * 8 - 24));
        bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) ^ (1 << (bit & 7));
      }
      const code = withHeader([...bytes.slice(3)], version); // fix the checksum again
      let result: DecodeResult | undefined;
      expect(() => {
        result = decodeCarCode(code);
      }).not.toThrow();
      if (result?.ok) {
        accepted++;
        expect(okLoadout(decodeCarCode(encodeCarCode(result.loadout)))).toEqual(result.loadout);
      } else {
        expect(result?.error).toBe('invalid');
      }
    }
    expect(accepted).toBeGreaterThan(0);
  });
});

function randomTeam(random: () => number, version: number): TeamLoadout {
  const slots = [...Array(32).keys()].sort(() => random() - 0.5).slice(0, Math.floor(random() * 16));
  const maxId = version >= 4 ? 0xffff : 0x1fff;
  const items: LoadoutItem[] = slots.map((slot) => ({
    slot,
    productId: 1 + Math.floor(random() * maxId),
    paintId: random() < 0.5 ? null : Math.floor(random() * 64),
  }));
  const color = () => ({ r: Math.floor(random() * 256), g: Math.floor(random() * 256), b: Math.floor(random() * 256) });
  const colors = random() < 0.5;
  return {
    items,
    primaryColor: colors ? color() : null,
    secondaryColor: colors ? color() : null,
    wheelTeamId: version >= 3 ? Math.floor(random() * 64) : null,
  };
}

describe('encodeCarCode round trips', () => {
  it('round-trips random loadouts for versions 1 to 4', () => {
    const random = seededRandom(2024);
    for (let i = 0; i < 500; i++) {
      const version = 1 + (i % 4);
      const blueIsOrange = random() < 0.4;
      const blue = randomTeam(random, version);
      const orange = blueIsOrange ? structuredClone(blue) : randomTeam(random, version);
      const loadout: CarLoadout = { version, blueIsOrange, blue, orange };
      const code = encodeCarCode(loadout);
      expect(code).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(okLoadout(decodeCarCode(code))).toEqual(loadout);
    }
  });

  it('ignores orange when blueIsOrange and mirrors blue on decode', () => {
    const random = seededRandom(3);
    const blue = randomTeam(random, 4);
    const other = randomTeam(random, 4);
    const decoded = okLoadout(decodeCarCode(encodeCarCode({ version: 4, blueIsOrange: true, blue, orange: other })));
    expect(decoded.orange).toEqual(blue);
  });

  it('rejects loadouts that cannot be written', () => {
    const team: TeamLoadout = { items: [], primaryColor: null, secondaryColor: null, wheelTeamId: 0 };
    const ok: CarLoadout = { version: 4, blueIsOrange: true, blue: team, orange: team };
    expect(() => encodeCarCode(ok)).not.toThrow();
    expect(() => encodeCarCode({ ...ok, version: 5 })).toThrow(RangeError);
    expect(() => encodeCarCode({ ...ok, blue: { ...team, primaryColor: { r: 1, g: 2, b: 3 } } })).toThrow(RangeError);
    expect(() => encodeCarCode({ ...ok, blue: { ...team, wheelTeamId: 64 } })).toThrow(RangeError);
    expect(() =>
      encodeCarCode({ ...ok, blue: { ...team, items: [{ slot: 32, productId: 1, paintId: null }] } }),
    ).toThrow(RangeError);
    expect(() => encodeCarCode({ ...ok, blue: { ...team, items: [{ slot: 0, productId: 1, paintId: 64 }] } })).toThrow(
      RangeError,
    );
    const sixteen = [...Array(16).keys()].map((slot) => ({ slot, productId: 1, paintId: null }));
    expect(() => encodeCarCode({ ...ok, blue: { ...team, items: sixteen } })).toThrow(RangeError);
  });
});

describe('names', () => {
  it('names slots', () => {
    expect(slotName(0)).toBe('Body');
    expect(slotName(1)).toBe('Decal');
    expect(slotName(2)).toBe('Wheels');
    expect(slotName(3)).toBe('Rocket Boost');
    expect(slotName(7)).toBe('Paint Finish');
    expect(slotName(12)).toBe('Secondary Finish');
    expect(slotName(18)).toBe('Player Anthem');
    expect(slotName(6)).toBe('Slot 6');
    expect(slotName(31)).toBe('Slot 31');
  });

  it('names paints', () => {
    expect(paintName(null)).toBeNull();
    expect(paintName(0)).toBeNull();
    expect(paintName(1)).toBe('Crimson');
    expect(paintName(12)).toBe('Titanium White');
    expect(paintName(18)).toBe('Platinum');
    expect(paintName(40)).toBe('Paint 40');
  });

  it('names bodies', () => {
    expect(bodyName(23)).toBe('Octane');
    expect(bodyName(403)).toBe('Dominus');
    expect(bodyName(22)).toBe('Breakout');
    expect(bodyName(4284)).toBe('Body #4284');
    expect(bodyName(Number('toString'))).toBe('Body #NaN');
  });

  it('describes bodies', () => {
    const team = (items: LoadoutItem[]): TeamLoadout => ({
      items,
      primaryColor: null,
      secondaryColor: null,
      wheelTeamId: 0,
    });
    const dominus = team([{ slot: 0, productId: 403, paintId: 17 }]);
    expect(describeBody({ version: 4, blueIsOrange: true, blue: dominus, orange: dominus })).toBe('Onyx Dominus');
    expect(describeBody({ version: 4, blueIsOrange: false, blue: dominus, orange: structuredClone(dominus) })).toBe(
      'Onyx Dominus',
    );
    expect(describeBody({ version: 4, blueIsOrange: false, blue: team([]), orange: dominus })).toBe(
      'No body / Onyx Dominus',
    );
    expect(
      describeBody({
        version: 4,
        blueIsOrange: true,
        blue: team([{ slot: 0, productId: 9999, paintId: null }]),
        orange: team([]),
      }),
    ).toBe('Body #9999');
  });
});
