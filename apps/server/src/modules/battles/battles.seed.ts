import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Battle robots (get-robot-list): house players a creator may seat (GAMES.md §5). They have no
 * credentials, so nobody can sign in as one; what they pay and win is the house's.
 */
export const ROBOT_NAMES = [
  '小K机器人',
  '阿杰机器人',
  '星尘机器人',
  '狙神机器人',
  '闪电机器人',
  '幸运机器人',
  '老王机器人',
  '北极熊机器人',
];

export async function seedRobots(db: Db): Promise<void> {
  const existing = await db.select({ nick: users.nickName }).from(users).where(eq(users.role, 'robot'));
  const have = new Set(existing.map((r) => r.nick));
  const missing = ROBOT_NAMES.filter((n) => !have.has(n));
  if (missing.length === 0) return;
  await db.insert(users).values(missing.map((nickName) => ({ nickName, role: 'robot', avatar: '' })));
}
