// The layer-boundary lint rule (scripts/eslint-boundaries.mjs) run through ESLint on the real config:
// if it stopped reporting, `npm run lint` would pass while features reached into each other.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function messages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/no-restricted-paths').map((m) => m.message);
}

describe('layer boundaries', () => {
  it('lets a feature use another feature only through its index', async () => {
    expect(
      await messages(
        'apps/web/src/features/cars/probe.ts',
        "import { a } from '../plugins/api';\nexport const b = a;\n",
      ),
    ).toEqual(['Import another feature only through its index.ts.']);
    expect(
      await messages('apps/web/src/features/cars/probe.ts', "import { a } from '../plugins';\nexport const b = a;\n"),
    ).toEqual([]);
    expect(
      await messages('apps/web/src/features/cars/probe.ts', "import { a } from './api';\nexport const b = a;\n"),
    ).toEqual([]);
  });

  it('keeps features off the app shell and lib/components off both', async () => {
    expect(
      await messages(
        'apps/web/src/features/cars/probe.ts',
        "import { a } from '../../app/routes';\nexport const b = a;\n",
      ),
    ).toEqual(['Features do not import the app shell.']);
    expect(
      await messages('apps/web/src/lib/probe.ts', "import { a } from '../features/cars';\nexport const b = a;\n"),
    ).toEqual(['lib/ is below features and app.']);
    expect(
      await messages('apps/web/src/components/probe.tsx', "const m = import('../app/routes');\nexport { m };\n"),
    ).toEqual(['Shared components are below features and app.']);
  });

  it('keeps core free of the apps, by path or by package name', async () => {
    expect(await messages('packages/core/src/probe.ts', "import '@bm/server/src/app';\nexport {};\n")).toEqual([
      'core is shared by both apps and imports neither.',
    ]);
    expect(await messages('packages/core/src/probe.ts', "import { z } from 'zod';\nexport const y = z;\n")).toEqual([]);
  });

  it('lets server code reach a module only through its index, and keeps db/ free of modules', async () => {
    const probe = (file: string, spec: string) =>
      messages(`apps/server/src/${file}`, `import { a } from '${spec}';\nexport const b = a;\n`);
    const inward = 'Import a server module only through its index.ts.';
    expect(await probe('modules/cars/probe.ts', '../plugins/service.js')).toEqual([inward]);
    expect(await probe('modules/cars/probe.ts', '../plugins/index.js')).toEqual([]);
    expect(await probe('modules/cars/probe.ts', './service.js')).toEqual([]);
    expect(await probe('plugins/probe.ts', '../modules/cars/routes.js')).toEqual([inward]);
    expect(await probe('app.ts', './modules/cars/index.js')).toEqual([]);
    expect(await probe('db/probe.ts', '../modules/cars/index.js')).toEqual([
      'db/ is below the modules and imports none of them.',
    ]);
  });
});
