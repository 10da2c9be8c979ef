import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** What the game screens show of a player beside a seat, a prize or a card: name, picture, VIP level. */
export interface Person {
  id: number;
  nick: string;
  avatar: string;
  vip: number;
}

/** The players with these ids (repeats allowed; unknown ids are simply absent), by id. */
export async function peopleOf(db: Db | Tx, ids: Iterable<number>): Promise<Map<number, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nick: users.nickName, avatar: users.avatar, vip: users.vipLevel })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}
