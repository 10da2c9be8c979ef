import { TREASURE_GAME } from '@kaixiang/game/treasure';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameRooms } from '../../db/schema/games.ts';
import { roomsPage, seatedRoomsPage } from '../games/room-pages.ts';

const ofTreasure = eq(gameRooms.game, TREASURE_GAME);
const ongoing = and(ofTreasure, inArray(gameRooms.state, ['open', 'full'])) as SQL;
const ended = and(ofTreasure, inArray(gameRooms.state, ['won', 'refunded'])) as SQL;

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const treasureRepo = {
  /** Ongoing treasures (the newest first) or ended ones (the latest ended first), a page and the total. */
  async rooms(db: Db, which: 'ongoing' | 'ended', limit: number, offset: number) {
    const where = which === 'ongoing' ? ongoing : ended;
    const order = which === 'ongoing' ? [desc(gameRooms.id)] : [desc(gameRooms.endedAt), desc(gameRooms.id)];
    return roomsPage(db, where, order, limit, offset);
  },

  /**
   * The treasures a player holds cards in, newest first: one `game_room_members` row per player
   * and treasure, written by their first grab (its seat is that grab's first card).
   */
  joinedRooms: (db: Db, userId: number, limit: number, offset: number) =>
    seatedRoomsPage(db, TREASURE_GAME, userId, limit, offset),

  /** The treasures a player won, the latest first. */
  async wonRooms(db: Db, userId: number, limit: number, offset: number) {
    const where = and(
      ofTreasure,
      eq(gameRooms.state, 'won'),
      sql`(${gameRooms.data}->'result'->>'userId')::int = ${userId}`,
    ) as SQL;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(gameRooms)
        .where(where)
        .orderBy(desc(gameRooms.endedAt), desc(gameRooms.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(gameRooms).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
};
