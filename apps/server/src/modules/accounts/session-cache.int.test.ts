import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts-paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser } from '../../../test/support/accounts.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { sessions } from '../../db/schema/accounts.ts';
import { SESSION_CACHE_MS } from './session-cache.ts';

const { detail: DETAIL, logout: LOGOUT, refresh: REFRESH } = ACCOUNT_PATHS;

/**
 * A process trusts a session row it read for a few seconds (session-cache.ts). The clock here
 * stands still, so only the events that end a session can make a process read it again.
 */
describe('cached sessions end at once', () => {
  const clock = fakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  it('a logout, a ban, and a stolen refresh token each end a cached session on the next call', async () => {
    const a = await registerUser(t);
    expect((await asUser(t, a.tokens.access_token, 'GET', DETAIL)).status).toBe(200);
    await asUser(t, a.tokens.access_token, 'POST', LOGOUT);
    expect((await asUser(t, a.tokens.access_token, 'GET', DETAIL)).status).toBe(401);

    const b = await registerUser(t);
    expect((await asUser(t, b.tokens.access_token, 'GET', DETAIL)).status).toBe(200);
    await t.app.inject({ method: 'POST', url: '/dev/test/ban', payload: { user_id: b.userId } });
    expect((await asUser(t, b.tokens.access_token, 'GET', DETAIL)).status).toBe(401);

    const c = await registerUser(t);
    expect((await asUser(t, c.tokens.access_token, 'GET', DETAIL)).status).toBe(200);
    const refresh = (token: string) => t.api('POST', REFRESH, { body: { refresh_token: token } });
    expect((await refresh(c.tokens.refresh_token)).status).toBe(200);
    // The rotated-away token comes back: a thief holds one of the two, so the session ends.
    expect((await refresh(c.tokens.refresh_token)).status).toBe(401);
    expect((await asUser(t, c.tokens.access_token, 'GET', DETAIL)).status).toBe(401);
  });

  it('trusts a row no longer than its time limit', async () => {
    const u = await registerUser(t);
    expect((await asUser(t, u.tokens.access_token, 'GET', DETAIL)).status).toBe(200);
    // Revoked behind the process's back (no event): served from memory until the limit passes.
    await t.rt.database.db
      .update(sessions)
      .set({ revokedAt: new Date(clock.now()) })
      .where(eq(sessions.userId, u.userId));
    expect((await asUser(t, u.tokens.access_token, 'GET', DETAIL)).status).toBe(200);
    clock.advance(SESSION_CACHE_MS);
    expect((await asUser(t, u.tokens.access_token, 'GET', DETAIL)).status).toBe(401);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'a session ended on one process, on PostgreSQL and Redis',
  () => {
    const clock = fakeClock();
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp({ clock });
      b = await startTestApp({ clock, sharing: a });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('is refused by the other process as soon as the event arrives', async () => {
      const u = await registerUser(a);
      expect((await asUser(b, u.tokens.access_token, 'GET', DETAIL)).status).toBe(200);
      await asUser(a, u.tokens.access_token, 'POST', LOGOUT);
      // The clock stands still, so B's cached row can only go because the event told it to.
      const deadline = Date.now() + 5_000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        status = (await asUser(b, u.tokens.access_token, 'GET', DETAIL)).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(401);
    });
  },
);
