import { createHmac, timingSafeEqual } from 'node:crypto';

/** Private files (sources, debug archives, unapproved binaries) are fetched through this path only (plugins/files.ts). */
export const SIGNED_FILES_PATH = '/api/files/signed';

const signature = (secret: string, key: string, exp: number, name: string) =>
  createHmac('sha256', secret).update(`${key}\n${exp}\n${name}`).digest('hex');

/**
 * Hands out and checks expiring links to stored files: whoever holds the link may fetch the file
 * until it expires, so only give one to who may see the file (staff, the owner, the builder).
 */
export class SignedUrls {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  /** A site-relative link valid for ttlS seconds; the download is offered under fileName. */
  path(key: string, opts: { ttlS: number; fileName?: string; now?: number }): string {
    const exp = Math.floor((opts.now ?? Date.now()) / 1000) + opts.ttlS;
    const name = opts.fileName ?? key.split('/').pop() ?? 'file';
    const q = new URLSearchParams({ key, exp: String(exp), name, sig: signature(this.secret, key, exp, name) });
    return `${SIGNED_FILES_PATH}?${q}`;
  }

  /** The same link with the site's public origin, for servers outside (the builder). */
  absolute(key: string, opts: { ttlS: number; fileName?: string }): string {
    return `${this.publicUrl}${this.path(key, opts)}`;
  }

  /** The key a link grants, or null when it is forged or expired. */
  check(q: { key: string; exp: number; name: string; sig: string }, now = Date.now()): string | null {
    if (q.exp * 1000 < now) return null;
    const want = Buffer.from(signature(this.secret, q.key, q.exp, q.name), 'hex');
    const got = Buffer.from(q.sig, 'hex');
    if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
    return q.key;
  }
}
