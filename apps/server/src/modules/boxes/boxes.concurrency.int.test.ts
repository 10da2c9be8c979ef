import { randomUUID } from 'node:crypto';
import { BOX_PATHS, type BoxListResponse, FAIRNESS_PATHS, type SeedResponse } from '@kaixiang/shared/boxes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { boxOpenings } from '../../db/schema/games.ts';
import { userItems } from '../../db/schema/items.ts';

/**
 * Races on the real PostgreSQL (PGlite runs one statement at a time and would prove nothing).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('opening boxes at once on PostgreSQL', () => {
  let t: TestApp;
  let box: { box_id: number; price: number };
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
    const list = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const first = list.categories[0]?.boxes[0];
    if (!first) throw new Error('no boxes');
    box = first;
  });
  afterAll(() => t.close());

  it('50 parallel openings with balance for 10: exactly 10 succeed, nonces unique, ledger balanced', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, box.price * 10);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        asUser(t, u.tokens.access_token, 'POST', BOX_PATHS.open, {
          box_id: box.box_id,
          count: 1,
          request_id: randomUUID(),
        }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 4201)).toHaveLength(40);
    const db = t.rt.database.db;
    const rolls = await db.select().from(boxOpenings).where(eq(boxOpenings.userId, u.userId));
    expect(rolls).toHaveLength(10);
    expect(new Set(rolls.map((r) => r.nonce)).size).toBe(10);
    expect(Math.max(...rolls.map((r) => r.nonce ?? -1))).toBe(9);
    expect(await db.select().from(userItems).where(eq(userItems.userId, u.userId))).toHaveLength(10);
    const seed = await asUser<SeedResponse>(t, u.tokens.access_token, 'GET', FAIRNESS_PATHS.seed);
    expect(seed.body.data.active.nonce).toBe(10);
    const money = await asUser<{ std_money: number }>(
      t,
      u.tokens.access_token,
      'GET',
      '/usercenter/v1/user/get-std-money',
    );
    expect(money.body.data.std_money).toBe(0);
    await expectLedgerBalanced(t);
  });

  it('one request id sent 20 times at once debits once and grants one set of items', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, box.price * 20);
    const requestId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        asUser<{ opening_id: number }>(t, u.tokens.access_token, 'POST', BOX_PATHS.open, {
          box_id: box.box_id,
          count: 5,
          request_id: requestId,
        }),
      ),
    );
    expect(results.every((r) => r.body.code === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.opening_id)).size).toBe(1);
    const items = await t.rt.database.db.select().from(userItems).where(eq(userItems.userId, u.userId));
    expect(items).toHaveLength(5);
    const money = await asUser<{ std_money: number }>(
      t,
      u.tokens.access_token,
      'GET',
      '/usercenter/v1/user/get-std-money',
    );
    expect(money.body.data.std_money).toBe(box.price * 15);
    await expectLedgerBalanced(t);
  });

  it('rotating the seed while openings run never reuses a nonce of one seed pair', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, box.price * 30);
    const ops = Array.from({ length: 30 }, (_, i) =>
      i % 6 === 0
        ? asUser(t, u.tokens.access_token, 'POST', FAIRNESS_PATHS.rotate, {})
        : asUser(t, u.tokens.access_token, 'POST', BOX_PATHS.open, {
            box_id: box.box_id,
            count: 1,
            request_id: randomUUID(),
          }),
    );
    const results = await Promise.all(ops);
    expect(results.filter((r) => r.body.code !== 200).map((r) => r.body)).toEqual([]);
    const rolls = await t.rt.database.db.select().from(boxOpenings).where(eq(boxOpenings.userId, u.userId));
    expect(rolls).toHaveLength(25);
    const pairs = rolls.map((r) => `${r.seedId}:${r.nonce}`);
    expect(new Set(pairs).size).toBe(25);
    await expectLedgerBalanced(t);
  });
  it('one player opening on two processes at once: each nonce once, every debit matched by one opening', async () => {
    // A second app on the same database is a second process: its own seed cache and its own queue,
    // so the two race for the player's seed pair in PostgreSQL.
    const other = await startTestApp({ sharing: t, env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
    try {
      const u = await registerUser(t);
      await credit(t, u.userId, box.price * 30);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          asUser(i % 2 ? other : t, u.tokens.access_token, 'POST', BOX_PATHS.open, {
            box_id: box.box_id,
            count: 1,
            request_id: randomUUID(),
          }),
        ),
      );
      const codes = results.map((r) => r.body.code);
      expect(codes.filter((c) => c === 200)).toHaveLength(30);
      expect(codes.filter((c) => c === 4201)).toHaveLength(10);
      const rolls = await t.rt.database.db.select().from(boxOpenings).where(eq(boxOpenings.userId, u.userId));
      expect(rolls).toHaveLength(30);
      expect(new Set(rolls.map((r) => r.nonce)).size).toBe(30);
      expect(Math.max(...rolls.map((r) => r.nonce ?? -1))).toBe(29);
      await expectLedgerBalanced(t);
    } finally {
      await other.close();
    }
  });
  it('a seed pair rotated on another process is not rolled from again', async () => {
    const other = await startTestApp({ sharing: t, env: { LOG_LEVEL: 'error' } });
    try {
      const u = await registerUser(t);
      await credit(t, u.userId, box.price * 2);
      const open = () =>
        asUser<{ items: { roll: { nonce: number; server_seed_hash: string } }[] }>(
          t,
          u.tokens.access_token,
          'POST',
          BOX_PATHS.open,
          { box_id: box.box_id, count: 1, request_id: randomUUID() },
        );
      const before = (await open()).body.data.items[0]?.roll;
      const rotated = await asUser<SeedResponse>(other, u.tokens.access_token, 'POST', FAIRNESS_PATHS.rotate, {});
      const after = (await open()).body.data.items[0]?.roll;
      expect(before?.nonce).toBe(0);
      expect(after).toMatchObject({ nonce: 0, server_seed_hash: rotated.body.data.active.server_seed_hash });
      expect(after?.server_seed_hash).not.toBe(before?.server_seed_hash);
      await expectLedgerBalanced(t);
    } finally {
      await other.close();
    }
  });
});
