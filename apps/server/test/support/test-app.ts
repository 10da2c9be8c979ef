import { randomBytes } from 'node:crypto';
import type { Envelope } from '@kaixiang/shared/envelope';
import { signRequest } from '@kaixiang/shared/signature';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Clock } from '../../src/infra/clock.ts';
import type { SteamSessionProvider } from '../../src/modules/delivery/steam/steam-session.ts';
import { createRuntime, type Runtime } from '../../src/runtime.ts';
import { freshDatabase, sharedDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  rt: Runtime;
  /** Redis keys of this deployment start with it (a sharing app uses the same). */
  redisPrefix: string;
  /** A signed API call, as the web client makes it. */
  api<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    opts?: {
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
      lang?: string;
      unsigned?: boolean;
      timestampMs?: number;
      nonce?: string;
      tamper?: (body: string) => string;
      /** The address the request comes from at the socket (a proxy's, or a client's). */
      remoteAddress?: string;
    },
  ): Promise<{ status: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

/** A manually advanced clock for tests that depend on time. */
export function fakeClock(startMs = Date.UTC(2026, 10, 21, 8, 0, 0)): Clock & { advance(ms: number): void } {
  let now = startMs;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
}

/** The least a production configuration needs (secrets set, a public origin): for tests of what production refuses. */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  SIGN_SECRET: 'prod-sign-secret-0123456789',
  TOKEN_SECRET: 'prod-token-secret-0123456789-abcdefgh',
  STAFF_TOTP_KEY: 'prod-staff-totp-key-0123456789-abcdefgh',
  ID_HASH_SECRET: 'prod-id-hash-secret-0123456789-abcdefgh',
  PUBLIC_ORIGIN: 'https://example.test',
};

export async function startTestApp(
  opts: {
    clock?: Clock;
    env?: Record<string, string>;
    /** Another app whose PostgreSQL database this one shares: a second process of one deployment. */
    sharing?: TestApp;
    /** The Steam bots' login (TRADE_BOT=steam): the fake Steam's sessions. */
    steamSession?: SteamSessionProvider;
  } = {},
): Promise<TestApp> {
  const sharedUrl = opts.sharing?.rt.database.url;
  if (opts.sharing && !sharedUrl) throw new Error('only a PostgreSQL database can be shared');
  const fresh = sharedUrl ? await sharedDatabase(sharedUrl) : await freshDatabase();
  const redisPrefix = opts.sharing?.redisPrefix ?? `kx-t-${randomBytes(4).toString('hex')}:`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env.TEST_REDIS_URL,
    WEB_DIST: '/nonexistent',
    ...opts.env,
  });
  const rt = await createRuntime(config, {
    database: fresh.database,
    ...(opts.clock ? { clock: opts.clock } : {}),
    redisPrefix,
  });
  const app = await buildApp(rt, opts.steamSession ? { steamSession: opts.steamSession } : {});
  await app.ready();

  return {
    app,
    rt,
    redisPrefix,
    async api(method, path, o = {}) {
      const url = `/api${path}`;
      let body = o.rawBody ?? (o.body === undefined ? '' : JSON.stringify(o.body));
      const headers: Record<string, string> = { ...o.headers };
      if (o.lang) headers['x-lang'] = o.lang;
      if (body) headers['content-type'] = 'application/json';
      if (!o.unsigned) {
        Object.assign(
          headers,
          await signRequest(
            config.SIGN_SECRET,
            { method, pathWithQuery: url, body },
            o.timestampMs ?? rt.clock.now(),
            o.nonce,
          ),
        );
      }
      if (o.tamper) body = o.tamper(body);
      const res = await app.inject({
        method,
        url,
        headers,
        ...(body ? { payload: body } : {}),
        ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    },
    async close() {
      await app.close();
      await rt.bus.close();
      await rt.redis?.quit().catch(() => {});
      await fresh.drop();
    },
  };
}
