import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/test-db.ts';
import { seedAll } from '../seed.ts';
import { migrateDatabase } from './migrate.ts';

// Runs on PGlite by default and on the real PostgreSQL when TEST_DATABASE_URL is set: the same
// committed migrations must build the same tables on both.
describe(`migrations on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  const drops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(drops.splice(0).map((d) => d()));
  });

  it('creates every table, and a second run (and seed) changes nothing', async () => {
    const fresh = await freshDatabase();
    drops.push(fresh.drop);
    const seed = () => seedAll(fresh.database.db, Date.now());
    await migrateDatabase(fresh.database, seed);
    const tables = async () => {
      const r = await fresh.database.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      return (r as unknown as { rows: { table_name: string }[] }).rows.map((x) => x.table_name);
    };
    const navCount = async () => {
      const r = await fresh.database.db.execute<{ n: number }>(sql`select count(*)::int as n from nav_items`);
      return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const before = await tables();
    expect(before).toEqual(expect.arrayContaining(['users', 'nav_items', 'reward_histories', 'box_openings']));
    const navBefore = await navCount();
    await migrateDatabase(fresh.database, seed);
    expect(await tables()).toEqual(before);
    expect(await navCount()).toBe(navBefore);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('lets several processes migrate one database at once', async () => {
    const fresh = await freshDatabase();
    drops.push(fresh.drop);
    const { openDatabase } = await import('./client.ts');
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url: fresh.url!, poolMax: 2 })));
    try {
      await Promise.all(others.map((d) => migrateDatabase(d, () => seedAll(d.db, Date.now()))));
      const r = await fresh.database.db.execute<{ n: number }>(sql`select count(*)::int as n from nav_items`);
      expect((r as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await Promise.all(others.map((d) => d.close()));
    }
  });
});
