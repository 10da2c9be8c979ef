import { and, asc, count, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { boxOpenings, pkRooms, upgradeRecords } from '../../db/schema/games.ts';
import {
  activities,
  banners,
  bgmTracks,
  hostProfiles,
  navItems,
  notices,
  rewardHistories,
  siteSettings,
} from '../../db/schema/site.ts';
import { users } from '../../db/schema/users.ts';

/** A ticker item's catalogue names: a viewer reads the item in their own language, not the winner's. */
const rewardItemNames = { zhCn: itemDefs.nameZhCn, zhTw: itemDefs.nameZhTw, en: itemDefs.nameEn };

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

  activeActivities: (db: Db, now: Date) =>
    db
      .select()
      .from(activities)
      .where(and(eq(activities.enabled, true), lte(activities.startAt, now), gt(activities.endAt, now)))
      .orderBy(asc(activities.startAt)),

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

  insertRewardHistory: async (db: Db, row: typeof rewardHistories.$inferInsert) => {
    const [inserted] = await db.insert(rewardHistories).values(row).returning();
    const [winner] = await db.select({ vipLevel: users.vipLevel }).from(users).where(eq(users.id, row.userId));
    const [item] =
      row.itemDefId == null
        ? []
        : await db.select({ names: rewardItemNames }).from(itemDefs).where(eq(itemDefs.id, row.itemDefId));
    return { row: inserted!, vipLevel: winner?.vipLevel ?? 0, names: item?.names ?? null };
  },

  /** Real counts from the game tables behind the footer totals. */
  statistics: async (db: Db) => {
    const [u, b, p, up, open] = await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(boxOpenings),
      db.select({ n: count() }).from(pkRooms),
      db.select({ n: count() }).from(upgradeRecords),
      db
        .select({ n: count() })
        .from(pkRooms)
        .where(inArray(pkRooms.roomState, [1, 2])),
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
