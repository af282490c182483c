// npm start: build what is missing, then one server on PORT (default 3000) for the API, hub, files and web app.
// The server runs compiled (apps/server/dist/main.js); `npm run dev` and the tests run its TypeScript directly.
import { appVersion, buildServerIfNeeded, buildWebIfNeeded, run, serverMain } from './lib.mjs';

if (process.env.NODE_ENV && process.env.NODE_ENV !== 'production') {
  console.log(`NODE_ENV=${process.env.NODE_ENV} is set: the web app is built for production all the same; the server takes its ${process.env.NODE_ENV} settings.`);
}
const version = appVersion();
buildWebIfNeeded(version);
await buildServerIfNeeded();
run(process.execPath, ['--enable-source-maps', serverMain], { APP_VERSION: version });
