import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The small Windows DLLs built by scripts/build-dll-fixtures.sh (committed, so that tests need no
 * compiler). DLL_FIXTURES_DIR points the tests at another build of them (CI rebuilds them into a
 * temporary folder and runs the inspection tests on that build too).
 */
export const DLL_FIXTURES_DIR =
  process.env.DLL_FIXTURES_DIR || path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'dlls');

export type DllFixture = 'injector' | 'launcher' | 'clean' | 'urls' | 'ordinal' | 'x86' | 'not-a-dll';

export const dllFixture = (name: DllFixture): Buffer => readFileSync(path.join(DLL_FIXTURES_DIR, `${name}.dll`));
