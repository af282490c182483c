import { createHash } from 'node:crypto';
import type { Entry, ZipFile } from 'yauzl';
import {
  BINARY_ZIP_MAX_BYTES,
  DEBUG_ARCHIVE_MAX_BYTES,
  SOURCE_ZIP_MAX_BYTES,
  ZIP_MAX_NESTING,
  ZIP_MESSAGES,
} from '@bm/core';
import { sha256Hex } from '../../platform/digest.js';
import { badRequest } from '../../platform/errors.js';

export interface ZipLimits {
  /** Size of the archive itself. */
  maxBytes: number;
  maxEntries: number;
  /** Sum of the unpacked sizes. */
  maxUnpackedBytes: number;
  /** Unpacked / packed size above which an entry (or the whole archive) is taken for a zip bomb. */
  maxRatio: number;
  /** Entries and archives smaller than this unpacked are never called bombs (text compresses well). */
  ratioFloorBytes: number;
}

export const SOURCE_ZIP_LIMITS: ZipLimits = {
  maxBytes: SOURCE_ZIP_MAX_BYTES,
  maxEntries: 5000,
  maxUnpackedBytes: 500 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

export interface ZipEntryHash {
  path: string;
  size: number;
  /** SHA-256 (hex) of the unpacked bytes. */
  sha256: string;
}

export interface ZipSummary {
  /** Names of the file entries (folders left out). */
  files: string[];
  /** The same file entries with their unpacked size and SHA-256 (inner archives are one file each). */
  entries: ZipEntryHash[];
  unpackedBytes: number;
  /** The bytes of the entries `keep` asked for (inside an inner archive: 'inner.zip/name'). */
  kept: Array<{ path: string; data: Buffer }>;
}

/** Which entries' bytes inspectZip hands back, by name and first bytes (up to 262). */
export type KeepEntry = (name: string, head: Buffer) => boolean;

/** What the first bytes of an entry say it is: a ZIP we can check, another archive we cannot, or anything else. */
function archiveKind(head: Buffer): 'zip' | 'other' | null {
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip';
  if (head.length >= 6 && head.subarray(0, 6).equals(Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]))) return 'other'; // 7z
  if (head.length >= 4 && head.subarray(0, 4).toString('latin1') === 'Rar!') return 'other';
  if (head.length >= 3 && head[0] === 0x1f && head[1] === 0x8b && head[2] === 0x08) return 'other'; // gzip (tar.gz)
  if (head.length >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'other';
  return null;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const UNICODE_PATH_EXTRA = 0x7075;

/** The name as an unzipper would write it: UTF-8 when flagged, else the legacy code page (close enough as latin1). */
function decodeName(raw: Buffer, flags: number) {
  return raw.toString(flags & 0x800 ? 'utf8' : 'latin1');
}

/** Every name an extractor might use for the entry: the header's and an Info-ZIP Unicode Path override. */
function namesOf(entry: Entry): string[] {
  const names = [decodeName(entry.fileNameRaw, entry.generalPurposeBitFlag)];
  for (const extra of entry.extraFields ?? []) {
    if (extra.id === UNICODE_PATH_EXTRA && extra.data.length > 5) names.push(extra.data.subarray(5).toString('utf8'));
  }
  return names;
}

function checkName(name: string) {
  // eslint-disable-next-line no-control-regex
  const shown = name.replace(/[\u0000-\u001f]/g, '?').slice(0, 200);
  // eslint-disable-next-line no-control-regex
  if (name === '' || /[\u0000-\u001f]/.test(name)) throw badRequest(ZIP_MESSAGES.badName(shown), 'file');
  if (name.includes('\\')) throw badRequest(ZIP_MESSAGES.backslash(shown), 'file');
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) throw badRequest(ZIP_MESSAGES.absolute(shown), 'file');
  // A colon elsewhere names an NTFS alternate data stream when extracted on Windows.
  if (name.includes(':')) throw badRequest(ZIP_MESSAGES.badName(shown), 'file');
  if (name.split('/').some((part) => part === '..')) throw badRequest(ZIP_MESSAGES.traversal(shown), 'file');
}

/** yauzl and yazl are loaded with the first archive, not at start. */
let loadingYauzl: Promise<typeof import('yauzl')> | undefined;
let loadingYazl: Promise<typeof import('yazl')> | undefined;
/** A CommonJS module's exports, whether the loader hands them over as `default` or as the namespace. */
const cjs = <M extends object>(mod: M): M => (mod as { default?: M }).default ?? mod;
const loadYauzl = async () => cjs(await (loadingYauzl ??= import('yauzl')));
const loadYazl = async () => cjs(await (loadingYazl ??= import('yazl')));

const openZip = async (data: Buffer) => {
  const yauzl = await loadYauzl();
  return new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: true },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
    ),
  );
};

/**
 * Reads an entry to its end, so sizes that lie in the headers are caught; stops past the byte budget.
 * Keeps the bytes of an entry that starts like an archive, so that it can be checked in turn, and of
 * one that `keep` asks for once it has seen the entry's first bytes.
 */
const drainEntry = (zip: ZipFile, entry: Entry, budget: number, keep?: (head: Buffer) => boolean) =>
  new Promise<{ n: number; sha256: string; archive: 'zip' | 'other' | null; data: Buffer | null }>(
    (resolve, reject) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err ?? new Error('no stream'));
        const hash = createHash('sha256');
        let n = 0;
        let head = Buffer.alloc(0);
        let archive: 'zip' | 'other' | null | undefined;
        let keeping = false;
        const kept: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          n += chunk.length;
          if (n > budget) return stream.destroy(new Error('over budget'));
          hash.update(chunk);
          if (archive === undefined) {
            head = Buffer.concat([head, chunk]);
            if (head.length >= 262 || n >= entry.uncompressedSize) {
              archive = archiveKind(head);
              keeping = archive === 'zip' || (keep?.(head) ?? false);
              if (keeping) kept.push(head);
            }
          } else if (keeping) {
            kept.push(chunk);
          }
        });
        stream.on('error', reject);
        stream.on('end', () => {
          if (archive === undefined) {
            archive = archiveKind(head);
            keeping = archive === 'zip' || (keep?.(head) ?? false);
            if (keeping) kept.push(head);
          }
          resolve({ n, sha256: hash.digest('hex'), archive, data: keeping ? Buffer.concat(kept) : null });
        });
      });
    },
  );

/**
 * Checks an archive before anything of it is stored: size, entry count, unpacked size and
 * compression ratio (zip bombs), names that would leave the extraction folder, links and
 * encrypted entries. Every entry is inflated once to check the sizes its headers declare.
 * Throws a 400 naming the first problem.
 */
export async function inspectZip(
  data: Buffer,
  limits: ZipLimits = SOURCE_ZIP_LIMITS,
  depth = 0,
  keep?: KeepEntry,
): Promise<ZipSummary> {
  if (data.length > limits.maxBytes) throw badRequest(ZIP_MESSAGES.tooLarge(limits.maxBytes), 'file');
  let zip: ZipFile;
  try {
    zip = await openZip(data);
  } catch {
    throw badRequest(ZIP_MESSAGES.notZip, 'file');
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw badRequest(ZIP_MESSAGES.tooManyEntries(limits.maxEntries), 'file');
  }
  const files: string[] = [];
  const entries: ZipEntryHash[] = [];
  const kept: ZipSummary['kept'] = [];
  let unpacked = 0;
  const bomb = (size: number, packed: number) =>
    size > limits.ratioFloorBytes && size / Math.max(packed, 1) > limits.maxRatio;

  return new Promise<ZipSummary>((resolve, reject) => {
    let done = false;
    const fail = (e: unknown) => {
      if (done) return;
      done = true;
      zip.close();
      reject(e instanceof Error && 'statusCode' in e ? e : badRequest(ZIP_MESSAGES.damaged, 'file'));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (done) return;
      done = true;
      resolve({ files, entries, unpackedBytes: unpacked, kept });
    });
    zip.on('entry', (entry: Entry) => {
      void (async () => {
        const names = namesOf(entry);
        for (const name of names) checkName(name);
        const name = names[0]!;
        const shown = name.slice(0, 200);
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
          throw badRequest(ZIP_MESSAGES.symlink(shown), 'file');
        if (entry.isEncrypted()) throw badRequest(ZIP_MESSAGES.encrypted(shown), 'file');
        unpacked += entry.uncompressedSize;
        if (unpacked > limits.maxUnpackedBytes)
          throw badRequest(ZIP_MESSAGES.unpackedTooLarge(limits.maxUnpackedBytes), 'file');
        if (bomb(entry.uncompressedSize, entry.compressedSize) || bomb(unpacked, data.length))
          throw badRequest(ZIP_MESSAGES.bomb, 'file');
        if (!name.endsWith('/')) {
          if (!entry.canDecodeFileData()) throw badRequest(ZIP_MESSAGES.damaged, 'file');
          const read = await drainEntry(zip, entry, entry.uncompressedSize, keep && ((head) => keep(name, head)));
          if (read.archive === 'other') throw badRequest(ZIP_MESSAGES.nestedUnchecked(shown), 'file');
          if (read.archive === 'zip') {
            if (depth + 1 > ZIP_MAX_NESTING) throw badRequest(ZIP_MESSAGES.nestedTooDeep(shown), 'file');
            // The same limits, with what the outer archive already unpacked counted against them.
            const inner = await inspectZip(
              read.data!,
              { ...limits, maxBytes: limits.maxUnpackedBytes, maxUnpackedBytes: limits.maxUnpackedBytes - unpacked },
              depth + 1,
              keep,
            ).catch((e: { message?: string; statusCode?: number }) => {
              throw e.statusCode === 400 && !String(e.message).startsWith('In ')
                ? badRequest(ZIP_MESSAGES.nested(shown, String(e.message)), 'file')
                : e;
            });
            unpacked += inner.unpackedBytes;
            for (const k of inner.kept) kept.push({ path: `${name}/${k.path}`, data: k.data });
            if (unpacked > limits.maxUnpackedBytes)
              throw badRequest(ZIP_MESSAGES.unpackedTooLarge(limits.maxUnpackedBytes), 'file');
          } else if (read.data) kept.push({ path: name, data: read.data });
          files.push(name);
          entries.push({ path: name, size: read.n, sha256: read.sha256 });
        }
        zip.readEntry();
      })().catch(fail);
    });
    zip.readEntry();
  });
}

/** A plugin's source upload: a safe archive holding at least one Visual Studio solution. */
export async function checkSourceZip(data: Buffer, limits?: ZipLimits): Promise<ZipSummary> {
  const summary = await inspectZip(data, limits);
  if (!summary.files.some((f) => f.toLowerCase().endsWith('.sln'))) throw badRequest(ZIP_MESSAGES.noSolution, 'file');
  return summary;
}

const BINARY_FOLDERS = ['plugins/', 'data/', 'cfg/'];

/**
 * A built plugin as the in-game plugin manager installs it: extracted into the BakkesMod folder,
 * so plugins/<name>.dll, with optional data/ and cfg/ content (and an optional plugin.json).
 */
export async function checkBinaryZip(data: Buffer, limits?: ZipLimits, keep?: KeepEntry): Promise<ZipSummary> {
  const summary = await inspectZip(data, limits, 0, keep);
  for (const f of summary.files) {
    const lower = f.toLowerCase();
    if (lower !== 'plugin.json' && !BINARY_FOLDERS.some((p) => lower.startsWith(p)))
      throw badRequest(ZIP_MESSAGES.outsideLayout(f), 'file');
  }
  if (!summary.files.some((f) => /^plugins\/[^/]+\.dll$/i.test(f))) throw badRequest(ZIP_MESSAGES.noDll, 'file');
  return summary;
}

/** Limits of a built plugin ZIP (moderator upload or builder callback). */
export const BINARY_ZIP_LIMITS: ZipLimits = { ...SOURCE_ZIP_LIMITS, maxBytes: BINARY_ZIP_MAX_BYTES };
/** What a stored binary records: the SHA-256 (hex) of the ZIP itself and of every file in it. */
export interface BinaryHashes {
  binarySha256: string;
  binaryFiles: ZipEntryHash[];
}

/** The hashes of a binary ZIP from the check already made of it (the entries were read then). */
export const binaryHashes = (data: Buffer, checked: ZipSummary): BinaryHashes => ({
  binarySha256: sha256Hex(data),
  binaryFiles: checked.entries,
});

/** The hashes of a binary ZIP not checked here (demo data, versions stored before hashes were kept). */
export async function hashBinaryZip(data: Buffer): Promise<BinaryHashes> {
  const checked = await inspectZip(data, BINARY_ZIP_LIMITS).catch(() => null);
  // A ZIP that no longer passes the check still answers its own hash; only its file list stays empty.
  return binaryHashes(data, checked ?? { files: [], entries: [], unpackedBytes: 0, kept: [] });
}

/** Limits of a debug archive (.pdb files). */
export const DEBUG_ZIP_LIMITS: ZipLimits = { ...SOURCE_ZIP_LIMITS, maxBytes: DEBUG_ARCHIVE_MAX_BYTES };

/** A debug archive (moderator upload or builder callback): a safe ZIP of at most 30 MB holding only .pdb files. */
export async function checkDebugZip(data: Buffer, limits: ZipLimits = DEBUG_ZIP_LIMITS): Promise<ZipSummary> {
  const summary = await inspectZip(data, limits);
  if (!summary.files.some((f) => f.toLowerCase().endsWith('.pdb'))) throw badRequest(ZIP_MESSAGES.noPdb, 'file');
  const other = summary.files.find((f) => !f.toLowerCase().endsWith('.pdb'));
  if (other !== undefined) throw badRequest(ZIP_MESSAGES.onlyPdb(other), 'file');
  return summary;
}

export interface ZipEntryInput {
  name: string;
  data: Buffer | string;
  /** Unix mode bits, e.g. 0o120777 for a symbolic link. */
  mode?: number;
  /** Store the entry without compression. */
  store?: boolean;
}

/** Writes a ZIP in memory (demo data and tests). */
export async function makeZip(entries: ZipEntryInput[]): Promise<Buffer> {
  const yazl = await loadYazl();
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const e of entries) {
      const data = typeof e.data === 'string' ? Buffer.from(e.data) : e.data;
      if (e.name.endsWith('/')) {
        zip.addEmptyDirectory(e.name, { mtime: new Date('2024-01-01T00:00:00Z') });
        continue;
      }
      zip.addBuffer(data, e.name, { mode: e.mode, compress: !e.store, mtime: new Date('2024-01-01T00:00:00Z') });
    }
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
