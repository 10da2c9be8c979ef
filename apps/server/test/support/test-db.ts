import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.ts';

/**
 * A fresh, empty database for one test app: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `drop`). A database per app keeps
 * test files independent when they run in parallel against one server.
 */
export async function freshDatabase(): Promise<{ database: Database; url: string | null; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    return { database, url: null, drop: () => database.close() };
  }
  const name = `kx_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 5 });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** Another connection pool on a database made by freshDatabase; closing it leaves the database. */
export async function sharedDatabase(url: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const database = await openDatabase({ url, poolMax: 5 });
  return { database, drop: () => database.close() };
}
