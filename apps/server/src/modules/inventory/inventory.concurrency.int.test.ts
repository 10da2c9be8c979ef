import { ITEM_PATHS, ITEM_STATUS } from '@kaixiang/shared/inventory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/support/accounts.ts';
import { giveItems, itemRow, setTradeLink } from '../../../test/support/items.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { tradeOffers } from '../../db/schema/trade.ts';
import { balancesOf } from '../ledger/ledger.ts';

const LINK = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_123';

/** Races on the real PostgreSQL (PGlite runs one statement at a time and would prove nothing). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('one item, many hands, on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error', SANDBOX_TRADE_MODE: 'manual' } });
  });
  afterAll(() => t.close());

  it('10 sells, 10 recycles and 10 retrievals of one item at once: exactly one wins', async () => {
    const u = await registerUser(t);
    await setTradeLink(t, u.userId, LINK);
    const [id] = (await giveItems(t, u.userId, [{ price: 12_345 }])) as [number];
    const headers = { authorization: `Bearer ${u.tokens.access_token}` };
    const calls = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? t.api('POST', ITEM_PATHS.sell, { headers, body: { _id: id } })
        : i % 3 === 1
          ? t.api('POST', ITEM_PATHS.recycle, { headers, body: { ids: [id] } })
          : t.api('POST', ITEM_PATHS.retrieve, { headers, body: { ids: [id] } }),
    );
    const results = await Promise.all(calls);
    const wins = results.filter((r) => r.body.code === 0 || r.body.code === 200);
    expect(wins).toHaveLength(1);
    expect(results.filter((r) => r.body.error === 'ITEM_NOT_AVAILABLE')).toHaveLength(29);

    const row = await itemRow(t, id);
    const money = await balancesOf(t.rt.database.db, u.userId);
    const offers = await t.rt.database.db.select().from(tradeOffers).where(eq(tradeOffers.userId, u.userId));
    if (row.status === ITEM_STATUS.retrieving) {
      expect(money).toMatchObject({ coin: 0, quota: 0 });
      expect(offers).toHaveLength(1);
    } else {
      expect(row.status).toBe(ITEM_STATUS.sold);
      expect(money.coin + money.quota).toBe(12_345);
      expect(row.disposal === 'sell' ? money.coin : money.quota).toBe(12_345);
      expect(offers).toHaveLength(0);
    }
    await expectLedgerBalanced(t);
  });

  it('a sale of a list double-clicked 20 times pays once', async () => {
    const u = await registerUser(t);
    const ids = await giveItems(t, u.userId, [{ price: 100 }, { price: 200 }, { price: 300 }]);
    const headers = { authorization: `Bearer ${u.tokens.access_token}` };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.api('POST', ITEM_PATHS.sell, { headers, body: { _id: ids } })),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(600);
    await expectLedgerBalanced(t);
  });

  it('overlapping sales of two lists in opposite orders do not deadlock, and pay each item once', async () => {
    const u = await registerUser(t);
    const ids = await giveItems(
      t,
      u.userId,
      Array.from({ length: 20 }, () => ({ price: 10 })),
    );
    const headers = { authorization: `Bearer ${u.tokens.access_token}` };
    const lists = Array.from({ length: 10 }, (_, i) => {
      const slice = ids.slice(i, i + 11);
      return i % 2 ? slice.reverse() : slice;
    });
    const results = await Promise.all(lists.map((l) => t.api('POST', ITEM_PATHS.sell, { headers, body: { _id: l } })));
    const paid = results.filter((r) => r.body.code === 0).map((r) => (r.body.data as { ids: number[] }).ids);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.body.code === 0 || r.body.error === 'ITEM_NOT_AVAILABLE')).toBe(true);
    const sold = paid.flat();
    expect(new Set(sold).size).toBe(sold.length);
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(sold.length * 10);
    await expectLedgerBalanced(t);
  });
});
