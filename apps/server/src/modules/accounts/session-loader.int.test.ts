import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { sessions } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/users.ts';
import { sessionLoader } from './session-loader.ts';

/** The session rows of many requests at once, read in one query (PGlite, and PostgreSQL when set). */
describe('session loader', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers each read with its own row, the reads of one turn in one query, an unknown id with nothing', async () => {
    const db = t.rt.database.db;
    const players = [];
    for (let i = 0; i < 6; i++) players.push(await registerUser(t));
    const rows = await db.select({ id: sessions.id, userId: sessions.userId }).from(sessions);
    const banned = players[2]?.userId ?? 0;
    await db
      .update(users)
      .set({ bannedAt: new Date(5_000) })
      .where(eq(users.id, banned));
    const batches: number[] = [];
    const load = sessionLoader(db, (n) => batches.push(n));
    const asked = [...rows.map((r) => r.id), 'no-such-session', rows[0]?.id ?? ''];
    const answers = await Promise.all(asked.map((id) => load(id)));
    expect(batches).toEqual([asked.length]);
    for (const [i, r] of rows.entries()) {
      expect(answers[i]).toMatchObject({ userId: r.userId, role: 'player', revokedAt: null, destroyedAt: null });
      expect(answers[i]?.bannedAt?.getTime() ?? null).toBe(r.userId === banned ? 5_000 : null);
    }
    expect(answers[rows.length]).toBeUndefined();
    expect(answers[rows.length + 1]).toEqual(answers[0]);
    // Alone, a read goes alone (the prepared single-row query).
    expect(await load(rows[1]?.id ?? '')).toMatchObject({ userId: rows[1]?.userId });
    expect(batches).toEqual([asked.length, 1]);
  });
});
