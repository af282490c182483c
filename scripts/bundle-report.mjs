// npm run bench:bundle — what the first page's JavaScript is made of.
//
// Builds the web app (production, into a temporary folder) and prints, for the entry and every chunk
// it imports statically (what each page loads before its own chunk), the gzip -9 size, then the
// modules that weigh most in it (minified bytes, before gzip), grouped by package or source folder.
// Options: --top=N (modules listed, default 25), --chunk=name (the same for one lazy chunk, e.g. home).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import { root } from './lib.mjs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? true]),
);
const top = Number(args.top ?? 25);
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bundle-'));
const chunks = {};

try {
  await build({
    root: path.join(root, 'apps/web'),
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [
      {
        name: 'bm-bundle-report',
        apply: 'build',
        generateBundle(_options, bundle) {
          for (const [file, c] of Object.entries(bundle)) {
            if (c.type !== 'chunk') continue;
            chunks[file] = {
              name: c.name,
              isEntry: c.isEntry,
              gzip: zlib.gzipSync(c.code, { level: 9 }).length,
              imports: c.imports,
              modules: Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength]),
            };
          }
        },
      },
    ],
  });
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}

const start = args.chunk
  ? Object.keys(chunks).find((f) => chunks[f].name === args.chunk)
  : Object.keys(chunks).find((f) => chunks[f].isEntry);
if (!start) throw new Error(`no chunk named ${args.chunk}`);
const closure = new Set();
const walk = (f) => {
  if (closure.has(f) || !chunks[f]) return;
  closure.add(f);
  chunks[f].imports.forEach(walk);
};
walk(start);

const kb = (n) => (n / 1024).toFixed(1).padStart(7);
console.log(`\n${args.chunk ? `Chunk '${args.chunk}'` : 'Entry'} and its static imports (KB gzip -9):`);
let total = 0;
for (const f of [...closure].sort((a, b) => chunks[b].gzip - chunks[a].gzip)) {
  total += chunks[f].gzip;
  console.log(kb(chunks[f].gzip), f);
}
console.log(kb(total), 'total');

const label = (id) => {
  const nm = id.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = id.slice(nm + 13).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return path.relative(root, id).split(path.sep).slice(0, 4).join('/');
};
const modules = [...closure].flatMap((f) => chunks[f].modules);
const groups = new Map();
for (const [id, n] of modules) groups.set(label(id), (groups.get(label(id)) ?? 0) + n);
console.log(`\nBy package or folder (KB minified, before gzip):`);
for (const [g, n] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(kb(n), g);
console.log(`\nLargest modules (KB minified):`);
for (const [id, n] of modules.sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(kb(n), path.relative(root, id).replace(/^.*node_modules\//, ''));
