// npm start: build what is missing, then one server on PORT (default 3000) for the API, hub, files and web app.
import { appVersion, buildWebIfNeeded, run } from './lib.mjs';

const version = appVersion();
buildWebIfNeeded(version);
run(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { APP_VERSION: version });
