// npm start: build what is missing, then one server on PORT (default 3000) for the API, hub, files and web app.
// The server runs compiled (apps/server/dist/main.js); `npm run dev` and the tests run its TypeScript directly.
import { appVersion, buildServerIfNeeded, buildWebIfNeeded, run, serverMain } from './lib.mjs';

if (process.env.NODE_ENV && process.env.NODE_ENV !== 'production') {
  console.log(
    `NODE_ENV=${process.env.NODE_ENV} is set: the web app is built for production all the same; the server takes its ${process.env.NODE_ENV} settings.`,
  );
}
const version = appVersion();
buildWebIfNeeded(version);
await buildServerIfNeeded();
// Memory at idle on the embedded database (about 265 MB resident without these, 230 MB with them):
// - two malloc arenas instead of glibc's eight per core: the embedded database's WebAssembly is compiled on
//   background threads, and each thread's arena otherwise keeps the memory it freed (about 25 MB);
// - a young generation of 3 x 4 MB instead of up to 3 x 16 MB, which V8 grows to while the server starts
//   and then keeps (about 30 MB); NODE_OPTIONS=--max-semi-space-size=... takes over.
// Stack traces name the function and point into the compiled file, which is plain, unminified JavaScript;
// NODE_OPTIONS=--enable-source-maps maps them back to the TypeScript, at a cost at start (Node 20 then reads
// the source map of every package it loads, 140 of them).
const nodeFlags = [];
if (!process.env.NODE_OPTIONS?.includes('semi-space')) nodeFlags.push('--max-semi-space-size=4');
run(process.execPath, [...nodeFlags, serverMain], {
  APP_VERSION: version,
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
});
