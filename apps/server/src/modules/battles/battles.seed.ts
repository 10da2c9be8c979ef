import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { avatarUrl } from '../accounts/avatar-svg.ts';
import { ROBOTS } from '../games/robots.ts';

/**
 * Battle robots (get-robot-list): house players a creator may seat (GAMES.md §5). They have no
 * credentials, so nobody can sign in as one; what they pay and win is the house's. A robot is
 * known by its zh-CN name (games/robots.ts holds its names in every language and its avatar).
 */
export async function seedRobots(db: Db): Promise<void> {
  const existing = await db.select({ nick: users.nickName }).from(users).where(eq(users.role, 'robot'));
  const have = new Set(existing.map((r) => r.nick));
  const missing = ROBOTS.filter((r) => !have.has(r.stored));
  if (missing.length > 0) {
    await db.insert(users).values(
      missing.map((r) => ({
        nickName: r.stored,
        role: 'robot',
        avatar: avatarUrl(r.avatarId),
        avatarId: r.avatarId,
      })),
    );
  }
  // Robots seeded before they had avatars have none (''); an avatar an operator gave one stays.
  for (const r of ROBOTS) {
    await db
      .update(users)
      .set({ avatar: avatarUrl(r.avatarId), avatarId: r.avatarId })
      .where(and(eq(users.role, 'robot'), eq(users.nickName, r.stored), eq(users.avatar, '')));
  }
}
