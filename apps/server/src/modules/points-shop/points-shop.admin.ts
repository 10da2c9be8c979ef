import type {
  AdminPointsShopEntry,
  AdminPointsShopInput,
  AdminPointsShopUpdate,
} from '@kaixiang/shared/admin-points-shop';
import type { PointsShopKind, PointsShopLimitPeriod } from '@kaixiang/shared/points-shop';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { resolveGoods } from './points-shop.goods.ts';
import { type EntryRow, pointsShopRepo } from './points-shop.repo.ts';

type Stats = { sold: number; points: number; worth: number };

function checkWindow(startsAt: number | null, endsAt: number | null): void {
  if (startsAt !== null && endsAt !== null && startsAt >= endsAt) throw new AppError('POINTS_SHOP_WINDOW');
}

/** An entry as the admin API shows it: what it sells and costs, whether it sells now, what it sold. */
export function adminEntryView(e: EntryRow, stats: Stats | undefined, nowMs: number): AdminPointsShopEntry {
  const startsAt = e.startsAt?.getTime() ?? null;
  const endsAt = e.endsAt?.getTime() ?? null;
  return {
    id: e.id,
    kind: e.kind as PointsShopKind,
    name_zh_cn: e.nameZhCn,
    name_zh_tw: e.nameZhTw,
    name_en: e.nameEn,
    item_id: e.itemDefId,
    exter: e.exter,
    coin: e.coinUnits,
    bag_campaign_id: e.bagCampaignId,
    bag_count: e.bagCount,
    worth: e.worthUnits,
    price: e.pricePoints,
    stock: e.stock,
    limit: e.limitCount,
    limit_period: e.limitPeriod as PointsShopLimitPeriod,
    starts_at: startsAt,
    ends_at: endsAt,
    sort: e.sort,
    enabled: e.enabled,
    active: e.enabled && (startsAt === null || startsAt <= nowMs) && (endsAt === null || nowMs < endsAt),
    sold: stats?.sold ?? 0,
    points_taken: stats?.points ?? 0,
    worth_given: stats?.worth ?? 0,
    created_at: e.createdAt.getTime(),
    updated_at: e.updatedAt.getTime(),
  };
}

/**
 * The points shop's admin API (docs/promotions/points-shop.md "Admin API"): entries as rows. Each
 * change is checked, then made and recorded in the audit log with who made it in one transaction:
 * a change that committed is recorded, a refused one never is. No points or money move here.
 */
export function createPointsShopAdmin(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}) {
  const { db, clock } = deps;

  async function view(tx: Db | Tx, e: EntryRow): Promise<AdminPointsShopEntry> {
    const stats = await pointsShopRepo.stats(tx, [e.id]);
    return adminEntryView(e, stats.get(e.id), clock.now());
  }

  /** Locks the entry, applies `change` to it and records the audit row, all in one transaction. */
  function change(
    who: AdminActor,
    id: number,
    action: string,
    reason: string,
    apply: (tx: Tx, row: EntryRow, now: Date) => Promise<EntryRow>,
  ): Promise<AdminPointsShopEntry> {
    return deps.transaction(async (tx) => {
      const now = new Date(clock.now());
      const row = await pointsShopRepo.lockEntry(tx, id);
      if (!row) throw new AppError('POINTS_SHOP_ENTRY_NOT_FOUND');
      const before = await view(tx, row);
      const after = await view(tx, await apply(tx, row, now));
      await recordAudit(tx, who, { action, target: `points_shop_entry:${id}`, before, after, reason }, now);
      return after;
    });
  }

  return {
    async list(): Promise<{ list: AdminPointsShopEntry[] }> {
      const [rows, stats] = await Promise.all([pointsShopRepo.entries(db, false), pointsShopRepo.stats(db)]);
      const nowMs = clock.now();
      return { list: rows.map(({ e }) => adminEntryView(e, stats.get(e.id), nowMs)) };
    },

    async create(who: AdminActor, input: AdminPointsShopInput): Promise<AdminPointsShopEntry> {
      checkWindow(input.starts_at, input.ends_at);
      return deps.transaction(async (tx) => {
        const goods = await resolveGoods(tx, input);
        const now = new Date(clock.now());
        const made = await pointsShopRepo.insertEntry(tx, {
          kind: goods.kind,
          nameZhCn: input.name_zh_cn || goods.names.zhCn,
          nameZhTw: input.name_zh_tw || goods.names.zhTw,
          nameEn: input.name_en || goods.names.en,
          itemDefId: goods.itemDefId,
          exter: goods.exter,
          coinUnits: goods.coinUnits,
          bagCampaignId: goods.bagCampaignId,
          bagCount: goods.bagCount,
          worthUnits: goods.worthUnits,
          pricePoints: input.price,
          stock: input.stock,
          limitCount: input.limit,
          limitPeriod: input.limit_period,
          startsAt: input.starts_at === null ? null : new Date(input.starts_at),
          endsAt: input.ends_at === null ? null : new Date(input.ends_at),
          sort: input.sort,
          enabled: input.enabled,
          createdAt: now,
          updatedAt: now,
        });
        const after = await view(tx, made);
        await recordAudit(
          tx,
          who,
          { action: 'points_shop.create', target: `points_shop_entry:${made.id}`, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    update(who: AdminActor, input: AdminPointsShopUpdate): Promise<AdminPointsShopEntry> {
      return change(who, input.id, 'points_shop.update', input.reason, async (tx, row, now) => {
        const startsAt = input.starts_at === undefined ? (row.startsAt?.getTime() ?? null) : input.starts_at;
        const endsAt = input.ends_at === undefined ? (row.endsAt?.getTime() ?? null) : input.ends_at;
        checkWindow(startsAt, endsAt);
        return pointsShopRepo.updateEntry(tx, row.id, {
          ...(input.name_zh_cn ? { nameZhCn: input.name_zh_cn } : {}),
          ...(input.name_zh_tw === undefined ? {} : { nameZhTw: input.name_zh_tw }),
          ...(input.name_en === undefined ? {} : { nameEn: input.name_en }),
          ...(input.price === undefined ? {} : { pricePoints: input.price }),
          ...(input.limit === undefined ? {} : { limitCount: input.limit }),
          ...(input.limit_period === undefined ? {} : { limitPeriod: input.limit_period }),
          ...(input.sort === undefined ? {} : { sort: input.sort }),
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          startsAt: startsAt === null ? null : new Date(startsAt),
          endsAt: endsAt === null ? null : new Date(endsAt),
          updatedAt: now,
        });
      });
    },

    addStock(who: AdminActor, input: { id: number; add: number; reason: string }): Promise<AdminPointsShopEntry> {
      return change(who, input.id, 'points_shop.add_stock', input.reason, async (tx, row, now) => {
        if (row.stock === null) throw new AppError('POINTS_SHOP_STOCK_UNLIMITED');
        return pointsShopRepo.addStock(tx, row.id, input.add, now);
      });
    },

    withdraw(who: AdminActor, input: { id: number; reason: string }): Promise<AdminPointsShopEntry> {
      return change(who, input.id, 'points_shop.withdraw', input.reason, (tx, row, now) =>
        pointsShopRepo.updateEntry(tx, row.id, { enabled: false, updatedAt: now }),
      );
    },
  };
}

export type PointsShopAdmin = ReturnType<typeof createPointsShopAdmin>;
