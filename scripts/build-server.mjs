// npm run build:server: compiles the server into apps/server/dist (npm start does it when the build is missing or stale).
import { buildServer, serverMain } from './lib.mjs';

await buildServer();
console.log(`Server compiled: ${serverMain}`);
