import { wishRtpPpm } from '@kaixiang/game/wish';
import type { AdminWishEntry, AdminWishInput, AdminWishUpdate } from '@kaixiang/shared/admin-wishing-well';
import { type WearGrade, wearGradesFor } from '@kaixiang/shared/items';
import { WISH_MAX_RTP_PPM, type WishCurrency } from '@kaixiang/shared/wishing-well';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { itemPriceUnits } from '../catalogue/item-prices.ts';
import { type WishEntryRow, wishingWellRepo } from './wishing-well.repo.ts';
import { rtpOf } from './wishing-well.service.ts';

type Stats = { wishes: number; hits: number; taken: number; worth: number };

/**
 * The item a wish grants, checked: the catalogue item in a grade it comes in (its best grade when
 * none is given), with its worth (its price in that grade, catalogue/item-prices.ts: what it sells back for) and
 * its catalogue names.
 */
export async function resolveWishItem(db: Db | Tx, itemId: number, exter: number | null) {
  const def = await wishingWellRepo.itemDef(db, itemId);
  if (!def) throw new AppError('WISH_ITEM_INVALID');
  const grades = wearGradesFor(def.wearMin, def.wearMax);
  const grade = exter ?? grades[0];
  if (grade === undefined || !grades.includes(grade as WearGrade)) throw new AppError('WISH_ITEM_INVALID');
  const worthUnits = await itemPriceUnits(db, def, grade);
  return {
    itemDefId: def.id,
    exter: grade,
    worthUnits,
    names: { zhCn: def.nameZhCn, zhTw: def.nameZhTw, en: def.nameEn },
  };
}

/** Refuses terms that would return more than WISH_MAX_RTP_PPM on average. */
export function checkRtp(e: { chancePpm: number; worthUnits: number; currency: WishCurrency; price: number }): void {
  if (wishRtpPpm(e) > WISH_MAX_RTP_PPM) throw new AppError('WISH_RTP_TOO_HIGH');
}

export function adminWishView(e: WishEntryRow, stats: Stats | undefined): AdminWishEntry {
  return {
    id: e.id,
    item_id: e.itemDefId,
    exter: e.exter,
    name_zh_cn: e.nameZhCn,
    name_zh_tw: e.nameZhTw,
    name_en: e.nameEn,
    worth: e.worthUnits,
    currency: e.currency as WishCurrency,
    price: e.price,
    chance_ppm: e.chancePpm,
    rtp_ppm: rtpOf(e),
    sort: e.sort,
    enabled: e.enabled,
    wishes: stats?.wishes ?? 0,
    hits: stats?.hits ?? 0,
    taken: stats?.taken ?? 0,
    worth_given: stats?.worth ?? 0,
    created_at: e.createdAt.getTime(),
    updated_at: e.updatedAt.getTime(),
  };
}

/**
 * The wishing well's admin API (docs/promotions/wishing-well.md "Admin API"): entries as rows.
 * Each change is checked (the item, the 95 % bound on the return), then made and recorded in the
 * audit log with who made it, in one transaction: a refused change records nothing.
 */
export function createWishingWellAdmin(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}) {
  const { db, clock } = deps;

  async function view(tx: Db | Tx, e: WishEntryRow): Promise<AdminWishEntry> {
    const stats = await wishingWellRepo.stats(tx, [e.id]);
    return adminWishView(e, stats.get(e.id));
  }

  function change(
    who: AdminActor,
    id: number,
    action: string,
    reason: string,
    apply: (tx: Tx, row: WishEntryRow, now: Date) => Promise<WishEntryRow>,
  ): Promise<AdminWishEntry> {
    return deps.transaction(async (tx) => {
      const now = new Date(clock.now());
      const row = await wishingWellRepo.lockEntry(tx, id);
      if (!row) throw new AppError('WISH_ENTRY_NOT_FOUND');
      const before = await view(tx, row);
      const after = await view(tx, await apply(tx, row, now));
      await recordAudit(tx, who, { action, target: `wish_entry:${id}`, before, after, reason }, now);
      return after;
    });
  }

  return {
    async list(): Promise<{ list: AdminWishEntry[] }> {
      const [rows, stats] = await Promise.all([wishingWellRepo.entries(db, false), wishingWellRepo.stats(db)]);
      return { list: rows.map(({ e }) => adminWishView(e, stats.get(e.id))) };
    },

    create(who: AdminActor, input: AdminWishInput): Promise<AdminWishEntry> {
      return deps.transaction(async (tx) => {
        const item = await resolveWishItem(tx, input.item_id, input.exter);
        checkRtp({
          chancePpm: input.chance_ppm,
          worthUnits: item.worthUnits,
          currency: input.currency,
          price: input.price,
        });
        const now = new Date(clock.now());
        const made = await wishingWellRepo.insertEntry(tx, {
          itemDefId: item.itemDefId,
          exter: item.exter,
          nameZhCn: input.name_zh_cn || item.names.zhCn,
          nameZhTw: input.name_zh_tw || item.names.zhTw,
          nameEn: input.name_en || item.names.en,
          worthUnits: item.worthUnits,
          currency: input.currency,
          price: input.price,
          chancePpm: input.chance_ppm,
          sort: input.sort,
          enabled: input.enabled,
          createdAt: now,
          updatedAt: now,
        });
        const after = await view(tx, made);
        await recordAudit(
          tx,
          who,
          { action: 'wishing_well.create', target: `wish_entry:${made.id}`, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    update(who: AdminActor, input: AdminWishUpdate): Promise<AdminWishEntry> {
      return change(who, input.id, 'wishing_well.update', input.reason, (tx, row, now) => {
        const price = input.price ?? row.price;
        const chancePpm = input.chance_ppm ?? row.chancePpm;
        checkRtp({ chancePpm, worthUnits: row.worthUnits, currency: row.currency as WishCurrency, price });
        return wishingWellRepo.updateEntry(tx, row.id, {
          ...(input.name_zh_cn ? { nameZhCn: input.name_zh_cn } : {}),
          ...(input.name_zh_tw === undefined ? {} : { nameZhTw: input.name_zh_tw }),
          ...(input.name_en === undefined ? {} : { nameEn: input.name_en }),
          ...(input.sort === undefined ? {} : { sort: input.sort }),
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          price,
          chancePpm,
          updatedAt: now,
        });
      });
    },

    withdraw(who: AdminActor, input: { id: number; reason: string }): Promise<AdminWishEntry> {
      return change(who, input.id, 'wishing_well.withdraw', input.reason, (tx, row, now) =>
        wishingWellRepo.updateEntry(tx, row.id, { enabled: false, updatedAt: now }),
      );
    },
  };
}

export type WishingWellAdmin = ReturnType<typeof createWishingWellAdmin>;
