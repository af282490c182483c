import yauzl, { type Entry } from 'yauzl';
import { inspectZip, makeZip } from '../plugins/index.js';

export type PackageResult =
  { ok: true; binaryZip: Buffer; debugZip: Buffer | null; log: string } | { ok: false; log: string };

/** The file entries of a ZIP with their bytes (call inspectZip first: it refuses unsafe archives). */
function readFiles(data: Buffer): Promise<Array<{ name: string; data: Buffer }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const files: Array<{ name: string; data: Buffer }> = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            files.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const DLL = /(^|\/)plugins\/[^/]+\.dll$/i;
const INSTALLED_FOLDERS = ['plugins/', 'data/', 'cfg/'];

/**
 * What the local builder does instead of compiling: finds a prebuilt plugins/ folder in the source
 * (at the top or one folder down), and packages it as the plugin manager installs it (plugins/,
 * with data/ and cfg/ beside it when present), the .pdb files going to a separate debug ZIP.
 * Without plugins/*.dll the build fails with a log that says why.
 */
export async function packagePrebuilt(source: Buffer): Promise<PackageResult> {
  const log: string[] = [`Source: ${source.length} bytes`];
  try {
    await inspectZip(source);
  } catch (e) {
    return { ok: false, log: [...log, `The source ZIP was refused: ${(e as Error).message}`].join('\n') };
  }
  const files = await readFiles(source);
  const dll = files.map((f) => f.name).find((n) => DLL.test(n));
  if (!dll) {
    log.push(
      'No prebuilt plugin found (plugins/<name>.dll).',
      'This local builder does not compile: it only packages a prebuilt plugins/ folder shipped in the source ZIP.',
      'Add the built plugins/ folder to the ZIP, or use a real build server (see docs/builder/).',
    );
    return { ok: false, log: log.join('\n') };
  }
  const root = dll.slice(0, dll.toLowerCase().lastIndexOf('plugins/'));
  log.push(`Found ${dll}; packaging ${root ? `${root} ` : ''}plugins/, data/ and cfg/.`);
  const binary: Array<{ name: string; data: Buffer }> = [];
  const debug: Array<{ name: string; data: Buffer }> = [];
  for (const f of files) {
    if (!f.name.startsWith(root)) continue;
    const rel = f.name.slice(root.length);
    if (!INSTALLED_FOLDERS.some((p) => rel.toLowerCase().startsWith(p))) continue;
    if (rel.toLowerCase().endsWith('.pdb')) debug.push({ name: rel.split('/').pop()!, data: f.data });
    else binary.push({ name: rel, data: f.data });
  }
  for (const f of binary) log.push(`  + ${f.name} (${f.data.length} bytes)`);
  for (const f of debug) log.push(`  debug: ${f.name} (${f.data.length} bytes)`);
  log.push('Packaged.');
  return {
    ok: true,
    binaryZip: await makeZip(binary),
    debugZip: debug.length ? await makeZip(debug) : null,
    log: log.join('\n'),
  };
}
