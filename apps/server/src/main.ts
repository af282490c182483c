import 'dotenv/config';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { RedisClientType } from 'redis';
import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { serverState } from './db/schema.js';
import { ensureMember } from './db/seed.js';
import { seedDemo } from './demo/seed.js';
import { flushServerErrorReporting, initServerErrorReporting } from './platform/error-reporting.js';
import { readAppVersion } from './version.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  await initServerErrorReporting(config);
  const version = readAppVersion();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  await database.migrate();

  let redis: { client: RedisClientType; pub: RedisClientType; sub: RedisClientType } | undefined;
  if (config.redisUrl) {
    // Loaded only when configured, as are the Redis adapter of the hub and the SDKs of other optional services.
    const { createClient } = await import('redis');
    const client = createClient({ url: config.redisUrl }) as RedisClientType;
    // A client without an error listener ends the process when Redis goes away; these reconnect by themselves.
    const onRedisError = (name: string) => (err: Error) => console.warn(`Redis (${name}): ${err.message}`);
    client.on('error', onRedisError('client'));
    await client.connect();
    const pub = client.duplicate();
    const sub = client.duplicate();
    pub.on('error', onRedisError('pub'));
    sub.on('error', onRedisError('sub'));
    await Promise.all([pub.connect(), sub.connect()]);
    redis = { client, pub, sub };
  }

  const { app, ctx } = await buildApp(config, { database, redis, version });

  if (config.admin) {
    const { created } = await ensureMember(database.db, { ...config.admin, roles: ['administrator'] });
    app.log.info(`Administrator ${config.admin.username} ${created ? 'created' : 'present'}`);
  }
  if (config.seedDemo) {
    const { seeded, accounts } = await seedDemo(database.db, ctx.storage);
    if (seeded) {
      app.log.info('Demo data added. Demo accounts (username / password):');
      for (const a of accounts)
        app.log.info(`  ${a.username} / ${a.password}${a.roles.length ? ` (${a.roles.join(', ')})` : ''}`);
    }
  }

  await app.listen({ port: config.port, host: config.host });
  // Background work: jobs, the mail outbox and maintenance, all on the job runner's tick.
  ctx.jobs.start();
  app.log.info(
    `Site running on ${config.publicUrl} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
  );

  // A server of a new version tells every connected client (through Redis, those of other instances too).
  const [last] = await database.db.select().from(serverState).where(eq(serverState.key, 'version'));
  if (last?.value !== version.informational) {
    await database.db
      .insert(serverState)
      .values({ key: 'version', value: version.informational })
      .onConflictDoUpdate({ target: serverState.key, set: { value: version.informational, updatedAt: new Date() } });
    if (last) ctx.hub.toAll('ServerDeployed', { version: version.informational });
  }

  // SIGTERM (npm start passes it on) or SIGINT: stop accepting at once, answer what is in flight, finish
  // the background work under way, send the mail those last requests queued, close the database.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 10 s: exiting without finishing it');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      // The port closes now; this resolves once every connection has ended (requests in flight answered,
      // idle kept-alive connections closed by Node).
      const drained = new Promise<void>((resolve) => app.server.close(() => resolve()));
      // Real-time clients dropped, job runner and mail worker stopped once their pass under way is done
      // (preClose); from here a request on a kept-alive connection is answered 503.
      await app.close();
      // A request still unanswered after 7 s is cut off, so that the database is still closed cleanly in time.
      await Promise.race([drained, sleep(7000).then(() => app.server.closeAllConnections())]);
      await Promise.race([ctx.mail.flush(), sleep(1500)]);
      if (redis) await Promise.all([redis.client.quit(), redis.pub.quit(), redis.sub.quit()]);
      await flushServerErrorReporting(1000);
      await database.close();
      app.log.info('Shut down');
      process.exit(0);
    } catch (e) {
      app.log.error({ err: e }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

// Last line of defence: a rejection nobody handled is a bug to log, never a reason to stop serving.
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled rejection (kept running):', reason);
});

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
