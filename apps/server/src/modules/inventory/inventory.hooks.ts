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
 * The recharge rule (docs/decisions.md "Payments"): a player with a reversed (charged-back) recharge
 * order may not retrieve items until an operator settles it, because the money that bought them
 * was taken back. A pending order does not block: an abandoned QR expires by itself, and blocking
 * on it would let the recharge dialog lock a player out of their items.
 */
export function reversedRechargeBlocker(db: Db | Tx): RetrievalBlocker {
  return async (userId) => {
    const r = await db.execute(sql`select 1 from recharge_orders where user_id = ${userId} and status = 5 limit 1`);
    return ((r as unknown as { rows: unknown[] }).rows ?? []).length > 0 ? 'RETRIEVE_BLOCKED_UNPAID' : null;
  };
}
