import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Advisory lock key shared by every process that migrates or seeds. */
const MIGRATION_LOCK = 7_402_001;

/**
 * Applies the committed migrations. Several processes may start at once against one PostgreSQL:
 * the advisory lock makes them take turns, and the later ones find nothing left to do.
 */
export async function migrateDatabase(database: Database, then?: () => Promise<void>): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
    await then?.();
    return;
  }
  await database.withSession(async (session) => {
    await session.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migratePg(session as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_DIR });
      await then?.();
    } finally {
      await session.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
