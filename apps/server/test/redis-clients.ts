import { createClient, type RedisClientType } from 'redis';

/** The Redis of the services pass. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Connected Redis clients as an app takes them (a client, a publisher, a subscriber), all quit together at the end of a file. */
export function redisClients() {
  const clients: RedisClientType[] = [];
  return {
    async trio() {
      const client = createClient({ url: REDIS_URL }) as RedisClientType;
      await client.connect();
      const pub = client.duplicate();
      const sub = client.duplicate();
      await Promise.all([pub.connect(), sub.connect()]);
      clients.push(client, pub, sub);
      return { client, pub, sub };
    },
    quitAll: () => Promise.all(clients.map((c) => c.quit().catch(() => undefined))),
  };
}
