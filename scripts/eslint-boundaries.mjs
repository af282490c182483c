// The project's layer boundaries as one ESLint rule. It replaces eslint-plugin-import-x, whose
// resolver (unrs-resolver) lists native builds for every platform; this machine's npm mirror carries
// only the Linux ones, so the lock file could never hold them all and `npm ci` refused it.
//
// A zone: files under `target` may not import files under `from` (paths relative to the repo root),
// except the paths in `except` (relative to `from`). Relative specifiers are resolved against the
// importing file; workspace package names (@bm/web, @bm/server, @bm/core) map to their folders.
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const workspaces = {
  '@bm/core': 'packages/core',
  '@bm/server': 'apps/server',
  '@bm/web': 'apps/web',
  '@bm/e2e': 'e2e',
};

const abs = (p) => path.resolve(root, p);
const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);
/** `./x/index.ts` also matches the import `./x/index` and `./x` (a folder import). */
const withoutIndex = (p) => p.replace(/\.(tsx?|m?js)$/, '').replace(/[\\/]index$/, '');

function resolveSpecifier(spec, fromFile) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  for (const [name, dir] of Object.entries(workspaces)) {
    if (spec === name || spec.startsWith(name + '/')) return path.join(abs(dir), spec.slice(name.length));
  }
  return null; // a package from node_modules: outside every zone
}

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports inside the layer boundaries of STYLE.md.' },
    schema: [
      { type: 'object', properties: { zones: { type: 'array' } }, required: ['zones'], additionalProperties: false },
    ],
  },
  create(context) {
    const file = context.filename;
    const zones = context.options[0].zones
      .filter((z) => inside(file, abs(z.target)))
      .map((z) => ({ ...z, from: [z.from].flat().map(abs) }));
    if (!zones.length) return {};

    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string') return;
      const target = resolveSpecifier(spec, file);
      if (!target) return;
      for (const zone of zones) {
        const from = zone.from.find((dir) => inside(target, dir));
        if (!from) continue;
        const allowed = (zone.except ?? []).some((e) => {
          const exceptPath = path.resolve(from, e);
          return /\.(tsx?|m?js)$/.test(e)
            ? withoutIndex(target) === withoutIndex(exceptPath)
            : inside(target, exceptPath);
        });
        if (!allowed) context.report({ node, message: zone.message ?? `Importing ${spec} crosses a layer boundary.` });
      }
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

export const boundaries = { rules: { 'no-restricted-paths': noRestrictedPaths } };
