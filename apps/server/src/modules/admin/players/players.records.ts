import { BATTLE_GAME } from '@kaixiang/game/battle';
import type { PlayerRecordKind, PlayerRecordRows } from '@kaixiang/shared/admin-players';
import type { Locale } from '@kaixiang/shared/locale';
import type { Currency } from '@kaixiang/shared/wallet';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { boxes } from '../../../db/schema/boxes.ts';
import { itemDefs } from '../../../db/schema/catalogue.ts';
import { boxOpenings, gameRoomMembers, gameRooms, upgradeRecords } from '../../../db/schema/games.ts';
import { userItems } from '../../../db/schema/items.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../../db/schema/ledger.ts';
import { rechargeOrders } from '../../../db/schema/payments.ts';
import { tradeOffers } from '../../../db/schema/trade.ts';
import { users } from '../../../db/schema/users.ts';
import { pick } from '../../site/site.service.ts';

export interface RecordsQuery {
  userId: number;
  currency?: Currency | undefined;
  limit: number;
  offset: number;
  locale: Locale;
}

type Page<K extends PlayerRecordKind> = Promise<{ list: PlayerRecordRows<K>; total: number }>;

const ms = (d: Date | null) => (d ? d.getTime() : null);
const nameOf = (d: { nameZhCn: string | null; nameZhTw: string | null; nameEn: string | null }, locale: Locale) =>
  pick({ zhCn: d.nameZhCn ?? '', zhTw: d.nameZhTw ?? '', en: d.nameEn ?? '' }, locale);

async function total(db: Db, from: Parameters<ReturnType<Db['select']>['from']>[0], where: SQL | undefined) {
  const [r] = await db.select({ n: count() }).from(from).where(where);
  return r?.n ?? 0;
}

/**
 * A player's records in the console, one entry per kind: the query of a page, newest first, and
 * the row as the console shows it. Each reads one table through its index on (user_id, …), and
 * the count by the same index. Money is in units; names in the staff member's language.
 */
export const PLAYER_RECORDS: { [K in PlayerRecordKind]: (db: Db, q: RecordsQuery) => Page<K> } = {
  /** ledger_entries_account_idx (account_id, id), the player's accounts found first (one per currency). */
  async ledger(db, q) {
    const accounts = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.owner, `u:${q.userId}`),
          q.currency ? eq(ledgerAccounts.currency, q.currency) : undefined,
        ),
      );
    if (accounts.length === 0) return { list: [], total: 0 };
    const where = inArray(
      ledgerEntries.accountId,
      accounts.map((a) => a.id),
    );
    const rows = await db
      .select({ e: ledgerEntries, kind: ledgerTransfers.kind, memo: ledgerTransfers.memo })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(q.limit)
      .offset(q.offset);
    return {
      list: rows.map(({ e, kind, memo }) => ({
        id: e.id,
        transfer_id: e.transferId,
        kind,
        currency: e.currency as Currency,
        amount: e.amount,
        balance_after: e.balanceAfter,
        memo,
        created_at: e.createdAt.getTime(),
      })),
      total: await total(db, ledgerEntries, where),
    };
  },

  /** recharge_orders_user_idx (user_id, created_at): every order, paid or not. */
  async recharges(db, q) {
    const where = eq(rechargeOrders.userId, q.userId);
    const rows = await db
      .select()
      .from(rechargeOrders)
      .where(where)
      .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
      .limit(q.limit)
      .offset(q.offset);
    return {
      list: rows.map((r) => ({
        id: r.id,
        order_sn: r.orderSn,
        pay_mode: r.payMode,
        provider: r.provider,
        amount: r.amountUnits,
        real_price: r.realPriceUnits,
        bonus: r.bonusUnits + r.couponBonusUnits + r.vipBonusUnits,
        status: r.status,
        created_at: r.createdAt.getTime(),
        paid_at: ms(r.paidAt),
      })),
      total: await total(db, rechargeOrders, where),
    };
  },

  /** box_openings_user_idx (user_id, created_at). */
  async openings(db, q) {
    const where = eq(boxOpenings.userId, q.userId);
    const rows = await db
      .select({
        o: boxOpenings,
        box: { nameZhCn: boxes.nameZhCn, nameZhTw: boxes.nameZhTw, nameEn: boxes.nameEn },
        item: { nameZhCn: itemDefs.nameZhCn, nameZhTw: itemDefs.nameZhTw, nameEn: itemDefs.nameEn },
      })
      .from(boxOpenings)
      .leftJoin(boxes, eq(boxes.id, boxOpenings.boxId))
      .leftJoin(itemDefs, eq(itemDefs.id, boxOpenings.itemDefId))
      .where(where)
      .orderBy(desc(boxOpenings.createdAt), desc(boxOpenings.id))
      .limit(q.limit)
      .offset(q.offset);
    return {
      list: rows.map(({ o, box, item }) => ({
        id: o.id,
        box_id: o.boxId,
        box_name: box ? nameOf(box, q.locale) : '',
        box_price: o.boxPriceUnits,
        item_def_id: o.itemDefId,
        item_name: item ? nameOf(item, q.locale) : '',
        exter: o.exter,
        price: o.priceUnits,
        created_at: o.createdAt.getTime(),
      })),
      total: await total(db, boxOpenings, where),
    };
  },

  /** upgrade_records_user_idx (user_id, id). */
  async upgrades(db, q) {
    const where = eq(upgradeRecords.userId, q.userId);
    const rows = await db
      .select({
        u: upgradeRecords,
        item: { nameZhCn: itemDefs.nameZhCn, nameZhTw: itemDefs.nameZhTw, nameEn: itemDefs.nameEn },
      })
      .from(upgradeRecords)
      .leftJoin(itemDefs, eq(itemDefs.id, upgradeRecords.targetItemDefId))
      .where(where)
      .orderBy(desc(upgradeRecords.id))
      .limit(q.limit)
      .offset(q.offset);
    return {
      list: rows.map(({ u, item }) => ({
        id: u.id,
        target_item_def_id: u.targetItemDefId,
        target_name: item ? nameOf(item, q.locale) : '',
        target_price: u.targetPriceUnits,
        stake: u.stakeUnits,
        rate_ppm: u.ratePpm,
        success: u.success,
        created_at: u.createdAt.getTime(),
      })),
      total: await total(db, upgradeRecords, where),
    };
  },

  /** game_room_members_user_idx (user_id, room_id): the battles the player sat in (what they paid and won is in the ledger). */
  async battles(db, q) {
    const where = and(eq(gameRoomMembers.userId, q.userId), eq(gameRooms.game, BATTLE_GAME));
    const rows = await db
      .select({ m: gameRoomMembers, r: gameRooms })
      .from(gameRoomMembers)
      .innerJoin(gameRooms, eq(gameRooms.id, gameRoomMembers.roomId))
      .where(where)
      .orderBy(desc(gameRoomMembers.roomId))
      .limit(q.limit)
      .offset(q.offset);
    const [n] = await db
      .select({ n: count() })
      .from(gameRoomMembers)
      .innerJoin(gameRooms, eq(gameRooms.id, gameRoomMembers.roomId))
      .where(where);
    return {
      list: rows.map(({ m, r }) => ({
        room_id: r.id,
        state: r.state,
        seat: m.seat,
        value: r.valueUnits,
        joined_at: m.joinedAt.getTime(),
        ended_at: ms(r.endedAt),
      })),
      total: n?.n ?? 0,
    };
  },

  /** user_items_user_time_idx (user_id, created_at): every item ever got, whatever its status. */
  async items(db, q) {
    const where = eq(userItems.userId, q.userId);
    const rows = await db
      .select({
        i: userItems,
        def: { nameZhCn: itemDefs.nameZhCn, nameZhTw: itemDefs.nameZhTw, nameEn: itemDefs.nameEn },
        img: itemDefs.image,
      })
      .from(userItems)
      .leftJoin(itemDefs, eq(itemDefs.id, userItems.itemDefId))
      .where(where)
      .orderBy(desc(userItems.createdAt), desc(userItems.id))
      .limit(q.limit)
      .offset(q.offset);
    return {
      list: rows.map(({ i, def, img }) => ({
        id: i.id,
        item_def_id: i.itemDefId,
        name: def ? nameOf(def, q.locale) : '',
        img: img ?? '',
        exter: i.exter,
        price: i.priceUnits,
        status: i.status,
        disposal: i.disposal,
        source: i.source,
        source_name: i.sourceName,
        created_at: i.createdAt.getTime(),
        updated_at: i.updatedAt.getTime(),
      })),
      total: await total(db, userItems, where),
    };
  },

  /** trade_offers_user_idx (user_id, id): each retrieval's trade offer and how it ended. */
  async retrievals(db, q) {
    const where = eq(tradeOffers.userId, q.userId);
    const rows = await db
      .select()
      .from(tradeOffers)
      .where(where)
      .orderBy(desc(tradeOffers.id))
      .limit(q.limit)
      .offset(q.offset);
    return {
      list: rows.map((o) => ({
        id: o.id,
        item_ids: o.itemIds,
        trade_link: o.tradeLink,
        state: o.state,
        failure: o.failure,
        bot: o.bot,
        created_at: o.createdAt.getTime(),
        resolved_at: ms(o.resolvedAt),
      })),
      total: await total(db, tradeOffers, where),
    };
  },

  /** users_invite_user_idx (invite_user_id, id). */
  async invitees(db, q) {
    const where = eq(users.inviteUserId, q.userId);
    const rows = await db
      .select({
        id: users.id,
        nickName: users.nickName,
        vipLevel: users.vipLevel,
        bannedAt: users.bannedAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(q.limit)
      .offset(q.offset);
    return {
      list: rows.map((u) => ({
        user_id: u.id,
        nick_name: u.nickName,
        vip_level: u.vipLevel,
        banned: u.bannedAt !== null,
        created_at: u.createdAt.getTime(),
      })),
      total: await total(db, users, where),
    };
  },
};
