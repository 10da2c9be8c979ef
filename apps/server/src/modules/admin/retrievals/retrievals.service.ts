import { ADMIN_REASON_MAX } from '@kaixiang/shared/admin-players';
import type {
  RetrievalCancelResponse,
  RetrievalQueueResponse,
  RetrievalRetryResponse,
  retrievalQueueQuery,
} from '@kaixiang/shared/admin-retrievals';
import { ITEM_STATUS, type OfferState } from '@kaixiang/shared/inventory';
import type { Locale } from '@kaixiang/shared/locale';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../infra/clock.ts';
import { inventoryRepo } from '../../inventory/inventory.repo.ts';
import type { TradeService } from '../../inventory/trade.service.ts';
import type { TradeBot } from '../../inventory/trade-bot.ts';
import type { AdminActor } from '../admin-access.ts';
import { recordAudit } from '../audit.ts';
import { retrievalsRepo } from './retrievals.repo.ts';

export interface RetrievalsAdminDeps {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** The player's own retrieval path: a retry goes through it, never a second one. */
  trade: TradeService;
  /** The adapter that sent the offers (null when none is configured): a cancel withdraws there first. */
  bot: TradeBot | null;
}

/** Offers whose items came back as "retrieval failed" (docs/console/retrievals.md). */
export const RETRYABLE_STATES: readonly OfferState[] = ['declined', 'failed'];

function reasonOf(raw: string): string {
  const reason = raw.trim();
  if (reason.length === 0 || [...reason].length > ADMIN_REASON_MAX) throw new AppError('RETRIEVAL_REASON_INVALID');
  return reason;
}

const target = (id: number) => `retrieval:${id}`;

/** The console's retrieval queue, retry and cancel (docs/console/retrievals.md). */
export function createRetrievalsAdmin(deps: RetrievalsAdminDeps) {
  const { db, clock } = deps;

  return {
    async queue(q: z.output<typeof retrievalQueueQuery>, locale: Locale): Promise<RetrievalQueueResponse> {
      const { rows, total } = await retrievalsRepo.page(db, {
        ...(q.state ? { state: q.state } : {}),
        ...(q.user_id !== undefined ? { userId: q.user_id } : {}),
        page: q.page,
        pageSize: q.page_size,
      });
      const items = await retrievalsRepo.items(
        db,
        rows.flatMap((r) => r.offer.itemIds),
        locale,
      );
      const byId = new Map(items.map((i) => [i.id, i]));
      return {
        list: rows.map(({ offer, nickName }) => ({
          id: offer.id,
          user_id: offer.userId,
          nick_name: nickName ?? '',
          items: offer.itemIds.map((id) => {
            const i = byId.get(id);
            return { id, name: i?.name ?? '', price: i?.priceUnits ?? 0, status: i?.status ?? -1 };
          }),
          state: offer.state as OfferState,
          failure: offer.failure,
          bot: offer.bot,
          bot_offer_id: offer.botOfferId,
          created_at: offer.createdAt.getTime(),
          updated_at: (offer.resolvedAt ?? offer.createdAt).getTime(),
        })),
        total,
        page: q.page,
        page_size: q.page_size,
      };
    },

    /**
     * Sends a declined or failed retrieval's items again, through the player's own retrieve (its
     * trade-link, blocker, cooldown and row-lock checks included): a new trade offer. Only the
     * items still "retrieval failed" from this offer are sent; none left is RETRIEVAL_NOT_RETRYABLE.
     * The retrieve commits its own transaction, so the audit record follows it in another one;
     * a send the bot refused is audited too (the items are back, bot_fault) and answered UNAVAILABLE.
     */
    async retry(actor: AdminActor, input: { id: number; reason: string }): Promise<RetrievalRetryResponse> {
      const reason = reasonOf(input.reason);
      const offer = await inventoryRepo.offerById(db, input.id);
      if (!offer) throw new AppError('RETRIEVAL_NOT_FOUND');
      if (!RETRYABLE_STATES.includes(offer.state as OfferState)) throw new AppError('RETRIEVAL_NOT_RETRYABLE');
      const items = await retrievalsRepo.items(db, offer.itemIds, 'en-US');
      const ids = items
        .filter((i) => i.offerId === offer.id && i.status === ITEM_STATUS.retrieveFailed)
        .map((i) => i.id)
        .sort((a, b) => a - b);
      if (ids.length === 0) throw new AppError('RETRIEVAL_NOT_RETRYABLE');
      const audit = (after: unknown) =>
        deps.transaction((tx) =>
          recordAudit(
            tx,
            actor,
            {
              action: 'retrieval.retry',
              target: target(offer.id),
              before: { state: offer.state, failure: offer.failure, item_ids: ids },
              after,
              reason,
            },
            new Date(clock.now()),
          ),
        );
      try {
        const sent = await deps.trade.retrieve(offer.userId, ids);
        await audit({ offer_id: sent.offer_id, item_ids: sent.ids });
        return { id: offer.id, offer_id: sent.offer_id, item_ids: sent.ids };
      } catch (err) {
        if (err instanceof AppError && err.key === 'UNAVAILABLE') {
          await audit({ ...(err.options.data as object), send_failed: true });
        }
        throw err;
      }
    },

    /**
     * Withdraws a pending offer that reached the bot and returns its items to normal, as the
     * 12-hour expiry does (state and cause `expired`). The bot withdraws first; when it cannot
     * (the offer may just have been accepted) nothing changes. Then the trade service resolves it
     * under the offer's row lock, only from pending: a second cancel, or an outcome that came
     * first, finds it resolved.
     */
    async cancel(actor: AdminActor, input: { id: number; reason: string }): Promise<RetrievalCancelResponse> {
      const reason = reasonOf(input.reason);
      const offer = await inventoryRepo.offerById(db, input.id);
      if (!offer) throw new AppError('RETRIEVAL_NOT_FOUND');
      // Not sent yet (a send in flight could still deliver) or already resolved: refused.
      if (offer.state !== 'pending' || !offer.botOfferId) throw new AppError('RETRIEVAL_NOT_CANCELLABLE');
      if (!deps.bot || deps.bot.name !== offer.bot) throw new AppError('RETRIEVAL_BOT_CANCEL_FAILED');
      try {
        await deps.bot.cancelOffer(offer.botOfferId);
      } catch {
        throw new AppError('RETRIEVAL_BOT_CANCEL_FAILED');
      }
      // Resolved by the trade service as the 12-hour expiry is (items back to normal, the player
      // told), with the audit record in the same transaction.
      let ids: number[] = [];
      const done = await deps.trade.cancelWithdrawn(offer.id, async (tx, locked, itemIds, now) => {
        ids = itemIds;
        await recordAudit(
          tx,
          actor,
          {
            action: 'retrieval.cancel',
            target: target(locked.id),
            before: {
              state: locked.state,
              failure: locked.failure,
              item_ids: itemIds,
              item_status: ITEM_STATUS.retrieving,
            },
            after: { state: 'expired', failure: 'expired', item_ids: itemIds, item_status: ITEM_STATUS.normal },
            reason,
          },
          now,
        );
      });
      if (!done) throw new AppError('RETRIEVAL_NOT_CANCELLABLE');
      return { id: offer.id, state: 'expired', item_ids: ids };
    },
  };
}

export type RetrievalsAdmin = ReturnType<typeof createRetrievalsAdmin>;
