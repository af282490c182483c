import fs from 'node:fs';
import path from 'node:path';

/**
 * The page module of each public page that people land on (apps/web/src/app/routes.tsx imports the
 * same modules lazily). The server writes <link rel="modulepreload"> for the page's chunk and the
 * chunks it imports into the HTML, so the browser fetches them together with the app's entry instead
 * of after it. Keep in step with the route table; a module missing from the build is simply skipped.
 */
export const PAGE_MODULES: Array<{ pattern: RegExp; module: string }> = [
  { pattern: /^\/$/, module: 'src/features/home/index.ts' },
  { pattern: /^\/plugins\/?$/, module: 'src/features/plugins/list/plugins-page.tsx' },
  { pattern: /^\/plugin\/[^/]+\/?$/, module: 'src/features/plugins/detail/plugin-detail-page.tsx' },
  { pattern: /^\/cars\/?$/, module: 'src/features/cars/cars-page.tsx' },
  { pattern: /^\/cars\/\d+\/?$/, module: 'src/features/cars/car-detail-page.tsx' },
  { pattern: /^\/members\/[^/]+\/?$/, module: 'src/features/members/index.ts' },
  { pattern: /^\/collections(?:\/\d+)?\/?$/, module: 'src/features/collections/pages.ts' },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * Reads Vite's build manifest (dist/.vite/manifest.json) and answers, for a page path, the script
 * files to preload: the page's chunk and everything it imports statically, less what the entry
 * already brings (index.html preloads those). No manifest: no preloads.
 */
export function pagePreloads(dist: string): (pathname: string) => string[] {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };
  const inEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, inEntry);
  const byModule = new Map<string, string[]>();
  for (const { module } of PAGE_MODULES) {
    if (manifest[module])
      byModule.set(
        module,
        [...closure(module)].filter((f) => !inEntry.has(f)).map((f) => `/${f}`),
      );
  }
  return (pathname) => {
    const page = PAGE_MODULES.find((p) => p.pattern.test(pathname));
    return (page && byModule.get(page.module)) ?? [];
  };
}
