import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/support/test-app.ts';
import { postTransfer } from '../ledger/ledger.ts';
import { RECHARGE_KIND } from '../ledger/recharges.ts';

export const Y = 10_000;

/**
 * A recharge as the payments module books it (kind 'recharge', payments_in → the player's coins),
 * dated `atMs` (default now) so tests can place it in an earlier day, week or month.
 */
export async function recharge(t: TestApp, userId: number, units: number, atMs?: number): Promise<void> {
  await t.rt.transaction((tx) =>
    postTransfer(
      tx,
      {
        kind: RECHARGE_KIND,
        key: `test-recharge:${randomUUID()}`,
        currency: 'coin',
        legs: [
          { account: { house: 'payments_in' }, amount: -units },
          { account: { userId }, amount: units },
        ],
      },
      new Date(atMs ?? t.rt.clock.now()),
    ),
  );
}
