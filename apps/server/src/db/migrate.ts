import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { serverPath } from '../server-root.ts';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = serverPath('drizzle');
/** Advisory lock key shared by every process that migrates or seeds. */
const MIGRATION_LOCK = 7_402_001;

/**
 * Applies the committed migrations. Several processes may start at once against one PostgreSQL:
 * the advisory lock makes them take turns, and the later ones find nothing left to do.
 */
export async function migrateDatabase(database: Database, then?: () => Promise<void>): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
    await applyGuards(database);
    await then?.();
    return;
  }
  await database.withSession(async (session) => {
    await session.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migratePg(session as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_DIR });
      for (const statement of GUARDS) await session.execute(sql.raw(statement));
      await then?.();
    } finally {
      await session.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}

/**
 * Triggers and functions the schema DSL cannot express, applied after every migration run in this
 * order (idempotent): db/guards.sql, then the server-side functions of db/functions/ that turn a
 * money operation into one statement (docs/money-and-items.md, Ledger "One round trip").
 */
const SQL_FILES = [
  'src/db/guards.sql',
  'src/db/functions/protection.sql',
  'src/db/functions/ledger.sql',
  'src/db/functions/boxes.sql',
  'src/db/functions/upgrade.sql',
  'src/db/functions/turntable.sql',
  'src/db/functions/bags.sql',
  'src/db/functions/rain.sql',
  'src/db/functions/points-shop.sql',
  'src/db/functions/command-items.sql',
  'src/db/functions/wishing-well.sql',
  'src/db/functions/boards.sql',
];
const GUARDS = SQL_FILES.flatMap((file) =>
  readFileSync(serverPath(file), 'utf8')
    .split(/^--;;$/m)
    .map((s) => s.trim())
    .filter((s) => s.replace(/^--.*$/gm, '').trim() !== ''),
);

async function applyGuards(database: Database): Promise<void> {
  for (const statement of GUARDS) await database.db.execute(sql.raw(statement));
}
