import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { gameRoomMembers, gameRooms } from '../../db/schema/games.ts';

/** One page of a game's rooms matching `where`, in `order`, and how many match in all (lists). */
export async function roomsPage(
  db: Db,
  where: SQL | undefined,
  order: (SQL | PgColumn)[],
  limit: number,
  offset: number,
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(gameRooms)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(gameRooms).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * One page of the rooms of `game` a player has a seat in (`game_room_members`: one row per player
 * and room), newest room first, and how many there are in all (a player's own record).
 */
export async function seatedRoomsPage(db: Db, game: string, userId: number, limit: number, offset: number) {
  const where = and(eq(gameRoomMembers.userId, userId), eq(gameRooms.game, game));
  const [rows, [total]] = await Promise.all([
    db
      .select({ room: gameRooms })
      .from(gameRoomMembers)
      .innerJoin(gameRooms, eq(gameRooms.id, gameRoomMembers.roomId))
      .where(where)
      .orderBy(desc(gameRoomMembers.roomId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(gameRoomMembers)
      .innerJoin(gameRooms, eq(gameRooms.id, gameRoomMembers.roomId))
      .where(where),
  ]);
  return { rows: rows.map((r) => r.room), total: total?.n ?? 0 };
}
