import { count, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { gameRooms } from '../../db/schema/games.ts';

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
