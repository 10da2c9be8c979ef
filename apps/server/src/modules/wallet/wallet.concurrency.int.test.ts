import { randomUUID } from 'node:crypto';
import { ERRORS } from '@kaixiang/shared/errors';
import { WALLET_PATHS } from '@kaixiang/shared/wallet';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { userItems } from '../../db/schema/items.ts';
import { mallItems, mallOrders } from '../../db/schema/mall.ts';

const money = (t: TestApp, token: string) =>
  asUser<{ std_money: number; mall_quota: number }>(t, token, 'GET', '/usercenter/v1/user/get-std-money');

/**
 * Races on the real PostgreSQL (PGlite runs one statement at a time and would prove nothing).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('exchanging and buying at once on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  it('20 parallel exchanges with quota for 5: exactly 5 succeed and the balances add up', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 5 * 10_000, 'quota');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        asUser(t, u.tokens.access_token, 'POST', WALLET_PATHS.exchange, { convert_amount: 10_000 }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === ERRORS.QUOTA_INSUFFICIENT.code)).toHaveLength(15);
    expect((await money(t, u.tokens.access_token)).body.data).toEqual({ std_money: 50_000, mall_quota: 0 });
  });

  it('one exchange request id sent 20 times at once exchanges once', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 100_000, 'quota');
    const request_id = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        asUser(t, u.tokens.access_token, 'POST', WALLET_PATHS.exchange, { convert_amount: 10_000, request_id }),
      ),
    );
    expect(results.map((r) => r.body.code).filter((c) => c !== 200)).toEqual([]);
    expect((await money(t, u.tokens.access_token)).body.data).toEqual({ std_money: 10_000, mall_quota: 90_000 });
  });

  it('20 parallel buys of a product with 3 in stock: exactly 3 are sold, stock ends at 0', async () => {
    const db = t.rt.database.db;
    const [def] = await db.select().from(itemDefs).limit(1);
    if (!def) throw new Error('no catalogue');
    const [p] = await db
      .insert(mallItems)
      .values({ itemDefId: def.id, exter: 5, priceUnits: 10_000, stock: 3, sort: 999 })
      .returning();
    if (!p) throw new Error('no product');
    // Ten buyers, two tries each: races between players and within one player.
    const buyers = await Promise.all(Array.from({ length: 10 }, () => registerUser(t)));
    for (const b of buyers) await credit(t, b.userId, 100_000, 'quota');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        asUser(t, buyers[i % 10]?.tokens.access_token ?? '', 'POST', WALLET_PATHS.mallBuy, {
          mall_item_id: p.id,
          request_id: randomUUID(),
        }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === ERRORS.MALL_SOLD_OUT.code)).toHaveLength(17);
    const [after] = await db.select().from(mallItems).where(eq(mallItems.id, p.id));
    expect(after?.stock).toBe(0);
    expect(await db.select().from(mallOrders).where(eq(mallOrders.mallItemId, p.id))).toHaveLength(3);
    expect(await db.select().from(userItems).where(eq(userItems.source, 'mall'))).toHaveLength(3);
    let paid = 0;
    for (const b of buyers) paid += 100_000 - (await money(t, b.tokens.access_token)).body.data.mall_quota;
    expect(paid).toBe(30_000);
  });

  it('one purchase request id sent 20 times at once pays once and grants one item', async () => {
    const u = await registerUser(t);
    const db = t.rt.database.db;
    const [def] = await db.select().from(itemDefs).limit(1).offset(1);
    if (!def) throw new Error('no catalogue');
    const [p] = await db
      .insert(mallItems)
      .values({ itemDefId: def.id, exter: 5, priceUnits: 10_000, stock: null, sort: 999 })
      .returning();
    if (!p) throw new Error('no product');
    await credit(t, u.userId, 100_000, 'quota');
    const request_id = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        asUser<{ user_item_id: number }>(t, u.tokens.access_token, 'POST', WALLET_PATHS.mallBuy, {
          mall_item_id: p.id,
          request_id,
        }),
      ),
    );
    expect(results.map((r) => r.body.code).filter((c) => c !== 200)).toEqual([]);
    expect(new Set(results.map((r) => r.body.data.user_item_id)).size).toBe(1);
    expect(await db.select().from(userItems).where(eq(userItems.userId, u.userId))).toHaveLength(1);
    expect((await money(t, u.tokens.access_token)).body.data.mall_quota).toBe(90_000);
  });
});
