import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { boxOpenings, gameRooms, upgradeRecords } from '../../db/schema/games.ts';
import {
  activities,
  banners,
  bgmTracks,
  helpPageOverrides,
  hostProfiles,
  navItems,
  notices,
  rewardHistories,
  siteSettings,
} from '../../db/schema/site.ts';
import { users } from '../../db/schema/users.ts';

/** A ticker item's catalogue names: a viewer reads the item in their own language, not the winner's. */
const rewardItemNames = { zhCn: itemDefs.nameZhCn, zhTw: itemDefs.nameZhTw, en: itemDefs.nameEn };

/** A win for the tickers; the winner's name and avatar are read from their row when not given. */
export type RewardInsert = Omit<typeof rewardHistories.$inferInsert, 'nickName' | 'id' | 'createdAt'> & {
  nickName?: string;
};

interface RewardRowJson {
  id: number;
  user_id: number;
  nick_name: string;
  avatar: string;
  game_type: number;
  reward_history_type: number;
  jewelry_rarity: number;
  item_def_id: number | null;
  item_img: string;
  item_name: string;
  item_price_units: number | string;
  box_img: string;
  created_at: string | Date;
  vip_level: number | null;
  name_zh_cn: string | null;
  name_zh_tw: string | null;
  name_en: string | null;
}

/** SQL only; every function takes the executor it runs in (a Db or a transaction). */
export const siteRepo = {
  navItems: (db: Db) =>
    db.select().from(navItems).where(eq(navItems.enabled, true)).orderBy(asc(navItems.sort), asc(navItems.id)),

  notices: (db: Db) =>
    db.select().from(notices).where(eq(notices.enabled, true)).orderBy(asc(notices.sort), desc(notices.id)),

  bgmTracks: (db: Db, type: number) =>
    db
      .select()
      .from(bgmTracks)
      .where(and(eq(bgmTracks.enabled, true), eq(bgmTracks.type, type)))
      .orderBy(asc(bgmTracks.sort), asc(bgmTracks.id)),

  settings: async (db: Db, keys: readonly string[]) => {
    const rows = await db
      .select()
      .from(siteSettings)
      .where(inArray(siteSettings.key, [...keys]));
    return new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  },

  hostProfiles: (db: Db) => db.select().from(hostProfiles),

  banners: (db: Db) =>
    db.select().from(banners).where(eq(banners.enabled, true)).orderBy(asc(banners.sort), asc(banners.id)),
  /** The console's help page overrides in one language (admin/content). */
  helpOverrides: (db: Db, locale: string) =>
    db
      .select()
      .from(helpPageOverrides)
      .where(eq(helpPageOverrides.locale, locale))
      .orderBy(asc(helpPageOverrides.page)),

  /** Enabled activities not ended yet: running, and upcoming ones the activity centre announces. */
  listedActivities: (db: Db, now: Date) =>
    db
      .select()
      .from(activities)
      .where(and(eq(activities.enabled, true), gt(activities.endAt, now)))
      .orderBy(asc(activities.sort), asc(activities.startAt), asc(activities.id)),

  /** Newest first: the big wins (type 2), or the ordinary ones. */
  /**
   * The newest wins with each winner's current VIP level: the row copies the name and avatar of
   * the moment, but the badge is the player's level now (users.vip_level), like everywhere else.
   */
  rewardHistory: (db: Db, big: boolean, limit: number) =>
    db
      .select({ row: rewardHistories, vipLevel: users.vipLevel, names: rewardItemNames })
      .from(rewardHistories)
      .leftJoin(users, eq(users.id, rewardHistories.userId))
      .leftJoin(itemDefs, eq(itemDefs.id, rewardHistories.itemDefId))
      .where(big ? eq(rewardHistories.rewardHistoryType, 2) : ne(rewardHistories.rewardHistoryType, 2))
      .orderBy(desc(rewardHistories.id))
      .limit(limit),

  /**
   * Records wins in one statement: the rows, the winner's name and avatar when not given (copied
   * as they are at the win), and what an entry shows beside them (the winner's VIP level, the
   * item's names). A win is posted after every notable opening, so each round trip counts.
   */
  insertRewardHistories: async (db: Db, rows: RewardInsert[]) => {
    const json = JSON.stringify(
      rows.map((r) => ({
        user_id: r.userId,
        nick_name: r.nickName ?? null,
        avatar: r.avatar ?? null,
        game_type: r.gameType ?? 0,
        reward_history_type: r.rewardHistoryType ?? 1,
        jewelry_rarity: r.jewelryRarity ?? 1,
        item_def_id: r.itemDefId ?? null,
        item_img: r.itemImg,
        item_name: r.itemName ?? '',
        item_price_units: r.itemPriceUnits,
        box_img: r.boxImg ?? '',
        n: rows.indexOf(r),
      })),
    );
    const result = (await db.execute(sql`
      with given as (
        select * from jsonb_to_recordset(${json}::jsonb) as g(user_id integer, nick_name text, avatar text,
          game_type smallint, reward_history_type smallint, jewelry_rarity smallint, item_def_id integer,
          item_img text, item_name text, item_price_units bigint, box_img text, n integer)
      ), ins as (
        insert into reward_histories (user_id, nick_name, avatar, game_type, reward_history_type, jewelry_rarity,
          item_def_id, item_img, item_name, item_price_units, box_img)
        select g.user_id, coalesce(g.nick_name, u.nick_name, ''), coalesce(g.avatar, u.avatar, ''), g.game_type,
          g.reward_history_type, g.jewelry_rarity, g.item_def_id, g.item_img, g.item_name, g.item_price_units, g.box_img
        from given g left join users u on u.id = g.user_id
        order by g.n
        returning *
      )
      select ins.*, u.vip_level, d.name_zh_cn, d.name_zh_tw, d.name_en
      from ins left join users u on u.id = ins.user_id left join item_defs d on d.id = ins.item_def_id
      order by ins.id`)) as unknown as { rows: RewardRowJson[] };
    return result.rows.map((r) => ({
      row: {
        id: r.id,
        userId: r.user_id,
        nickName: r.nick_name,
        avatar: r.avatar,
        gameType: r.game_type,
        rewardHistoryType: r.reward_history_type,
        jewelryRarity: r.jewelry_rarity,
        itemDefId: r.item_def_id,
        itemImg: r.item_img,
        itemName: r.item_name,
        itemPriceUnits: Number(r.item_price_units),
        boxImg: r.box_img,
        createdAt: new Date(r.created_at),
      },
      vipLevel: r.vip_level ?? 0,
      names: r.name_zh_cn === null ? null : { zhCn: r.name_zh_cn, zhTw: r.name_zh_tw ?? '', en: r.name_en ?? '' },
    }));
  },

  /**
   * Real counts from the game tables behind the footer totals: players (robots are the house's),
   * boxes opened, battles that started (running or ended), upgrades, and the arena's open rooms.
   */
  statistics: async (db: Db) => {
    const battles = (states: string[]) =>
      db
        .select({ n: count() })
        .from(gameRooms)
        .where(and(eq(gameRooms.game, 'battle'), inArray(gameRooms.state, states)));
    const [u, b, p, up, open] = await Promise.all([
      db.select({ n: count() }).from(users).where(ne(users.role, 'robot')),
      db.select({ n: count() }).from(boxOpenings),
      battles(['running', 'ended']),
      db.select({ n: count() }).from(upgradeRecords),
      battles(['waiting', 'running']),
    ]);
    return {
      userNum: u[0]?.n ?? 0,
      openBoxNum: b[0]?.n ?? 0,
      pkNum: p[0]?.n ?? 0,
      upgradeNum: up[0]?.n ?? 0,
      openRoomNum: open[0]?.n ?? 0,
    };
  },

  serverNow: async (db: Db) => {
    const result = await db.execute<{ now: string | Date }>(sql`select now() as now`);
    const row = (result as unknown as { rows: { now: string | Date }[] }).rows[0];
    return new Date(row?.now ?? Date.now()).getTime();
  },
};
