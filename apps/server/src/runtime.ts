import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { type Database, openDatabase, type Tx } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { type TxOptions, withTransaction } from './db/tx.ts';
import { type EventBus, memoryBus, redisBus } from './infra/bus.ts';
import { type Clock, systemClock } from './infra/clock.ts';
import { type CounterStore, memoryCounters, redisCounters } from './infra/counters.ts';
import { createMetrics, type Metrics } from './infra/metrics.ts';
import { databaseDeferredNonces, memoryNonceStore, type NonceStore, redisNonceStore } from './infra/nonce-store.ts';
import { seedAll } from './seed.ts';

/**
 * Everything the app needs from the outside world, built once from the config (ports in,
 * STYLE.md §4). Embedded mode: PGlite, in-process bus and nonces. Scale-out: PostgreSQL + Redis.
 */
export interface Runtime {
  config: Config;
  database: Database;
  bus: EventBus;
  nonces: NonceStore;
  /** Attempt counters of the guards (login, redeem codes): shared by every process on Redis. */
  counters: CounterStore;
  /** Nonces of refused requests on routes that claim their nonce in their own statement. */
  deferredNonces: ReturnType<typeof databaseDeferredNonces>;
  redis: Redis | null;
  clock: Clock;
  metrics: Metrics;
  /** Prefix of every Redis key this runtime writes (tests run several apps against one Redis). */
  redisPrefix: string;
  /** A transaction retried on serialization failures and deadlocks, counted in the metrics. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: Pick<TxOptions, 'isolationLevel'>): Promise<T>;
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  database?: Database;
  clock?: Clock;
  /** Key prefix for Redis (tests run several apps against one Redis). */
  redisPrefix?: string;
  /** Where PGlite lives; `null` keeps it in memory. */
  pgliteDir?: string | null;
}

export async function createRuntime(config: Config, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const clock = overrides.clock ?? systemClock;
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: overrides.pgliteDir === null ? undefined : (overrides.pgliteDir ?? config.PGLITE_DIR),
      poolMax: config.DB_POOL_MAX,
    }));
  await migrateDatabase(
    database,
    config.SEED ? () => seedAll(database.db, clock.now(), { dev: config.NODE_ENV !== 'production' }) : undefined,
  );

  const prefix = overrides.redisPrefix ?? config.REDIS_PREFIX;
  let redis: Redis | null = null;
  let bus: EventBus;
  let nonces: NonceStore;
  let counters: CounterStore;
  if (config.REDIS_URL) {
    // Commands issued in one tick (the nonce claims of requests that arrived together) go out in
    // one write: under load a round trip and a system call shared instead of one each.
    redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true });
    await redis.connect();
    bus = await redisBus(config.REDIS_URL, prefix);
    nonces = redisNonceStore(redis, `${prefix}nonce:`);
    counters = redisCounters(redis, `${prefix}cnt:`, () => clock.now());
  } else {
    bus = memoryBus();
    nonces = memoryNonceStore(() => clock.now());
    counters = memoryCounters(() => clock.now());
  }

  const metrics = createMetrics();
  return {
    config,
    database,
    bus,
    nonces,
    counters,
    deferredNonces: databaseDeferredNonces(database.db),
    redis,
    clock,
    metrics,
    redisPrefix: prefix,
    transaction: (fn, opts) =>
      withTransaction(database.db, fn, {
        ...opts,
        maxRetries: config.TX_MAX_RETRIES,
        onRetry: () => metrics.txRetries.inc(),
      }),
    async close() {
      await bus.close();
      await redis?.quit().catch(() => {});
      await database.close();
    },
  };
}
