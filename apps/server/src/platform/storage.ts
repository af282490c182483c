import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and generated files live. Local disk here; an S3-compatible driver can take its place. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The public URL path a browser fetches the file from. */
  url(key: string): string;
  /** Every stored key (backups). */
  keys(): AsyncIterable<string>;
  /**
   * A short-lived URL of the store itself for a private file (S3: a presigned GET), so that its
   * bytes come from the bucket or its CDN rather than through the server. Stores without one
   * (local disk) leave it out, and the server's own signed link serves the file.
   */
  presignedUrl?(key: string, opts: { expiresInSeconds: number; fileName: string }): Promise<string>;
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
    async *keys() {
      let names: string[];
      try {
        names = (await fs.readdir(root, { recursive: true })) as string[];
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw e;
      }
      for (const name of names.sort()) {
        if (name.endsWith('.tmp') || !(await fs.stat(path.join(root, name))).isFile()) continue;
        yield name.split(path.sep).join('/');
      }
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, a test server); AWS when unset. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path rather than the host name (what most S3-compatible servers need). */
  forcePathStyle: boolean;
}

/**
 * Files in an S3-compatible bucket, so that several instances share them. The bucket stays private:
 * public files are still served at /files/ by the server (see app.ts), private ones as signed links.
 */
export async function s3Storage(settings: S3Settings): Promise<FileStorage> {
  const { S3Client, GetObjectCommand, PutObjectCommand, DeleteObjectCommand, ListObjectsV2Command, NoSuchKey } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  return {
    async put(key, data) {
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: data, ContentLength: data.length }),
      );
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (e) {
        if (
          e instanceof NoSuchKey ||
          (e as { name?: string }).name === 'NoSuchKey' ||
          (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return null;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    url: (key) => `${FILES_URL_PREFIX}${key}`,
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async presignedUrl(key, { expiresInSeconds, fileName }) {
      const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
      const command = new GetObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        ResponseContentDisposition: `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`,
        ResponseContentType: fileName.endsWith('.zip') ? 'application/zip' : 'application/octet-stream',
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
  };
}
