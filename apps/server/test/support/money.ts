import type { Currency } from '@kaixiang/shared/wallet';
import { assertLedgerBalanced } from '../../src/modules/ledger/ledger-check.ts';
import type { TestApp } from './test-app.ts';

/** Credits a player through the dev faucet: a real balanced transfer (kind test_credit). */
export async function credit(t: TestApp, userId: number, amount: number, currency: Currency = 'coin'): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/dev/test/credit',
    payload: { user_id: userId, amount, currency },
  });
  if (res.statusCode !== 200) throw new Error(`credit failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { balance: number } }).data.balance;
}

/** Throws, listing every problem, unless the ledger balances (ARCHITECTURE.md §Money). */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  await assertLedgerBalanced(t.rt.database.db);
}
