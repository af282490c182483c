/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz beside every text asset of the build, so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|xml)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * @bm/core builds its zod schemas at module level (`export const x = z.object(...)`). A bundler must
 * assume such a call has side effects and keeps it even where nothing uses the schema, which put all
 * of zod into the first page. Building a schema has none, so each one is marked pure here: a page
 * gets only the schemas it uses, and no zod at all when it uses none.
 */
function pureSchemas(): Plugin {
  const core = path.resolve(import.meta.dirname, '../../packages/core/src') + path.sep;
  // Every `z.x(` and every method called on a named schema (`usernameRule.optional(`): nested
  // schemas inside an object's fields need the mark too, or their chains are kept as arguments.
  const schemaCall =
    /(?<![\w.$])(z|[A-Za-z]\w*(?:Rule|Request|Schema|Query|Response|Field|Text|Key))(\s*)\.(\s*)(\w+)\(/g;
  return {
    name: 'bm-pure-schemas',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(core) || !/\.ts$/.test(id)) return null;
      return { code: code.replace(schemaCall, '/* @__PURE__ */ $1$2.$3$4('), map: null };
    },
  };
}

/**
 * React Router's package points every import at its development build (dev warnings on); the build
 * takes the production one published beside it, the same router without the warnings.
 *
 * That build also defines its components with unmarked top-level calls (`var Form = React.forwardRef(…)`,
 * `React.createContext(…)`) followed by `Form.displayName = "Form"`. A bundler must keep both as possible
 * side effects, so every component the package exports (Form, ScrollRestoration, HistoryRouter, the
 * fetchers' forms) and all they call stayed in the first page though the site uses none of them. The
 * calls are pure and the names are only for React's developer tools, so the calls are marked pure and
 * the name assignments dropped: the unused components go (1.3 KB gzip of the shell, npm run bench:bundle).
 */
function routerProductionBuild(): Plugin {
  const dir = path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production') + path.sep;
  const file = dir + 'index.mjs';
  return {
    name: 'bm-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === 'react-router' ? file : null;
    },
    transform(code, id) {
      if (!id.startsWith(dir) || !id.endsWith('.mjs')) return null;
      return {
        code: code
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(/(?<![\w.$])(React\d*)\.(forwardRef|createContext)\(/g, '/* @__PURE__ */ $1.$2('),
        map: null,
      };
    },
  };
}

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const appVersion = process.env.APP_VERSION || `${pkg.version}-dev`;
const apiTarget = process.env.API_PROXY_TARGET || 'http://localhost:3000';

/**
 * The built site runs on preact/compat, React's API in 4 KB instead of react-dom's 58 KB (gzip): with
 * react-dom the entry alone was 116 KB and no page could meet its 120 KB first-visit budget. The code
 * is written against React's API and types; the dev server (for React's fast refresh) and the unit
 * tests (Testing Library drives react-dom) run it on React, the build on Preact, and the browser
 * tests run the build. What differs and how it is bridged: docs/web-runtime.md.
 */
function preactInBuild(): Plugin {
  return {
    name: 'bm-preact-in-build',
    config: (_config, { command }) =>
      command === 'build'
        ? {
            resolve: {
              alias: [
                { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
                { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
                { find: /^react(-dom)?$/, replacement: 'preact/compat' },
              ],
            },
          }
        : null,
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), pureSchemas(), routerProductionBuild(), preactInBuild()],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  server: {
    proxy: {
      // ws: true carries the real-time hub (/api/hubs/app) through the dev server.
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      '/files': { target: apiTarget, changeOrigin: true },
      // The Atom feeds: the Host header is kept, so a feed's links lead back to this server.
      '/feeds': { target: apiTarget },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      '/files': { target: apiTarget, changeOrigin: true },
      // The Atom feeds: the Host header is kept, so a feed's links lead back to this server.
      '/feeds': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    // Maps are written for error reporting but not referenced from the scripts, and the server never serves them.
    sourcemap: 'hidden',
    // Every browser the site supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: the server reads it to preload a page's own chunks with the entry.
    manifest: true,
    rolldownOptions: {
      // React Router looks for React's useOptimistic and does without it; preact/compat has none.
      onwarn(warning, warn) {
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
      output: {
        // Libraries only some pages use get chunks of their own, so a chunk the first page needs
        // never carries them along just because lazy pages share it.
        advancedChunks: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // What every page runs before its own code (React, the router, the query cache, the API
            // client, and the small helpers every catalogue page shows with) in one chunk: left to
            // itself the bundler cuts these into a dozen small shared chunks, and each costs a request
            // and its own compression (the first visit to /plugins went from 24 scripts and 122.9 KB
            // to 12 and 119.3 KB).
            {
              name: 'shell',
              priority: 20,
              test: /vite[\\/]preload-helper|node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]|apps[\\/]web[\\/]src[\\/](components[\\/](ui[\\/](cx|button)|item-banner|use-document-title)\.tsx?|lib[\\/](api[\\/]client|api[\\/]errors|links|site|redirect|now)\.ts)|packages[\\/]core[\\/]src[\\/](messages|timing|lists|format)\.ts/,
            },
            // The small widgets an item's page shows (plugin, car, member): dialogs, switch, stars, times,
            // counts, rendered markdown, the not-found state. One chunk instead of ten on those pages;
            // the lists (budgeted at 120 KB) use none of them. The stars are left out: the car list's
            // cards show them, and with them the list paid for the whole chunk (4.6 KB for 1).
            {
              name: 'item-page',
              priority: 10,
              test: /apps[\\/]web[\\/]src[\\/](components[\\/](ui[\\/](dialog|switch|time|count)|join-us-dialog|markdown|bot-check-state)\.tsx?|lib[\\/]format\.ts|features[\\/]not-found[\\/])|packages[\\/]core[\\/]src[\\/]moderation-rules\.ts/,
            },
            {
              name: 'socket',
              test: /node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // The files of a worker share their imports and their jsdom (no module is mocked; a stubbed global
    // is put back after each test): the suite took 185 s on two workers, about 35 s like this.
    isolate: false,
    // user-event typing in jsdom is slow on a busy 2-core machine; the default 5 s is too tight.
    testTimeout: 20_000,
  },
});
