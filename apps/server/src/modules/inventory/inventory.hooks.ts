import type { ErrorKey } from '@kaixiang/shared/errors';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

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
 * The recharge rule (spec 2 §5 "Unpaid recharge blocks retrieval of prizes"; docs/decisions.md
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
    const r = await db.execute(sql`
      select bool_or(status = 5) as reversed, bool_or(status = 2 and provider_txn_id like 'anchor:%') as anchor
      from recharge_orders where user_id = ${userId} and status in (2, 5)`);
    const row = ((r as unknown as { rows: { reversed: boolean | null; anchor: boolean | null }[] }).rows ?? [])[0];
    if (row?.reversed) return 'RETRIEVE_BLOCKED_UNPAID';
    if (row?.anchor) return 'RETRIEVE_BLOCKED_ANCHOR';
    return null;
  };
}
