import type { LoginResponse } from '@kaixiang/shared/accounts';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, login, registerUser, smsCode } from '../../../test/support/accounts.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { users } from '../../db/schema/users.ts';
import { TestSocket } from '../../realtime/socket-test-client.ts';

const DETAIL = '/usercenter/v1/user/detail';
const REFRESH = '/usercenter/v1/user/refresh-token';

describe('access and refresh tokens', () => {
  let t: TestApp;
  let url: string;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await startTestApp({ clock });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/connect`;
  });
  afterAll(() => t.close());

  const refresh = (token: string) => t.api<LoginResponse>('POST', REFRESH, { body: { refresh_token: token } });
  const detail = (token: string) => asUser(t, token, 'GET', DETAIL);

  it('refuses protected calls without a token, with a forged one, and after the access token expires', async () => {
    const u = await registerUser(t);
    expect((await t.api('GET', DETAIL)).status).toBe(401);
    expect((await detail('abc.def')).body).toMatchObject({ code: 401, error: 'UNAUTHENTICATED' });
    expect((await detail(u.tokens.access_token)).body.code).toBe(200);
    clock.advance(15 * 60_000);
    expect((await detail(u.tokens.access_token)).body.code).toBe(401);
    // The refresh token still works and gives a fresh access token.
    const r = await refresh(u.tokens.refresh_token);
    expect(r.body.code).toBe(200);
    expect((await detail(r.body.data.access_token)).body.code).toBe(200);
  });

  it('rotates the refresh token; replaying a rotated one ends the whole login', async () => {
    const u = await registerUser(t);
    const first = await refresh(u.tokens.refresh_token);
    expect(first.body.code).toBe(200);
    expect(first.body.data.refresh_token).not.toBe(u.tokens.refresh_token);
    const second = await refresh(first.body.data.refresh_token);
    expect(second.body.code).toBe(200);
    // A thief replays the first token: refused, and the owner's current tokens die with it.
    expect((await refresh(u.tokens.refresh_token)).body.code).toBe(401);
    expect((await refresh(second.body.data.refresh_token)).body.code).toBe(401);
    expect((await detail(second.body.data.access_token)).body.code).toBe(401);
    // Another login of the same account is a different session and lives on.
    const other = await login(t, u.mobile, u.password);
    expect((await detail(other.body.data.access_token)).body.code).toBe(200);
  });

  it('lets a refresh token expire after 30 days unused', async () => {
    const u = await registerUser(t);
    clock.advance(30 * 24 * 3600_000);
    expect((await refresh(u.tokens.refresh_token)).body.code).toBe(401);
  });

  it('logout revokes the access and the refresh token of that login only', async () => {
    const u = await registerUser(t);
    const other = await login(t, u.mobile, u.password);
    expect((await asUser(t, u.tokens.access_token, 'POST', '/usercenter/v1/user/logout')).body.code).toBe(200);
    expect((await detail(u.tokens.access_token)).body.code).toBe(401);
    expect((await refresh(u.tokens.refresh_token)).body.code).toBe(401);
    expect((await detail(other.body.data.access_token)).body.code).toBe(200);
  });

  it('a password change ends every login and closes the sockets; the new password works', async () => {
    const u = await registerUser(t);
    const second = await login(t, u.mobile, u.password);
    const ws = await TestSocket.open(url);
    try {
      ws.send('LOGIN', { token: u.tokens.access_token, user_id: u.userId });
      await ws.next('LOGIN');
      clock.advance(61_000);
      const code = await smsCode(t, u.mobile, 3);
      const pw = await hashPasswordForTransport('newpass1');
      const mismatch = await t.api('POST', '/usercenter/v1/user/change-user-password', {
        body: { phone: u.mobile, verify_code: code, password: pw, re_password: await hashPasswordForTransport('x1') },
      });
      expect(mismatch.body).toMatchObject({ error: 'PASSWORD_MISMATCH', msg: '两次输入的密码不一致' });
      const res = await t.api('POST', '/usercenter/v1/user/change-user-password', {
        body: { phone: u.mobile, verify_code: code, password: pw, re_password: pw },
      });
      expect(res.body.code).toBe(200);
      expect((await ws.closed).code).toBeGreaterThan(1000);
      for (const tok of [u.tokens.access_token, second.body.data.access_token])
        expect((await detail(tok)).body.code).toBe(401);
      expect((await refresh(second.body.data.refresh_token)).body.code).toBe(401);
      expect((await login(t, u.mobile, u.password)).body.error).toBe('LOGIN_FAILED');
      expect((await login(t, u.mobile, 'newpass1')).body.code).toBe(200);
      // A revoked login cannot sign a socket in again.
      const again = await TestSocket.open(url);
      again.send('LOGIN', { token: u.tokens.access_token, user_id: u.userId });
      expect((await again.next('ERR')).data).toMatchObject({ msg: 'user not login' });
      await again.close();
    } finally {
      await ws.close();
    }
  });

  it('a user banned directly in the table gets 401 with the ban message on the next call', async () => {
    const u = await registerUser(t);
    await t.rt.database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, u.userId));
    const res = await detail(u.tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, msg: '账号已被封禁，请联系客服' });
    expect((await refresh(u.tokens.refresh_token)).body.code).toBe(401);
  });

  it('a ban ends every login and socket at once; lifting it lets the user log in again', async () => {
    const u = await registerUser(t);
    const ws = await TestSocket.open(url);
    try {
      ws.send('LOGIN', { token: u.tokens.access_token, user_id: u.userId });
      await ws.next('LOGIN');
      const ban = await t.app.inject({ method: 'POST', url: '/dev/test/ban', payload: { user_id: u.userId } });
      expect(ban.statusCode).toBe(200);
      expect((await ws.closed).code).toBeGreaterThan(1000);
      expect((await refresh(u.tokens.refresh_token)).body.code).toBe(401);
      expect((await login(t, u.mobile, u.password)).body.error).toBe('ACCOUNT_BANNED');
      await t.app.inject({ method: 'POST', url: '/dev/test/ban', payload: { user_id: u.userId, banned: false } });
      const back = await login(t, u.mobile, u.password);
      expect((await detail(back.body.data.access_token)).body.code).toBe(200);
      // The ban ended the old login for good.
      expect((await detail(u.tokens.access_token)).body.code).toBe(401);
    } finally {
      await ws.close();
    }
  });
});
