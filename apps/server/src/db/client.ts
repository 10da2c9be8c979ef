import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** Drizzle over either driver. Repos take `Db` (a transaction is one too). */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** The connection string, for components that need a dedicated session (advisory locks). */
  readonly url: string | null;
  /**
   * Runs `fn` on one dedicated session: advisory locks belong to a session, so lock, work and
   * unlock must share a connection. On PGlite there is only one connection and one process.
   */
  withSession<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory (tests). */
  pgliteDir?: string | undefined;
  poolMax?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts.poolMax ?? 10) : openPglite(opts.pgliteDir);
}

async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    url: null,
    withSession: (fn) => fn(db),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle client that dies (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    withSession: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(drizzlePg(client) as unknown as Db);
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
