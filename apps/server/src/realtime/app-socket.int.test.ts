import { SITE_EVENTS } from '@kaixiang/shared/socket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { reachVipLevel } from '../../test/support/vip.ts';
import { signAccessToken } from '../modules/auth/access-token.ts';
import { TestSocket } from './socket-test-client.ts';

// The socket as the whole app serves it: real access tokens, and a win recorded through the
// site service reaching a connected visitor's ticker.
describe('the app socket at /connect', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/connect`;
  });
  afterAll(() => t.close());

  it('logs in with an access token of a live session and joins only its own user room', async () => {
    const u = await registerUser(t);
    const token = u.tokens.access_token;
    const id = u.userId;
    const ws = await TestSocket.open(url);
    try {
      expect((await ws.next('pyUserInfo')).data).toMatchObject({ isGuest: true });
      ws.send('LOGIN', { token, user_id: id });
      expect((await ws.next('LOGIN')).data).toMatchObject({ user_id: id, ok: true });
      expect((await ws.next('pyUserInfo')).data).toMatchObject({ isGuest: false });
      ws.send('JOIN', { room: `user:${id}` });
      expect((await ws.next('JOIN')).data).toMatchObject({ room: `user:${id}` });
      ws.send('JOIN', { room: `user:${id + 1}` });
      expect((await ws.next('ERR')).data).toMatchObject({ code: 'FORBIDDEN_ROOM' });
    } finally {
      await ws.close();
    }
  });

  it('refuses a well-signed token whose session does not exist', async () => {
    const token = signAccessToken(
      { userId: 42, sessionId: 'no-such-session', expiresAtMs: t.rt.clock.now() + 60_000 },
      t.rt.config.TOKEN_SECRET,
    );
    const ws = await TestSocket.open(url);
    try {
      ws.send('LOGIN', { token, user_id: 42 });
      expect((await ws.next('ERR')).data).toMatchObject({ msg: 'user not login' });
    } finally {
      await ws.close();
    }
  });

  it('refuses an expired or forged token', async () => {
    const expired = signAccessToken(
      { userId: 42, sessionId: 's1', expiresAtMs: t.rt.clock.now() - 1 },
      t.rt.config.TOKEN_SECRET,
    );
    const forged = signAccessToken(
      { userId: 42, sessionId: 's1', expiresAtMs: t.rt.clock.now() + 60_000 },
      'x'.repeat(40),
    );
    const ws = await TestSocket.open(url);
    try {
      for (const token of [expired, forged]) {
        ws.send('LOGIN', { token, user_id: 42 });
        expect((await ws.next('ERR')).data).toMatchObject({ msg: 'user not login' });
      }
    } finally {
      await ws.close();
    }
  });

  it('pushes a recorded win to every connected visitor with the next sequence number', async () => {
    const a = await TestSocket.open(url);
    const b = await TestSocket.open(url);
    try {
      await Promise.all([a.roundTrip(), b.roundTrip()]);
      const winner = await registerUser(t, { nick_name: '幸运儿' });
      await reachVipLevel(t, winner.userId, 4);
      const res = await t.app.inject({
        method: 'POST',
        url: '/dev/test/reward',
        payload: { user_id: winner.userId, nick_name: '幸运儿', big: true, price_units: 5_000_000 },
      });
      expect(res.statusCode).toBe(200);
      const [fa, fb] = await Promise.all([a.next(SITE_EVENTS.rewardHistory), b.next(SITE_EVENTS.rewardHistory)]);
      // The payload carries the winner's VIP level: the ticker draws the badge without a second call.
      expect(fa.data).toMatchObject({
        user_id: winner.userId,
        nick_name: '幸运儿',
        vip_level: 4,
        reward_history_type: 2,
        reward_item_price: 5_000_000,
      });
      expect(fa.seq).toBe(fb.seq);
      expect(fa.room).toBe('site');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
