import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { fairSeeds } from '../../db/schema/boxes.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { upgradeItems, upgradeRecords } from '../../db/schema/games.ts';
import { userItems } from '../../db/schema/items.ts';
import { users } from '../../db/schema/users.ts';
import { pgArray } from '../../db/tx.ts';
import type { SeedState } from '../boxes/fair-seeds.ts';

export type UpgradeRecordRow = typeof upgradeRecords.$inferSelect;

export type UpgradeJson =
  | { status: 'duplicate' | 'stale_seed' | 'target_changed' | 'item_not_found' | 'item_not_available' }
  | { status: 'ok'; upgrade_id: number; user_item_id: number | null; transfer_id: number | null; balance: number };

/** What kx_upgrade is asked to record (db/functions/upgrade.sql). */
export interface UpgradeWrite {
  userId: number;
  requestId: string;
  target: { id: number; itemDefId: number; exter: number; priceUnits: number };
  /** Ascending ids, with their prices in the same order. */
  items: readonly { id: number; priceUnits: number }[];
  balanceUnits: number;
  ratePpm: number;
  houseEdgePpm: number;
  maxRatePpm: number;
  roll: number;
  success: boolean;
  now: Date;
  seed: SeedState;
  /** The balance transfer's memo (the target's zh-CN name) and the prize's source name. */
  memo: string;
  sourceName: string;
}

/** A target with what lists show of its catalogue item. */
export interface TargetRow {
  id: number;
  itemDefId: number;
  exter: number;
  priceUnits: number;
  showRate: number;
  onSale: boolean;
  names: { zhCn: string; zhTw: string; en: string };
  image: string;
  quality: number;
  weaponClass: string;
}

export interface HistoryRow {
  r: UpgradeRecordRow;
  nick: string | null;
  avatar: string | null;
  vipLevel: number | null;
}

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const upgradeRepo = {
  /**
   * Records one upgrade in one statement, on its own (autocommit: the statement is the
   * transaction) or inside the caller's. See db/functions/upgrade.sql for when it writes nothing.
   */
  async upgrade(db: Db | Tx, w: UpgradeWrite): Promise<UpgradeJson> {
    const r = (await db.execute(sql`select kx_upgrade(
      ${w.userId}, ${w.requestId}, ${w.target.id}, ${w.target.itemDefId}, ${w.target.exter}, ${w.target.priceUnits},
      ${pgArray(w.items.map((i) => i.id))}::integer[], ${pgArray(w.items.map((i) => i.priceUnits))}::bigint[],
      ${w.balanceUnits}, ${w.ratePpm}, ${w.houseEdgePpm}, ${w.maxRatePpm}, ${w.roll}, ${w.success},
      ${w.now.toISOString()}::timestamptz, ${w.seed.id}, ${w.seed.nonce}, ${w.seed.clientSeed},
      ${w.memo}, ${w.sourceName}) as r`)) as unknown as { rows: { r: UpgradeJson }[] };
    const out = r.rows[0]?.r;
    if (!out) throw new Error('kx_upgrade answered nothing');
    return out;
  },

  /** Every target with its catalogue facts (a few thousand rows: the service keeps them). */
  async targets(db: Db): Promise<TargetRow[]> {
    const rows = await db
      .select({
        t: upgradeItems,
        zhCn: itemDefs.nameZhCn,
        zhTw: itemDefs.nameZhTw,
        en: itemDefs.nameEn,
        image: itemDefs.image,
        quality: itemDefs.quality,
        weaponClass: itemDefs.weaponClass,
      })
      .from(upgradeItems)
      .innerJoin(itemDefs, eq(itemDefs.id, upgradeItems.itemDefId))
      .orderBy(asc(upgradeItems.priceUnits), asc(upgradeItems.id));
    return rows.map((r) => ({
      ...r.t,
      names: { zhCn: r.zhCn, zhTw: r.zhTw, en: r.en },
      image: r.image,
      quality: r.quality,
      weaponClass: r.weaponClass,
    }));
  },

  /** The listed items, whoever owns them (the service tells "not yours" from "not available"). */
  async stakeItems(db: Db, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: userItems.id,
        userId: userItems.userId,
        status: userItems.status,
        priceUnits: userItems.priceUnits,
      })
      .from(userItems)
      .where(inArray(userItems.id, [...ids]));
  },

  async recordByRequest(db: Db, userId: number, requestId: string) {
    const [row] = await db
      .select({ r: upgradeRecords, seed: fairSeeds })
      .from(upgradeRecords)
      .innerJoin(fairSeeds, eq(fairSeeds.id, upgradeRecords.seedId))
      .where(and(eq(upgradeRecords.userId, userId), eq(upgradeRecords.requestId, requestId)));
    return row;
  },

  /** A page of upgrades, newest first, with each player's name, avatar and current VIP level. */
  async history(db: Db, q: { userId?: number; upgradeItemId?: number; limit: number; offset: number }) {
    const where = and(
      q.userId === undefined ? undefined : eq(upgradeRecords.userId, q.userId),
      q.upgradeItemId === undefined ? undefined : eq(upgradeRecords.upgradeItemId, q.upgradeItemId),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ r: upgradeRecords, nick: users.nickName, avatar: users.avatar, vipLevel: users.vipLevel })
        .from(upgradeRecords)
        .leftJoin(users, eq(users.id, upgradeRecords.userId))
        .where(where)
        .orderBy(desc(upgradeRecords.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(upgradeRecords).where(where),
    ]);
    return { rows: rows as HistoryRow[], total: total?.n ?? 0 };
  },

  async seeds(db: Db, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(fairSeeds)
      .where(inArray(fairSeeds.id, [...new Set(ids)]));
  },

  /** Catalogue item ids and wear grades of user items (a record's stake), by user item id. */
  async itemFacts(db: Db, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: userItems.id, itemDefId: userItems.itemDefId, exter: userItems.exter })
      .from(userItems)
      .where(inArray(userItems.id, [...new Set(ids)]));
  },
};
