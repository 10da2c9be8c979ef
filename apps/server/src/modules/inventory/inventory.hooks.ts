import type { ErrorKey } from '@kaixiang/shared/errors';
import type { Db, Tx } from '../../db/client.ts';
import { paymentsRepo } from '../payments/payments.repo.ts';

/**
 * Rules the recharge issue owns, asked by the inventory. Kept as small hooks so that issue changes
 * one place: today they read the ledger only.
 */

/**
 * Why this player may not retrieve items now, or null. The recharge issue fills in "an unpaid
 * recharge order exists" → RETRIEVE_BLOCKED_UNPAID (spec 2 §5); checked before anything else.
 */
export type RetrievalBlocker = (userId: number) => Promise<ErrorKey | null>;
export const noRetrievalBlocker: RetrievalBlocker = async () => null;

/**
 * The recharge rule (spec 2 §5 "Unpaid recharge blocks retrieval of prizes"; docs/payments.md
 * "Item retrieval"): items may not leave for Steam while money that bought them was never really
 * paid —
 * - a reversed (charged-back) order: the money was taken back → RETRIEVE_BLOCKED_UNPAID;
 * - an order an anchor settled with anchor credit (quick recharge, provider txn `anchor:…`): no
 *   money came in at all → RETRIEVE_BLOCKED_ANCHOR.
 * Both hold until an operator settles the account. A pending order does not block: an abandoned
 * QR expires by itself, and blocking on it would let the recharge dialog lock a player out.
 */
export function unpaidRechargeBlocker(db: Db | Tx): RetrievalBlocker {
  return async (userId) => {
    const unpaid = await paymentsRepo.unpaidFlags(db, userId);
    if (unpaid.reversed) return 'RETRIEVE_BLOCKED_UNPAID';
    if (unpaid.anchor) return 'RETRIEVE_BLOCKED_ANCHOR';
    return null;
  };
}
