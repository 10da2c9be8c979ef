/**
 * Server child of the socket fan-out bench: the app as `main.ts` builds it (config, runtime on the
 * embedded database, buildApp), without the scheduled loops, so nothing but the bench publishes.
 * Events go through the app's own path: the event bus (in-process, or Redis when REDIS_URL is
 * set) and the socket hub's room delivery.
 */
import { SITE_ROOM, SOCKET_PATH } from '@kaixiang/shared/socket';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createRuntime } from '../../apps/server/src/runtime.ts';
import { BENCH_EVENT_TYPE } from './protocol.ts';
import { serveBench } from './serve.ts';

const config = loadConfig({
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  REDIS_URL: process.env.REDIS_URL,
});
// Its own key prefix: other engineers' tests share this Redis.
const rt = await createRuntime(config, { pgliteDir: null, redisPrefix: `bench:${process.pid}:` });
const app = await buildApp(rt);
await app.listen({ port: 0, host: '127.0.0.1' });

serveBench({
  port: (app.server.address() as { port: number }).port,
  path: SOCKET_PATH,
  publish: (event) => rt.bus.publish(SITE_ROOM, BENCH_EVENT_TYPE, event),
  async close() {
    await app.close();
    await rt.close();
  },
});
