import {
  ITEM_STATUS,
  ITEM_UPDATE_EVENT,
  type ItemUpdatePush,
  MAX_ITEMS_PER_ACTION,
  RETENTION_RECHARGED_MS,
  RETENTION_UNRECHARGED_MS,
} from '@kaixiang/shared/inventory';
import { userRoom } from '@kaixiang/shared/socket';
import { and, asc, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userItems } from '../../db/schema/items.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { hasRecharged, rechargedSql } from '../ledger/recharges.ts';
import { disposeItemsTx } from './inventory.service.ts';

/** Items looked at per run; the job runs every minute, so a backlog drains at 200 a minute. */
export const RETENTION_BATCH = 200;

/**
 * Retention (help pages; docs/money-and-items.md "Inventory"): an item still held — normal or retrieval
 * failed — is sold automatically at its price after 8 hours for a player who never recharged,
 * after 30 days for one who did. Items being retrieved are left alone. One ledger transaction per
 * player per run; each item is its own transfer (`item_auto_sell:<id>`), so a rerun after a
 * crash pays nothing twice.
 */
export function createRetentionJob(deps: { db: Db; ledger: Ledger; clock: Clock; bus: EventBus }) {
  return {
    async run(signal?: AbortSignal): Promise<number> {
      const now = deps.clock.now();
      const shortCutoff = new Date(now - RETENTION_UNRECHARGED_MS);
      const longCutoff = new Date(now - RETENTION_RECHARGED_MS);
      const candidates = await deps.db
        .select({ id: userItems.id, userId: userItems.userId })
        .from(userItems)
        .where(
          and(
            inArray(userItems.status, [ITEM_STATUS.normal, ITEM_STATUS.retrieveFailed]),
            lt(userItems.createdAt, shortCutoff),
            or(lt(userItems.createdAt, longCutoff), sql`not ${rechargedSql(sql`${userItems.userId}`)}`),
          ),
        )
        .orderBy(asc(userItems.createdAt), asc(userItems.id))
        .limit(RETENTION_BATCH);
      // One transaction per player and per MAX_ITEMS_PER_ACTION of their items.
      const batches: { userId: number; ids: number[] }[] = [];
      const open = new Map<number, number[]>();
      for (const c of candidates) {
        let ids = open.get(c.userId);
        if (!ids || ids.length >= MAX_ITEMS_PER_ACTION) {
          ids = [];
          open.set(c.userId, ids);
          batches.push({ userId: c.userId, ids });
        }
        ids.push(c.id);
      }

      let sold = 0;
      let failure: unknown = null;
      for (const { userId, ids } of batches) {
        if (signal?.aborted) break;
        try {
          const r = await deps.ledger.transaction(async (lt) => {
            // Asked again under the transaction: a recharge that just landed lengthens the period.
            const cutoff = (await hasRecharged(lt.tx, userId)) ? longCutoff : shortCutoff;
            const rows = await lt.tx
              .select({ id: userItems.id, createdAt: userItems.createdAt })
              .from(userItems)
              .where(inArray(userItems.id, ids));
            const due = rows.filter((x) => x.createdAt < cutoff).map((x) => x.id);
            if (due.length === 0) return null;
            return disposeItemsTx(lt, userId, due, 'auto_sell', { skipUnavailable: true });
          });
          if (!r) continue;
          sold += r.ids.length;
          const push: ItemUpdatePush = { ids: r.ids, status: ITEM_STATUS.sold, failure: null, offer_id: null };
          await deps.bus.publish(userRoom(userId), ITEM_UPDATE_EVENT, push).catch(() => undefined);
        } catch (e) {
          // Every item changed meanwhile (sold by the player, sent to retrieval): nothing to do.
          // Anything else is reported after the other players' items are done, so one bad row
          // cannot hold back everybody's retention.
          if (!(e instanceof AppError && e.key === 'NO_ITEMS_TO_SELL')) failure ??= e;
        }
      }
      if (failure) throw failure;
      return sold;
    },
  };
}

export type RetentionJob = ReturnType<typeof createRetentionJob>;
