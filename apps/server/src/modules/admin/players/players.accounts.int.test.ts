import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import { ADMIN_PATHS, type AuditEntry, type AuditLogResponse } from '@kaixiang/shared/admin';
import {
  ADMIN_PLAYER_PATHS,
  type PlayerBanResponse,
  type PlayerDetail,
  type ResetPasswordResponse,
} from '@kaixiang/shared/admin-players';
import { ERRORS } from '@kaixiang/shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, login, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { sessions } from '../../../db/schema/accounts.ts';
import { users } from '../../../db/schema/users.ts';

/** Ban, unban and password reset from the console: each ends what it must and is in the audit log. */
describe('console players: ban, unban, reset password', () => {
  let t: TestApp;
  let admin: TestUser;
  let support: TestUser;
  let finance: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await registerUser(t, { nick_name: '运营' });
    support = await registerUser(t, { nick_name: '客服' });
    finance = await registerUser(t, { nick_name: '财务' });
    await setRole(t, admin, 'admin');
    await setRole(t, support, 'support');
    await setRole(t, finance, 'finance');
  });
  afterAll(() => t.close());

  const post = <T>(u: TestUser, path: string, body: unknown, lang?: string) =>
    t.api<T>('POST', path, { headers: bearer(u.tokens.access_token), body, ...(lang ? { lang } : {}) });
  const audit = async (action: string, userId: number): Promise<AuditEntry[]> =>
    (
      await t.api<AuditLogResponse>('GET', `${ADMIN_PATHS.auditLog}?action=${action}&target=user:${userId}`, {
        headers: bearer(admin.tokens.access_token),
      })
    ).body.data.list;
  const detail = (token: string) => asUser(t, token, 'GET', ACCOUNT_PATHS.detail);
  const refresh = (token: string) => t.api('POST', ACCOUNT_PATHS.refresh, { body: { refresh_token: token } });
  const liveSessions = async (userId: number) =>
    (await t.rt.database.db.select().from(sessions).where(eq(sessions.userId, userId))).filter((s) => !s.revokedAt);

  it('a ban ends every session at once, is recorded with its reason, and an unban lets the player back in', async () => {
    const p = await registerUser(t);
    const other = await login(t, p.mobile, p.password);
    expect(other.body.code).toBe(200);
    expect(await liveSessions(p.userId)).toHaveLength(2);

    const banned = await post<PlayerBanResponse>(support, ADMIN_PLAYER_PATHS.ban, {
      user_id: p.userId,
      reason: '  多次使用外挂  ',
    });
    expect(banned.body.code).toBe(200);
    expect(banned.body.data).toMatchObject({ user_id: p.userId, sessions_ended: 2 });
    expect(await liveSessions(p.userId)).toEqual([]);
    const ended = await t.rt.database.db.select().from(sessions).where(eq(sessions.userId, p.userId));
    expect(ended.map((s) => s.revokedReason)).toEqual(['banned', 'banned']);
    for (const tokens of [p.tokens, other.body.data]) {
      expect((await detail(tokens.access_token)).status).toBe(401);
      expect((await refresh(tokens.refresh_token)).body.code).toBe(401);
    }
    expect((await login(t, p.mobile, p.password)).body.error).toBe('ACCOUNT_BANNED');
    const [entry] = await audit('player.ban', p.userId);
    expect(entry).toMatchObject({
      admin_id: support.userId,
      admin_name: '客服',
      action: 'player.ban',
      target: `user:${p.userId}`,
      before: { banned_at: null },
      after: { banned_at: banned.body.data.banned_at, sessions_ended: 2 },
      reason: '多次使用外挂',
    });
    const page = await asUser<PlayerDetail>(
      t,
      admin.tokens.access_token,
      'GET',
      `${ADMIN_PLAYER_PATHS.detail}?user_id=${p.userId}`,
    );
    expect(page.body.data.profile.banned_at).toBe(banned.body.data.banned_at);
    expect(page.body.data.sessions).toEqual([]);

    const again = await post(support, ADMIN_PLAYER_PATHS.ban, { user_id: p.userId, reason: '再封' }, 'en-US');
    expect(again.body).toMatchObject({ code: ERRORS.PLAYER_ALREADY_BANNED.code, msg: 'This player is already banned' });

    const lifted = await post<PlayerBanResponse>(support, ADMIN_PLAYER_PATHS.unban, {
      user_id: p.userId,
      reason: '申诉通过',
    });
    expect(lifted.body.data).toEqual({ user_id: p.userId, banned_at: null, sessions_ended: 0 });
    expect(await audit('player.unban', p.userId)).toEqual([
      expect.objectContaining({
        before: { banned_at: banned.body.data.banned_at },
        after: { banned_at: null },
        reason: '申诉通过',
      }),
    ]);
    const back = await login(t, p.mobile, p.password);
    expect((await detail(back.body.data.access_token)).body.code).toBe(200);
    // The ban ended the old logins for good.
    expect((await detail(p.tokens.access_token)).status).toBe(401);
    expect((await post(support, ADMIN_PLAYER_PATHS.unban, { user_id: p.userId, reason: '再解' })).body.code).toBe(
      ERRORS.PLAYER_NOT_BANNED.code,
    );
  });

  it('refuses staff, oneself, a missing reason, a missing player and a role without players.manage; changes nothing', async () => {
    const p = await registerUser(t);
    const cases: [TestUser, unknown, keyof typeof ERRORS][] = [
      [admin, { user_id: support.userId, reason: '测试' }, 'PLAYER_IS_STAFF'],
      [admin, { user_id: admin.userId, reason: '测试' }, 'PLAYER_SELF'],
      [admin, { user_id: p.userId, reason: '   ' }, 'PLAYER_REASON_INVALID'],
      [admin, { user_id: p.userId, reason: '理'.repeat(201) }, 'PLAYER_REASON_INVALID'],
      [admin, { user_id: p.userId }, 'VALIDATION_FAILED'],
      [admin, { user_id: 99999999, reason: '测试' }, 'PLAYER_NOT_FOUND'],
      [finance, { user_id: p.userId, reason: '测试' }, 'STAFF_PERMISSION_MISSING'],
      [p, { user_id: support.userId, reason: '测试' }, 'ADMIN_ONLY'],
    ];
    for (const [who, body, key] of cases) {
      expect((await post(who, ADMIN_PLAYER_PATHS.ban, body)).body.code, key).toBe(ERRORS[key].code);
    }
    const staffBan = await post(admin, ADMIN_PLAYER_PATHS.ban, { user_id: support.userId, reason: '测试' }, 'en-US');
    expect(staffBan.body.msg).toBe('A staff account cannot be banned or have its password reset here');
    expect((await post(admin, ADMIN_PLAYER_PATHS.ban, { user_id: p.userId, reason: '理'.repeat(200) })).body.code).toBe(
      200,
    );
    const rows = await t.rt.database.db
      .select({ id: users.id, bannedAt: users.bannedAt })
      .from(users)
      .where(eq(users.role, 'support'));
    expect(rows.every((r) => r.bannedAt === null)).toBe(true);
    expect(await audit('player.ban', support.userId)).toEqual([]);
    expect(await audit('player.ban', admin.userId)).toEqual([]);
    expect((await detail(support.tokens.access_token)).body.code).toBe(200);
  });

  it('a password reset answers a temporary password once; it signs in, the old password and sessions do not', async () => {
    const p = await registerUser(t);
    const other = await login(t, p.mobile, p.password);
    // Failed logins before the reset do not lock the player out of the new password.
    for (let i = 0; i < 4; i++) expect((await login(t, p.mobile, 'wrong-one')).body.error).toBe('LOGIN_FAILED');

    const res = await post<ResetPasswordResponse>(support, ADMIN_PLAYER_PATHS.resetPassword, {
      user_id: p.userId,
      reason: '玩家来电，已核实身份',
    });
    expect(res.body.code).toBe(200);
    const { temporary_password: password, sessions_ended } = res.body.data;
    expect(password).toMatch(/^[A-Z2-9]{10}$/);
    expect(sessions_ended).toBe(2);

    for (const tokens of [p.tokens, other.body.data]) {
      expect((await detail(tokens.access_token)).status).toBe(401);
      expect((await refresh(tokens.refresh_token)).body.code).toBe(401);
    }
    const ended = await t.rt.database.db.select().from(sessions).where(eq(sessions.userId, p.userId));
    expect(ended.map((s) => s.revokedReason)).toEqual(['password', 'password']);
    expect((await login(t, p.mobile, p.password)).body.error).toBe('LOGIN_FAILED');
    const fresh = await login(t, p.mobile, password);
    expect(fresh.body.code).toBe(200);
    expect((await detail(fresh.body.data.access_token)).body.code).toBe(200);

    const [entry] = await audit('player.password_reset', p.userId);
    expect(entry).toMatchObject({
      admin_id: support.userId,
      target: `user:${p.userId}`,
      after: { temporary_password: true, sessions_ended: 2 },
      reason: '玩家来电，已核实身份',
    });
    expect(JSON.stringify(entry)).not.toContain(password);

    // Staff, oneself and a Steam-only account (no password login) are refused; nothing changes.
    const steamOnly = await registerUser(t);
    await t.rt.database.db.update(users).set({ mobile: null }).where(eq(users.id, steamOnly.userId));
    for (const [userId, key] of [
      [admin.userId, 'PLAYER_IS_STAFF'],
      [support.userId, 'PLAYER_SELF'],
      [steamOnly.userId, 'PLAYER_NO_PASSWORD_LOGIN'],
    ] as const) {
      const refused = await post(support, ADMIN_PLAYER_PATHS.resetPassword, { user_id: userId, reason: '测试' });
      expect(refused.body.code, key).toBe(ERRORS[key].code);
    }
    expect((await login(t, admin.mobile, admin.password)).body.code).toBe(200);
    expect(await audit('player.password_reset', admin.userId)).toEqual([]);
    expect(
      (await post(finance, ADMIN_PLAYER_PATHS.resetPassword, { user_id: p.userId, reason: '测试' })).body.code,
    ).toBe(ERRORS.STAFF_PERMISSION_MISSING.code);
  });
});
