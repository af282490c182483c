import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES } from './page-preload.js';

const web = path.resolve(import.meta.dirname, '../../web');

describe('page preloads', () => {
  it("name modules that exist and that the web app's route table loads as pages", () => {
    const routes = fs.readFileSync(path.join(web, 'src/app/routes.tsx'), 'utf8');
    for (const { module } of PAGE_MODULES) {
      expect(fs.existsSync(path.join(web, module)), module).toBe(true);
      // routes.tsx imports '../features/x/y' (no extension; an index module by its folder).
      const spec = `../${module.replace(/^src\//, '').replace(/(\/index)?\.tsx?$/, '')}`;
      expect(routes, module).toContain(`import('${spec}')`);
    }
  });
});
