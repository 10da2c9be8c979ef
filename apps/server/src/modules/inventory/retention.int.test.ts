import { ITEM_STATUS, RETENTION_RECHARGED_MS, RETENTION_UNRECHARGED_MS } from '@kaixiang/shared/inventory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/support/accounts.ts';
import { giveItems, itemRow } from '../../../test/support/items.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { balancesOf, postTransfer } from '../ledger/ledger.ts';
import { hasRecharged } from '../ledger/recharges.ts';

describe('retention: held items are sold automatically', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { SANDBOX_TRADE_MODE: 'manual' } });
  });
  afterAll(() => t.close());

  const recharge = (userId: number, amount: number) =>
    t.rt.transaction((tx) =>
      postTransfer(
        tx,
        {
          kind: 'recharge',
          key: `recharge:test:${userId}`,
          currency: 'coin',
          legs: [
            { account: { userId }, amount },
            { account: { house: 'payments_in' }, amount: -amount },
          ],
        },
        new Date(clock.now()),
      ),
    );
  const run = () => t.app.inventory.retention.run();

  it('after 8 hours for a player who never recharged, after 30 days for one who did', async () => {
    const never = await registerUser(t);
    const paid = await registerUser(t);
    await recharge(paid.userId, 50_000);
    expect(await hasRecharged(t.rt.database.db, paid.userId)).toBe(true);
    expect(await hasRecharged(t.rt.database.db, never.userId)).toBe(false);

    const start = clock.now();
    const n = await giveItems(t, never.userId, [
      { price: 1_000 },
      { price: 2_000, status: ITEM_STATUS.retrieveFailed },
      { price: 4_000, status: ITEM_STATUS.retrieving },
      { price: 8_000, status: ITEM_STATUS.sold },
    ]);
    const p = await giveItems(t, paid.userId, [{ price: 3_000 }]);

    clock.advance(RETENTION_UNRECHARGED_MS);
    await run();
    expect((await itemRow(t, n[0] as number)).status).toBe(ITEM_STATUS.normal);

    clock.advance(1);
    await run();
    expect(await itemRow(t, n[0] as number)).toMatchObject({ status: ITEM_STATUS.sold, disposal: 'auto_sell' });
    expect(await itemRow(t, n[1] as number)).toMatchObject({ status: ITEM_STATUS.sold, disposal: 'auto_sell' });
    // Items on their way to Steam are left alone, sold ones are not sold twice.
    expect((await itemRow(t, n[2] as number)).status).toBe(ITEM_STATUS.retrieving);
    expect((await itemRow(t, n[3] as number)).disposal).toBeNull();
    expect((await balancesOf(t.rt.database.db, never.userId)).coin).toBe(3_000);
    expect((await itemRow(t, p[0] as number)).status).toBe(ITEM_STATUS.normal);
    const keys = await t.rt.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idemKey, `item_auto_sell:${n[0]}`));
    expect(keys.map((k) => k.kind)).toEqual(['item_auto_sell']);

    // A second run pays nothing again.
    await run();
    expect((await balancesOf(t.rt.database.db, never.userId)).coin).toBe(3_000);

    clock.advance(RETENTION_RECHARGED_MS - RETENTION_UNRECHARGED_MS - 1);
    await run();
    expect((await itemRow(t, p[0] as number)).status).toBe(ITEM_STATUS.normal);
    clock.advance(1);
    await run();
    expect(await itemRow(t, p[0] as number)).toMatchObject({ status: ITEM_STATUS.sold, disposal: 'auto_sell' });
    expect((await balancesOf(t.rt.database.db, paid.userId)).coin).toBe(53_000);
    expect(clock.now() - start).toBe(RETENTION_RECHARGED_MS + 1);
    await expectLedgerBalanced(t);
  });

  it('works through a backlog in batches', async () => {
    const u = await registerUser(t);
    await giveItems(
      t,
      u.userId,
      Array.from({ length: 250 }, () => ({ price: 10 })),
    );
    clock.advance(RETENTION_UNRECHARGED_MS + 1);
    expect(await run()).toBe(200);
    expect(await run()).toBe(50);
    expect(await run()).toBe(0);
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(2_500);
    await expectLedgerBalanced(t);
  });
});
