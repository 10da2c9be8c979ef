import type { Locale } from '@kaixiang/shared/locale';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { robotName } from './robots.ts';

/** What the game screens show of a player beside a seat, a prize or a card: name, picture, VIP level. */
export interface Person {
  id: number;
  nick: string;
  avatar: string;
  vip: number;
}

/**
 * The players with these ids (repeats allowed; unknown ids are simply absent), by id, named for a
 * reader of `locale`: a player's nickname is their own in every language, a robot's is the
 * locale's (robots.ts).
 */
export async function peopleOf(db: Db | Tx, ids: Iterable<number>, locale: Locale): Promise<Map<number, Person>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nick: users.nickName, avatar: users.avatar, vip: users.vipLevel, role: users.role })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map(({ role, ...r }) => [r.id, role === 'robot' ? { ...r, nick: robotName(r.nick, locale) } : r]),
  );
}
