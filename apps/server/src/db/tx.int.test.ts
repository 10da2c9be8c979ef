import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/test-db.ts';
import type { Database } from './client.ts';
import { withTransaction } from './tx.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Deadlocks and serialization failures only happen with real concurrency: PostgreSQL only.
describe.skipIf(!onPostgres)('withTransaction on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    drop = fresh.drop;
    await database.db.execute(sql`create table acct (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into acct values (1, 0), (2, 0)`);
  });
  afterAll(() => drop());

  it('retries the loser of a deadlock until both transfers commit', async () => {
    let retries = 0;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Each locks one row, waits for the other to lock the other row, then wants it: a deadlock.
    const transfer = (first: number, second: number) =>
      withTransaction(
        database.db,
        async (tx) => {
          await tx.execute(sql`update acct set n = n + 1 where id = ${first}`);
          await sleep(150);
          await tx.execute(sql`update acct set n = n + 1 where id = ${second}`);
        },
        { onRetry: () => retries++ },
      );
    await Promise.all([transfer(1, 2), transfer(2, 1)]);
    expect(retries).toBeGreaterThanOrEqual(1);
    const r = await database.db.execute<{ id: number; n: number }>(sql`select id, n from acct order by id`);
    expect((r as unknown as { rows: unknown[] }).rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it('retries serialization failures under serializable isolation', async () => {
    let retries = 0;
    const bump = () =>
      withTransaction(
        database.db,
        async (tx) => {
          const r = await tx.execute<{ n: number }>(sql`select n from acct where id = 1`);
          const n = (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
          await new Promise((res) => setTimeout(res, 50));
          await tx.execute(sql`update acct set n = ${n + 1} where id = 1`);
        },
        { isolationLevel: 'serializable', onRetry: () => retries++, maxRetries: 10 },
      );
    const before = (
      (await database.db.execute<{ n: number }>(sql`select n from acct where id = 1`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
    await Promise.all([bump(), bump(), bump()]);
    const after = (
      (await database.db.execute<{ n: number }>(sql`select n from acct where id = 1`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
    // Read-modify-write without retries would lose updates; with them all three land.
    expect(after - before).toBe(3);
    expect(retries).toBeGreaterThanOrEqual(1);
  });

  it('gives up after the bound and surfaces the error', async () => {
    const failure = Object.assign(new Error('could not serialize'), { code: '40001' });
    let runs = 0;
    await expect(
      withTransaction(
        database.db,
        async () => {
          runs++;
          throw failure;
        },
        { maxRetries: 2 },
      ),
    ).rejects.toBe(failure);
    expect(runs).toBe(3);
  });
});
