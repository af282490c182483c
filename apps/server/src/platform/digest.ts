import { createHash } from 'node:crypto';

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Headers naming the bytes of a download by their SHA-256 (hex): `Repr-Digest` as RFC 9530 writes it
 * (base64 between colons) and a strong ETag, so a client can check what it received.
 */
export function digestHeaders(sha256: string): Record<string, string> {
  return {
    'repr-digest': `sha-256=:${Buffer.from(sha256, 'hex').toString('base64')}:`,
    etag: `"${sha256}"`,
  };
}
