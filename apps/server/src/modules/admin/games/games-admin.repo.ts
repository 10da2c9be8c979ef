import { ROLL_GAME } from '@kaixiang/game/roll';
import { TREASURE_GAME } from '@kaixiang/game/treasure';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { gameRooms, rollEntries } from '../../../db/schema/games.ts';
import { users } from '../../../db/schema/users.ts';

/** SQL only (STYLE.md §1): the console's lists of roll rooms and treasures, newest first. */
export const gamesAdminRepo = {
  /** A page of one game's rooms with their makers' nicknames, and the total. */
  async rooms(db: Db, game: typeof ROLL_GAME | typeof TREASURE_GAME, limit: number, offset: number) {
    const rows = await db
      .select({ id: gameRooms.id, data: gameRooms.data, createdAt: gameRooms.createdAt, nick: users.nickName })
      .from(gameRooms)
      .leftJoin(users, eq(users.id, gameRooms.createdBy))
      .where(eq(gameRooms.game, game))
      .orderBy(desc(gameRooms.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(gameRooms).where(eq(gameRooms.game, game));
    return { rows, total: total?.n ?? 0 };
  },

  /** How many players joined each roll room. */
  async rollPlayers(db: Db, roomIds: number[]): Promise<Map<number, number>> {
    if (roomIds.length === 0) return new Map();
    const rows = await db
      .select({ roomId: rollEntries.roomId, n: count() })
      .from(rollEntries)
      .where(inArray(rollEntries.roomId, roomIds))
      .groupBy(rollEntries.roomId);
    return new Map(rows.map((r) => [r.roomId, r.n]));
  },
};

export { ROLL_GAME, TREASURE_GAME };
