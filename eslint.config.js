import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './scripts/eslint-boundaries.mjs';

const WEB = './apps/web/src';
const features = fs.existsSync(`${WEB}/features`)
  ? fs
      .readdirSync(`${WEB}/features`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/**
 * The server's boundaries (docs/architecture.md): a module reaches another only through that module's
 * index.ts, and so does everything outside the modules (app, plugins, jobs, demo, tests, scripts);
 * db/ imports no module.
 */
function serverZones() {
  const SERVER = './apps/server';
  const MODULES = `${SERVER}/src/modules`;
  const dirs = (dir) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name)
      : [];
  const modules = dirs(MODULES);
  // builds/dispatch.ts queues a build and imports nothing of the pipeline: the catalogue calls it
  // directly, as through builds/index.ts it would close a circle (the pipeline uses the catalogue).
  const indexes = [...modules.map((m) => `./${m}/index.ts`), './builds/dispatch.ts'];
  const message = 'Import a server module only through its index.ts.';
  const outside = [
    ...fs.readdirSync(`${SERVER}/src`).filter((e) => e !== 'modules' && e !== 'db'),
    ...['test', 'scripts'].map((d) => `../${d}`),
  ];
  return [
    ...modules.map((m) => ({
      target: `${MODULES}/${m}`,
      from: MODULES,
      except: [`./${m}`, ...indexes.filter((i) => !i.startsWith(`./${m}/`))],
      message,
    })),
    ...outside.map((e) => ({ target: `${SERVER}/src/${e}`, from: MODULES, except: indexes, message })),
    { target: `${SERVER}/src/db`, from: MODULES, message: 'db/ is below the modules and imports none of them.' },
  ].map((z) => ({ ...z, server: true }));
}

/**
 * The feature boundary of STYLE.md: app -> features -> lib/components. A feature reaches another
 * only through that feature's index.ts; lib and shared components never reach into features or app.
 */
const boundaryZones = [
  ...features.map((f) => ({
    target: `${WEB}/features/${f}`,
    from: `${WEB}/features`,
    except: [`./${f}`, ...features.filter((g) => g !== f).map((g) => `./${g}/index.ts`)],
    message: 'Import another feature only through its index.ts.',
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features do not import the app shell.' },
  { target: `${WEB}/lib`, from: [`${WEB}/features`, `${WEB}/app`], message: 'lib/ is below features and app.' },
  {
    target: `${WEB}/components`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared components are below features and app.',
  },
  { target: './packages/core', from: ['./apps'], message: 'core is shared by both apps and imports neither.' },
  ...serverZones(),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { boundaries },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'boundaries/no-restricted-paths': ['error', { zones: boundaryZones }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Tests and benchmarks may reach a module's internals and test support; the server zones are for the code itself.
    files: [
      'apps/server/**/*.test.ts',
      'apps/server/src/modules/*/test-support.ts',
      'apps/server/scripts/bench-*.ts',
      'apps/server/scripts/soak.ts',
    ],
    rules: { 'boundaries/no-restricted-paths': ['error', { zones: boundaryZones.filter((z) => !z.server) }] },
  },
  {
    // The server's test files share their imports in a worker (apps/server/vitest.config.ts, isolate:
    // false): a mocked module or a changed environment would leak into the files that run after.
    files: ['apps/server/**/*.test.ts', 'apps/server/test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubEnv|stubGlobal)$/]",
          message: 'Server tests share imports: start an app with the options the test needs instead.',
        },
        {
          selector: "AssignmentExpression[left.object.object.name='process'][left.object.property.name='env']",
          message: 'Server tests share one process: pass settings to the app instead of changing process.env.',
        },
      ],
    },
  },
  {
    // The web's test files share their imports too (apps/web/vite.config.ts, isolate: false): a mocked
    // module would stay mocked, or stay real, for the files that ran before or after it.
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            'Web tests share imports: fake the boundary (mockFetch, installFakeXhr) instead of mocking a module.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The app is written against React's API; Preact runs it in the build (docs/web-runtime.md).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['preact', 'preact/*'], message: "Import React's API; only lib/runtime/ speaks to Preact." },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/runtime/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**', 'apps/server/scripts/**', '**/*.test.{ts,tsx}', 'e2e/**', '**/test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // A file a newcomer can read whole, a function that fits on a screen or two.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['packages/core/src/car-code/product-names.ts'], // generated data
    rules: {
      'max-lines': ['error', { max: 500 }],
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },
);
