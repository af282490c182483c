import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and generated files live. Local disk here; an S3-compatible driver can take its place. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The public URL path a browser fetches the file from. */
  url(key: string): string;
}

export const FILES_URL_PREFIX = '/files/';

/**
 * Files anyone may fetch at /files/: avatars, car banners and plugin banners. Everything else
 * (sources, binaries, debug archives) is private and handed out as expiring links (signed-urls.ts),
 * after the caller's right to it was checked.
 */
export function isPublicFileKey(key: string): boolean {
  return /^(avatars\/[\w.-]+|cars\/[\w.-]+|plugins\/\d+\/banner-[\w.-]+)$/.test(key);
}

export function localStorage(root: string): FileStorage & { root: string } {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Bad storage key: ${key}`);
    return full;
  };
  return {
    root,
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, full);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    url: (key) => `${FILES_URL_PREFIX}${key}`,
  };
}
