import pg from 'pg';

/**
 * The PostgreSQL server the benches make their scratch databases on: DATABASE_URL, else the
 * local one CI and the machines run.
 */
export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** One statement on a connection of its own (create / drop database cannot run in a pool's transaction). */
export async function admin(statement: string): Promise<Record<string, unknown>[]> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return (await c.query(statement)).rows;
  } finally {
    await c.end();
  }
}

/** The URL of database `name` on the same server. */
export function dbUrl(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}
