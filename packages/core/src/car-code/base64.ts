/** Small, dependency-free base64 helpers (no Buffer, so this runs in browsers too). */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const LOOKUP: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  // Also accept the URL-safe alphabet, in case a code went through a URL.
  table['-'.charCodeAt(0)] = 62;
  table['_'.charCodeAt(0)] = 63;
  return table;
})();

/**
 * Decodes base64 (standard or URL-safe alphabet, padding optional).
 * Whitespace must already be removed. Returns null when a character is not
 * base64 or `=` appears anywhere but in up to two trailing positions.
 * Like most decoders it ignores leftover bits that do not make a whole byte
 * (including a dangling last character).
 */
export function decodeBase64(text: string): Uint8Array | null {
  let end = text.length;
  let padding = 0;
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */) {
    end--;
    padding++;
  }
  if (padding > 2) return null;
  const out = new Uint8Array(Math.floor((end * 6) / 8));
  let acc = 0;
  let accBits = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    const v = code < 128 ? (LOOKUP[code] ?? -1) : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffff;
    accBits += 6;
    if (accBits >= 8) {
      accBits -= 8;
      out[o++] = (acc >> accBits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

/** Standard base64 with `=` padding. */
export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}
