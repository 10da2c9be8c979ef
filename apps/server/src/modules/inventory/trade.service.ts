import type { ErrorKey } from '@kaixiang/shared/errors';
import {
  ITEM_STATUS,
  ITEM_UPDATE_EVENT,
  type ItemStatus,
  type ItemUpdatePush,
  OFFER_TTL_MS,
  type OfferFailure,
  type OfferState,
  RETRIEVE_COOLDOWN_MS,
} from '@kaixiang/shared/inventory';
import { userRoom } from '@kaixiang/shared/socket';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { RetrievalBlocker } from './inventory.hooks.ts';
import { inventoryRepo, type OfferRow, USABLE_STATUSES } from './inventory.repo.ts';
import { checkIds } from './inventory.service.ts';
import type { OfferOutcome, TradeBot } from './trade-bot.ts';

/** An offer still not handed to the bot after this long (a crash after commit) fails as bot_fault. */
export const UNSENT_OFFER_MS = 10 * 60 * 1000;
const EXPIRY_BATCH = 100;

export interface TradeDeps {
  db: Db;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  clock: Clock;
  bus: EventBus;
  bot: TradeBot;
  retrievalBlocker: RetrievalBlocker;
  /**
   * Checks the player's trade link before an offer is made (the Steam adapter: format, trade hold,
   * private inventory; docs/delivery.md): the refusal, or null. Absent: no check.
   */
  checkLink?: (link: string) => Promise<ErrorKey | null>;
  log?: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
}

/** An outcome as applied to the offer and its items. */
type Resolution = { state: Exclude<OfferState, 'pending'>; failure: OfferFailure | null };

function resolutionOf(outcome: OfferOutcome | { state: 'expired' }): Resolution {
  if (outcome.state === 'accepted') return { state: 'accepted', failure: null };
  if (outcome.state === 'declined') return { state: 'declined', failure: 'declined' };
  if (outcome.state === 'expired') return { state: 'expired', failure: 'expired' };
  return { state: 'failed', failure: outcome.failure };
}

/**
 * Retrieval (spec 1 §4 item lifecycle): normal | retrieval failed → retrieving → retrieved, or
 * back to retrieval failed with a cause. The items and the trade_offers row change in one
 * transaction; the bot is called only after it commits (never inside a transaction that may be
 * retried); each outcome is applied once, under the offer's row lock, and only from pending.
 */
export function createTradeService(deps: TradeDeps) {
  const { db, clock, bus, bot } = deps;
  /** Sends in flight: an outcome may arrive before its bot id is stored. */
  const sending = new Set<Promise<unknown>>();

  async function push(userId: number, msg: ItemUpdatePush) {
    await bus.publish(userRoom(userId), ITEM_UPDATE_EVENT, msg).catch(() => undefined);
  }

  /**
   * Applies an outcome to a pending offer; null when it was no longer pending (applied before).
   * `alongside` runs in the same transaction once the offer and its items are resolved (an admin's
   * cancel records its audit there).
   */
  async function resolve(
    where: { id: number } | { bot: string; botOfferId: string },
    outcome: OfferOutcome | { state: 'expired' },
    alongside?: (tx: Tx, offer: OfferRow, itemIds: number[], now: Date) => Promise<void>,
  ): Promise<{ offer: OfferRow; status: ItemStatus; res: Resolution } | null> {
    const done = await deps.transaction(async (tx) => {
      const offer = await inventoryRepo.lockOffer(tx, where);
      if (offer?.state !== 'pending') return null;
      const now = new Date(clock.now());
      const res = resolutionOf(outcome);
      const items = (await inventoryRepo.lockById(tx, offer.itemIds)).filter(
        (i) => i.offerId === offer.id && i.status === ITEM_STATUS.retrieving,
      );
      // An offer nobody answered in 12 hours is cancelled and the item is simply back (spec 1 §4,
      // the retrieval guide); a decline or a failure shows as retrieval failed with its cause.
      const status =
        res.state === 'accepted'
          ? ITEM_STATUS.retrieved
          : res.state === 'expired'
            ? ITEM_STATUS.normal
            : ITEM_STATUS.retrieveFailed;
      await inventoryRepo.update(
        tx,
        items.map((i) => i.id),
        {
          status,
          failure: res.failure,
          // Only a decline makes the player wait (spec 1 §4); other causes may be retried at once.
          retrieveAvailableAt: res.state === 'declined' ? new Date(now.getTime() + RETRIEVE_COOLDOWN_MS) : null,
          updatedAt: now,
        },
      );
      await inventoryRepo.resolveOffer(tx, offer.id, { state: res.state, failure: res.failure, resolvedAt: now });
      await alongside?.(
        tx,
        offer,
        items.map((i) => i.id),
        now,
      );
      return { offer, status, res };
    });
    if (done) {
      await push(done.offer.userId, {
        ids: done.offer.itemIds,
        status: done.status,
        failure: done.res.failure,
        offer_id: done.offer.id,
      });
    }
    return done;
  }

  async function onOfferUpdate(botOfferId: string, outcome: OfferOutcome): Promise<void> {
    const where = { bot: bot.name, botOfferId };
    if (!(await inventoryRepo.findOffer(db, where))) {
      // The bot may answer before sendOffer's caller stored the id: wait for the sends in flight.
      await Promise.allSettled([...sending]);
      if (!(await inventoryRepo.findOffer(db, where))) {
        deps.log?.warn({ botOfferId, outcome }, 'trade offer update for an unknown offer');
        return;
      }
    }
    await resolve(where, outcome);
  }
  bot.onUpdate(onOfferUpdate);

  async function send(offer: OfferRow, items: { id: number; itemDefId: number; exter: number }[]) {
    const names = await inventoryRepo.names(
      db,
      items.map((i) => i.itemDefId),
    );
    const sent = bot.sendOffer({
      offerId: offer.id,
      userId: offer.userId,
      tradeLink: offer.tradeLink,
      items: items.map((i) => ({
        userItemId: i.id,
        itemDefId: i.itemDefId,
        name: names.get(i.itemDefId) ?? '',
        exter: i.exter,
      })),
    });
    const stored = sent.then((r) => inventoryRepo.setBotOfferId(db, offer.id, bot.name, r.botOfferId));
    sending.add(stored);
    try {
      await stored;
      return true;
    } catch (err) {
      deps.log?.error({ err, offerId: offer.id }, 'trade bot could not send the offer');
      await resolve({ id: offer.id }, { state: 'failed', failure: 'bot_fault' });
      return false;
    } finally {
      sending.delete(stored);
    }
  }

  return {
    onOfferUpdate,

    /** Puts the items in one trade offer to the player's trade link. */
    async retrieve(userId: number, ids: readonly number[]): Promise<{ ids: number[]; offer_id: number }> {
      const blocked = await deps.retrievalBlocker(userId);
      if (blocked) throw new AppError(blocked);
      const unique = checkIds(ids, 'ITEM_NOT_FOUND');
      if (deps.checkLink) {
        // Asked before the transaction (Steam may take a while); the link read in it is the one
        // sent, and a link changed meanwhile is checked by the offer's own outcome.
        const link = (await inventoryRepo.steamLink(db, userId)).trim();
        if (!link) throw new AppError('TRADE_LINK_REQUIRED');
        const refusal = await deps.checkLink(link);
        if (refusal) throw new AppError(refusal);
      }
      const { offer, items } = await deps.transaction(async (tx) => {
        const link = (await inventoryRepo.steamLink(tx, userId)).trim();
        if (!link) throw new AppError('TRADE_LINK_REQUIRED');
        const now = new Date(clock.now());
        const locked = await inventoryRepo.lockOwn(tx, userId, unique);
        if (locked.length !== unique.length) throw new AppError('ITEM_NOT_FOUND');
        if (locked.some((r) => !USABLE_STATUSES.includes(r.status as ItemStatus))) {
          throw new AppError('ITEM_NOT_AVAILABLE');
        }
        if (locked.some((r) => r.retrieveAvailableAt && r.retrieveAvailableAt.getTime() > now.getTime())) {
          throw new AppError('RETRIEVE_COOLDOWN');
        }
        const offer = await inventoryRepo.insertOffer(tx, {
          userId,
          itemIds: unique,
          tradeLink: link,
          state: 'pending',
          bot: bot.name,
          createdAt: now,
          expiresAt: new Date(now.getTime() + OFFER_TTL_MS),
        });
        await inventoryRepo.update(tx, unique, {
          status: ITEM_STATUS.retrieving,
          offerId: offer.id,
          failure: null,
          retrieveAvailableAt: null,
          updatedAt: now,
        });
        return { offer, items: locked };
      });
      await push(userId, { ids: unique, status: ITEM_STATUS.retrieving, failure: null, offer_id: offer.id });
      // The items are already back (retrieval failed, bot_fault) when this fails: say so.
      if (!(await send(offer, items))) throw new AppError('UNAVAILABLE', { data: { ids: unique, offer_id: offer.id } });
      return { ids: unique, offer_id: offer.id };
    },

    /**
     * The scheduled expiry (spec 1 §4: an offer not accepted in 12 hours is cancelled and the
     * items return). The bot withdraws the offer first; when it cannot (say it was just
     * accepted), the offer stays pending and its outcome decides. Offers that never reached the
     * bot fail as bot_fault after UNSENT_OFFER_MS.
     */
    async expireOffers(signal?: AbortSignal): Promise<number> {
      const now = clock.now();
      const due = await inventoryRepo.overdueOffers(db, new Date(now), new Date(now - UNSENT_OFFER_MS), EXPIRY_BATCH);
      let n = 0;
      for (const offer of due) {
        if (signal?.aborted) break;
        if (offer.expiresAt.getTime() > now) {
          if (await resolve({ id: offer.id }, { state: 'failed', failure: 'bot_fault' })) n++;
          continue;
        }
        if (offer.botOfferId) {
          try {
            await bot.cancelOffer(offer.botOfferId);
          } catch (err) {
            deps.log?.warn({ err, offerId: offer.id }, 'trade bot could not cancel an expired offer');
            continue;
          }
        }
        if (await resolve({ id: offer.id }, { state: 'expired' })) n++;
      }
      return n;
    },

    /** Development: expire one offer now, whatever its age (the /dev/trade-bot page). */
    async expireNow(offerId: number): Promise<boolean> {
      const offer = await inventoryRepo.offerById(db, offerId);
      if (offer?.botOfferId) await bot.cancelOffer(offer.botOfferId).catch(() => undefined);
      return (await resolve({ id: offerId }, { state: 'expired' })) !== null;
    },

    /**
     * The console's cancel (modules/admin/retrievals): a pending offer the bot has withdrawn is
     * resolved as the 12-hour expiry resolves it (items back to normal), with `alongside` (the
     * audit record) in the same transaction. Null when it was no longer pending.
     */
    async cancelWithdrawn(
      offerId: number,
      alongside: (tx: Tx, offer: OfferRow, itemIds: number[], now: Date) => Promise<void>,
    ): Promise<{ userId: number; itemIds: number[] } | null> {
      const done = await resolve({ id: offerId }, { state: 'expired' }, alongside);
      return done ? { userId: done.offer.userId, itemIds: done.offer.itemIds } : null;
    },

    /** Development: apply an outcome to one of our offers by its id. */
    async report(offerId: number, outcome: OfferOutcome): Promise<boolean> {
      return (await resolve({ id: offerId }, outcome)) !== null;
    },
  };
}

export type TradeService = ReturnType<typeof createTradeService>;
