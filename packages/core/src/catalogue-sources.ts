import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The code the web and server catalogue tests search for the keys in use (`unusedCatalogueKeys`): the text of
 * every source file below `dir` (.ts and .tsx, not tests), leaving out the folder `skip` (the catalogues' own).
 * It reads the disk, so it is not part of the index the apps bundle: tests import '@bm/core/catalogue-sources'.
 */
export function sourceTextBelow(dir: string, skip: string): string {
  const sources: string[] = [];
  const walk = (folder: string) => {
    for (const e of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, e.name);
      if (e.isDirectory()) {
        if (full !== skip) walk(full);
      } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) sources.push(readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return sources.join('\n');
}
