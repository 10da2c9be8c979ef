import { rollWish, wishRtpPpm } from '@kaixiang/game/wish';
import type { Locale } from '@kaixiang/shared/locale';
import type {
  WishCurrency,
  WishEntry,
  WishingWellListResponse,
  WishRecord,
  WishRecordsResponse,
  WishRequest,
  WishResponse,
} from '@kaixiang/shared/wishing-well';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { createKeyedQueue } from '../../infra/keyed-queue.ts';
import { createSeedCache, lockActiveSeed, readActiveSeed, type SeedState } from '../boxes/fair-seeds.ts';
import { balancesOf, type Ledger } from '../ledger/ledger.ts';
import { pick } from '../site/site.service.ts';
import { checkRequestId } from '../wallet/wallet.service.ts';
import { type WishEntryRow, type WishJson, type WishWithEntry, wishingWellRepo } from './wishing-well.repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The wishing well: tests drive it. */
    wishingWell: WishingWellService;
  }
}

export interface WishingWellDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<Ledger, 'pushBalances'>;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}

export const wishEntryName = (e: Pick<WishEntryRow, 'nameZhCn' | 'nameZhTw' | 'nameEn'>, locale: Locale) =>
  pick({ zhCn: e.nameZhCn, zhTw: e.nameZhTw, en: e.nameEn }, locale);

/** An entry's return to player (ppm) from its row. */
export const rtpOf = (e: WishEntryRow): number =>
  wishRtpPpm({
    chancePpm: e.chancePpm,
    worthUnits: e.worthUnits,
    currency: e.currency as WishCurrency,
    price: e.price,
  });

function goodsOf(e: WishEntryRow, image: string | null, quality: number | null, locale: Locale) {
  return {
    name: wishEntryName(e, locale),
    img: image ?? '',
    item_id: e.itemDefId,
    exter: e.exter,
    quality: quality ?? 0,
    worth: e.worthUnits,
  };
}

function toRecord(r: WishWithEntry, locale: Locale): WishRecord {
  return {
    id: r.w.id,
    entry_id: r.w.entryId,
    ...goodsOf(r.e, r.image, r.quality, locale),
    worth: r.w.worthUnits,
    currency: r.w.currency as WishCurrency,
    price: r.w.price,
    chance_ppm: r.w.chancePpm,
    roll: r.w.roll,
    hit: r.w.hit,
    user_item_id: r.w.userItemId,
    created_at: r.w.createdAt.getTime(),
    proof: {
      nonce: r.w.nonce,
      client_seed: r.w.clientSeed,
      server_seed_hash: r.seedHash,
      server_seed: r.revealedAt ? r.serverSeed : null,
    },
  };
}

/**
 * The wishing well (许愿池, issue 22; docs/promotions/wishing-well.md): entries with their chance
 * and return, one wish (rolled from the player's own seed pair, paid and recorded by kx_wish in one
 * statement), and the player's wishes with their proofs.
 */
export function createWishingWellService(deps: WishingWellDeps) {
  const { db, clock } = deps;
  // One player's wishes run one after another in this process: they share one seed pair.
  const queue = createKeyedQueue();
  const seeds = createSeedCache();

  async function recordOf(wishId: number, locale: Locale): Promise<WishRecord> {
    const row = await wishingWellRepo.wishWithEntry(db, wishId);
    if (!row) throw new Error(`wish ${wishId} vanished`);
    return toRecord(row, locale);
  }

  /**
   * Rolls from the player's pair as this process last saw it; kx_wish records the wish only if the
   * pair has not moved since. When it has, roll again in one transaction that locks the pair first,
   * the order the statement itself takes its locks in.
   */
  async function rollAndRecord(userId: number, input: WishRequest): Promise<WishJson> {
    const now = new Date(clock.now());
    const record = (on: Db | Tx, seed: SeedState) => {
      const { roll } = rollWish({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce });
      return wishingWellRepo
        .wish(on, {
          userId,
          entryId: input.entry_id,
          price: input.price,
          chancePpm: input.chance_ppm,
          requestId: input.request_id,
          seed,
          roll,
          now,
        })
        .then((json) => ({ json, seed }));
    };
    try {
      let out = await record(db, seeds.get(userId) ?? (await readActiveSeed(db, userId, now)));
      if (out.json.status === 'stale_seed') {
        seeds.forget(userId);
        out = await deps.transaction(async (tx) => {
          const r = await record(tx, await lockActiveSeed(tx, userId, now));
          if (r.json.status === 'stale_seed') throw new Error('the seed pair moved under its own row lock');
          return r;
        });
      }
      if (out.json.status === 'ok') seeds.set(userId, { ...out.seed, nonce: out.seed.nonce + 1 });
      else seeds.set(userId, out.seed);
      return out.json;
    } catch (e) {
      seeds.forget(userId);
      throw e;
    }
  }

  return {
    async list(userId: number | null, locale: Locale): Promise<WishingWellListResponse> {
      const [rows, balances] = await Promise.all([
        wishingWellRepo.entries(db, true),
        userId === null ? Promise.resolve(null) : balancesOf(db, userId),
      ]);
      const list: WishEntry[] = rows.map(({ e, image, quality }) => ({
        id: e.id,
        ...goodsOf(e, image, quality, locale),
        currency: e.currency as WishCurrency,
        price: e.price,
        chance_ppm: e.chancePpm,
        rtp_ppm: rtpOf(e),
      }));
      return { points: balances?.point ?? null, money: balances?.coin ?? null, list };
    },

    /**
     * One wish at the terms the player confirmed (price and chance): paid, rolled and, on a hit,
     * the item granted, in one statement. A refusal changes nothing and is answered in the
     * player's language; a retried request answers the wish it made.
     */
    async wish(userId: number, input: WishRequest, locale: Locale): Promise<WishResponse> {
      checkRequestId(input.request_id);
      const out = await queue(userId, () => rollAndRecord(userId, input));
      if (out.status === 'duplicate') {
        const w = await wishingWellRepo.wishByRequest(db, userId, input.request_id);
        if (!w || w.entryId !== input.entry_id) throw new AppError('REQUEST_ID_REUSED');
        const balances = await balancesOf(db, userId);
        return { wish: await recordOf(w.id, locale), points: balances.point, money: balances.coin };
      }
      if (out.status === 'not_found') throw new AppError('WISH_ENTRY_NOT_FOUND');
      if (out.status === 'terms_changed') throw new AppError('WISH_TERMS_CHANGED');
      if (out.status === 'short') throw new AppError(out.currency === 'coin' ? 'WISH_COIN_SHORT' : 'WISH_POINTS_SHORT');
      if (out.status !== 'ok') throw new Error(`kx_wish answered ${out.status}`);
      void deps.ledger.pushBalances([userId]).catch(() => undefined);
      return { wish: await recordOf(out.wish_id, locale), points: out.points, money: out.money };
    },

    async records(
      userId: number,
      q: { page: number; page_size: number },
      locale: Locale,
    ): Promise<WishRecordsResponse> {
      const { rows, total } = await wishingWellRepo.wishes(db, {
        userId,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return { list: rows.map((r) => toRecord(r, locale)), total };
    },
  };
}

export type WishingWellService = ReturnType<typeof createWishingWellService>;
