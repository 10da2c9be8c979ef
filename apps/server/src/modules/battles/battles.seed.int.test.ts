import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/test-db.ts';
import type { Database } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { users } from '../../db/schema/users.ts';
import { ROBOTS } from '../games/robots.ts';
import { seedRobots } from './battles.seed.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await migrateDatabase(database);
});
afterAll(async () => {
  await drop();
});

const robots = () =>
  database.db
    .select({ nick: users.nickName, avatar: users.avatar, avatarId: users.avatarId })
    .from(users)
    .where(eq(users.role, 'robot'))
    .orderBy(users.id);

describe('seedRobots', () => {
  it('seeds each robot once with its own avatar, gives robots seeded without one theirs, and keeps an operator’s', async () => {
    // An install seeded before robots had avatars: every robot has none.
    await database.db
      .insert(users)
      .values(ROBOTS.slice(0, 3).map((r) => ({ nickName: r.stored, role: 'robot', avatar: '' })));
    // An operator gave the second one a face of their choosing.
    await database.db
      .update(users)
      .set({ avatar: '/img/avatars/12.svg', avatarId: 12 })
      .where(eq(users.nickName, ROBOTS[1]!.stored));
    await seedRobots(database.db);
    await seedRobots(database.db);
    const rows = await robots();
    expect(rows.map((r) => r.nick)).toEqual(ROBOTS.map((r) => r.stored));
    expect(rows.map((r) => r.avatar)).toEqual(
      ROBOTS.map((r, i) => (i === 1 ? '/img/avatars/12.svg' : `/img/avatars/${r.avatarId}.svg`)),
    );
    expect(new Set(ROBOTS.map((r) => r.avatarId)).size).toBe(ROBOTS.length);
  });
});
