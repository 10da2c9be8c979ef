import { MONEY_MODIFY_EVENT } from '@kaixiang/shared/wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
import { AppError } from '../../http/app-error.ts';
import { balancesOf, createLedger, type Ledger, postTransfer } from './ledger.ts';
import { assertLedgerBalanced, checkLedger } from './ledger-check.ts';

describe('ledger', () => {
  let t: TestApp;
  let ledger: Ledger;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    ledger = createLedger({ db: t.rt.database.db, bus: t.rt.bus, clock: t.rt.clock, transaction: t.rt.transaction });
    a = await registerUser(t);
    b = await registerUser(t);
  });
  afterAll(() => t.close());
  const db = () => t.rt.database.db;
  const faucet = (userId: number, amount: number, key: string) =>
    ledger.transaction(({ post }) =>
      post({
        kind: 'test_credit',
        key,
        currency: 'coin',
        legs: [
          { account: { userId }, amount },
          { account: { house: 'test_faucet' }, amount: -amount },
        ],
      }),
    );

  it('credits once per idempotency key and pushes the committed balance to the user room', async () => {
    const pushed: unknown[] = [];
    const off = t.rt.bus.subscribe((m) => {
      if (m.room === `user:${a.userId}` && m.type === MONEY_MODIFY_EVENT) pushed.push(m.data);
    });
    const first = await faucet(a.userId, 50_000, 'k1');
    const again = await faucet(a.userId, 50_000, 'k1');
    // Through Redis the push arrives a moment later; the replay must not push a second time.
    await vi.waitFor(() => expect(pushed).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    off();
    expect(first.duplicate).toBe(false);
    expect(first.balances.get(a.userId)).toBe(50_000);
    expect(again).toMatchObject({ duplicate: true, transferId: first.transferId });
    expect((await balancesOf(db(), a.userId)).coin).toBe(50_000);
    expect(pushed).toEqual([{ type: 2, money: 50_000, mall_quota: 0 }]);
    await assertLedgerBalanced(db());
  });

  it('refuses a debit beyond the balance in the write itself and rolls the transfer back', async () => {
    const move = (amount: number, key: string) =>
      ledger.transaction(({ post }) =>
        post({
          kind: 'box_open',
          key,
          currency: 'coin',
          legs: [
            { account: { userId: a.userId }, amount: -amount },
            { account: { house: 'box_revenue' }, amount },
          ],
        }),
      );
    await expect(move(50_001, 'too-much')).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    const none = await db().select().from(ledgerTransfers).where(sql`idem_key = 'too-much'`);
    expect(none).toHaveLength(0);
    await move(50_000, 'all-of-it');
    expect((await balancesOf(db(), a.userId)).coin).toBe(0);
    // A user who never had an account cannot be debited either.
    await expect(
      ledger.transaction(({ post }) =>
        post(
          {
            kind: 'mall_buy',
            key: 'nobody',
            currency: 'quota',
            legs: [
              { account: { userId: b.userId }, amount: -1 },
              { account: { house: 'mall_revenue' }, amount: 1 },
            ],
          },
          'QUOTA_INSUFFICIENT',
        ),
      ),
    ).rejects.toBeInstanceOf(AppError);
    await assertLedgerBalanced(db());
  });

  it('refuses unbalanced transfers before and inside the database', async () => {
    await expect(
      t.rt.transaction((tx) =>
        postTransfer(
          tx,
          { kind: 'x', key: 'unbalanced', currency: 'coin', legs: [{ account: { userId: a.userId }, amount: 5 }] },
          new Date(),
        ),
      ),
    ).rejects.toThrow(/does not balance/);
    // Bypassing the code: a lone entry is refused at commit by the deferred trigger.
    await expect(
      t.rt.transaction(async (tx) => {
        const [tr] = await tx
          .insert(ledgerTransfers)
          .values({ kind: 'x', idemKey: 'raw', createdAt: new Date() })
          .returning();
        const [acct] = await tx.select().from(ledgerAccounts).where(sql`owner = 'h:promotions' and currency = 'coin'`);
        await tx.insert(ledgerEntries).values({
          transferId: tr?.id ?? 0,
          accountId: acct?.id ?? 0,
          currency: 'coin',
          amount: 7,
          createdAt: new Date(),
        });
      }),
    ).rejects.toThrow();
    await assertLedgerBalanced(db());
  });

  it('keeps entries and transfers append-only', async () => {
    await expect(db().execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_transfers`)).rejects.toThrow();
    await expect(
      db().execute(sql`update ledger_accounts set balance = -1 where user_id is not null`),
    ).rejects.toThrow();
  });

  it('ledger check finds a cached balance that disagrees with its entries', async () => {
    await faucet(b.userId, 1_000, 'b1');
    await db().execute(sql`update ledger_accounts set balance = balance + 1 where owner = ${`u:${b.userId}`}`);
    const report = await checkLedger(db());
    expect(report.problems.join('\n')).toMatch(/cached balance 1001 but entries sum to 1000/);
    await db().execute(sql`update ledger_accounts set balance = balance - 1 where owner = ${`u:${b.userId}`}`);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
