import type { LoginResponse } from '@kaixiang/shared/accounts';
import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts-paths';
import {
  ADMIN_PATHS,
  type AdminMeResponse,
  type AuditLogResponse,
  CONSOLE_SESSION_IDLE_MS,
  CONSOLE_SESSION_MAX_MS,
  RECOVERY_CODE_COUNT,
  TOTP_LOCK_MS,
  TOTP_MAX_FAILURES,
  type TotpEnableResponse,
  type TotpSetupResponse,
  type TotpVerifyResponse,
} from '@kaixiang/shared/admin';
import { ERRORS } from '@kaixiang/shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, login, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { staffTotp } from '../../db/schema/admin.ts';
import { TOTP_PERIOD_MS, totpCode } from './totp.ts';

/** The console's second factor and its sessions (docs/operations.md "Console sign-in"), through HTTP. */
describe('console sign-in with an authenticator', () => {
  const clock = fakeClock();
  let t: TestApp;
  let staff: TestUser;
  let secret = '';
  let recovery: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({ clock });
    staff = await registerUser(t, { nick_name: '客服小王' });
    await setRole(t, staff.userId, 'support');
  });
  afterAll(() => t.close());

  const call = <T>(token: string, path: string, body?: unknown) =>
    asUser<T>(
      t,
      token,
      body === undefined && path !== ADMIN_PATHS.totpSetup && path !== ADMIN_PATHS.signOut ? 'GET' : 'POST',
      path,
      body,
    );
  const audit = (token: string) => call<AuditLogResponse>(token, `${ADMIN_PATHS.auditLog}?action=console.`);
  /** A fresh site session of the staff member (a second browser, say). */
  const newSession = async () => {
    const res = await login(t, staff.mobile, staff.password);
    expect(res.body.code).toBe(200);
    const tokens = res.body.data as LoginResponse;
    refreshOf.set(tokens.access_token, tokens.refresh_token);
    return tokens.access_token;
  };
  /** Refresh tokens of the access tokens above: access tokens live 15 minutes, the site session stays. */
  const refreshOf = new Map<string, string>();
  async function refreshed(access: string): Promise<string> {
    const res = await t.api<LoginResponse>('POST', ACCOUNT_PATHS.refresh, {
      body: { refresh_token: refreshOf.get(access) },
    });
    expect(res.body.code).toBe(200);
    refreshOf.set(res.body.data.access_token, res.body.data.refresh_token);
    return res.body.data.access_token;
  }
  const nextStep = () => clock.advance(TOTP_PERIOD_MS);

  it('enrols: a secret offered, confirmed by a code from it, recovery codes once, a console session', async () => {
    const token = staff.tokens.access_token;
    // No console session yet: the permission routes say so; `me` tells the console what to offer.
    expect((await audit(token)).body.code).toBe(ERRORS.CONSOLE_2FA_REQUIRED.code);
    expect((await call<AdminMeResponse>(token, ADMIN_PATHS.me)).body.data).toMatchObject({
      role: 'support',
      totp_enrolled: false,
      console_expires_at: null,
      recovery_codes_left: 0,
    });
    expect((await call(token, ADMIN_PATHS.totpEnable, { code: '123456' })).body.code).toBe(ERRORS.TOTP_NOT_SET_UP.code);
    const first = (await call<TotpSetupResponse>(token, ADMIN_PATHS.totpSetup)).body.data;
    // A second setup before confirming replaces the secret: the first one's codes no longer work.
    const setup = (await call<TotpSetupResponse>(token, ADMIN_PATHS.totpSetup)).body.data;
    expect(setup.secret).not.toBe(first.secret);
    const uri = new URL(setup.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host + decodeURIComponent(uri.pathname)).toBe('totp/Kaixiang:客服小王');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'Kaixiang',
      secret: setup.secret,
      digits: '6',
    });
    secret = setup.secret;
    const stale = await call(token, ADMIN_PATHS.totpEnable, { code: totpCode(first.secret, clock.now()) });
    expect(stale.body.code).toBe(ERRORS.TOTP_INVALID.code);
    // At rest the secret is sealed, not stored as given.
    const [row] = await t.rt.database.db.select().from(staffTotp).where(eq(staffTotp.userId, staff.userId));
    expect(row?.sealedSecret).toMatch(/^v1\./);
    expect(row?.sealedSecret).not.toContain(secret);

    const enabled = await call<TotpEnableResponse>(token, ADMIN_PATHS.totpEnable, {
      code: totpCode(secret, clock.now()),
    });
    expect(enabled.body.code).toBe(200);
    recovery = enabled.body.data.recovery_codes;
    expect(recovery).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recovery).size).toBe(RECOVERY_CODE_COUNT);
    expect(enabled.body.data.console_expires_at).toBe(clock.now() + CONSOLE_SESSION_IDLE_MS);
    expect((await audit(token)).body.code).toBe(200);
    expect((await call<AdminMeResponse>(token, ADMIN_PATHS.me)).body.data).toMatchObject({
      totp_enrolled: true,
      console_expires_at: clock.now() + CONSOLE_SESSION_IDLE_MS,
      recovery_codes_left: RECOVERY_CODE_COUNT,
    });
    // Enrolled once: no new secret can be taken over by whoever holds the site session next.
    expect((await call(token, ADMIN_PATHS.totpSetup)).body.code).toBe(ERRORS.TOTP_ALREADY_ENROLLED.code);
  });

  it('opens a console session per site session; a code works once', async () => {
    const other = await newSession();
    expect((await audit(other)).body.code).toBe(ERRORS.CONSOLE_2FA_REQUIRED.code);
    // The code that confirmed the enrolment was taken with its 30 s step.
    const replay = await call(other, ADMIN_PATHS.totpVerify, { code: totpCode(secret, clock.now()) });
    expect(replay.body.code).toBe(ERRORS.TOTP_INVALID.code);
    nextStep();
    const code = totpCode(secret, clock.now());
    const [a, b] = await Promise.all([
      call<TotpVerifyResponse>(other, ADMIN_PATHS.totpVerify, { code }),
      call<TotpVerifyResponse>(other, ADMIN_PATHS.totpVerify, { code }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([200, ERRORS.TOTP_INVALID.code].sort());
    expect((await audit(other)).body.code).toBe(200);
    // A code of a step long gone is refused.
    nextStep();
    const old = totpCode(secret, clock.now() - 5 * TOTP_PERIOD_MS);
    expect((await call(await newSession(), ADMIN_PATHS.totpVerify, { code: old })).body.code).toBe(
      ERRORS.TOTP_INVALID.code,
    );
  });

  it('takes each recovery code once, whatever its case and dashes', async () => {
    const session = await newSession();
    const code = recovery[0] ?? '';
    const typed = code.toUpperCase().replace('-', ' ');
    const res = await call<TotpVerifyResponse>(session, ADMIN_PATHS.totpVerify, { code: typed });
    expect(res.body.code).toBe(200);
    expect(res.body.data.recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
    expect((await call(await newSession(), ADMIN_PATHS.totpVerify, { code })).body.code).toBe(ERRORS.TOTP_INVALID.code);
    const methods = (await audit(session)).body.data.list.map((e) => (e.after as { method?: string }).method);
    expect(methods).toContain('recovery_code');
    expect(methods).toContain('totp');
  });

  it(`locks after ${TOTP_MAX_FAILURES} wrong codes in a row, for ${TOTP_LOCK_MS / 60_000} minutes`, async () => {
    // A right code starts the count again.
    nextStep();
    expect(
      (await call(await newSession(), ADMIN_PATHS.totpVerify, { code: totpCode(secret, clock.now()) })).body.code,
    ).toBe(200);
    const session = await newSession();
    for (let i = 0; i < TOTP_MAX_FAILURES; i++)
      expect((await call(session, ADMIN_PATHS.totpVerify, { code: '000000' })).body.code).toBe(
        ERRORS.TOTP_INVALID.code,
      );
    nextStep();
    const locked = await asUser(t, session, 'POST', ADMIN_PATHS.totpVerify, { code: totpCode(secret, clock.now()) });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(ERRORS.TOTP_LOCKED.code);
    expect((await call(session, ADMIN_PATHS.totpVerify, { code: recovery[1] })).body.code).toBe(
      ERRORS.TOTP_LOCKED.code,
    );
    clock.advance(TOTP_LOCK_MS);
    const fresh = await newSession();
    expect((await call(fresh, ADMIN_PATHS.totpVerify, { code: totpCode(secret, clock.now()) })).body.code).toBe(200);
  });

  it(`checks only ${TOTP_MAX_FAILURES} of a burst of wrong codes sent at once`, async () => {
    clock.advance(TOTP_LOCK_MS);
    const sessions = await Promise.all(Array.from({ length: 3 }, () => newSession()));
    // Wrong for certain: none of the codes of the steps around now.
    const good = new Set([-2, -1, 0, 1, 2].map((k) => totpCode(secret, clock.now() + k * TOTP_PERIOD_MS)));
    const wrong = Array.from({ length: 40 }, (_, i) => String(100_000 + i)).filter((c) => !good.has(c));
    const burst = await Promise.all(
      wrong
        .slice(0, 4 * TOTP_MAX_FAILURES)
        .map((code, i) => call(sessions[i % sessions.length]!, ADMIN_PATHS.totpVerify, { code })),
    );
    const codes = burst.map((r) => r.body.code);
    expect(codes.filter((c) => c === ERRORS.TOTP_INVALID.code)).toHaveLength(TOTP_MAX_FAILURES);
    expect(codes.filter((c) => c === ERRORS.TOTP_LOCKED.code)).toHaveLength(3 * TOTP_MAX_FAILURES);
    const [row] = await t.rt.database.db.select().from(staffTotp).where(eq(staffTotp.userId, staff.userId));
    expect(row?.failures).toBe(TOTP_MAX_FAILURES);
    expect(row?.lockedUntil?.getTime()).toBe(clock.now() + TOTP_LOCK_MS);
    clock.advance(TOTP_LOCK_MS);
  });

  it('ends after the idle time, at the latest after the maximum, and on sign-out or logout', async () => {
    // Idle: a request within the idle time keeps it; the idle time without one ends it.
    let session = await newSession();
    nextStep();
    expect((await call(session, ADMIN_PATHS.totpVerify, { code: totpCode(secret, clock.now()) })).body.code).toBe(200);
    clock.advance(CONSOLE_SESSION_IDLE_MS - 60_000);
    session = await refreshed(session);
    expect((await audit(session)).body.code).toBe(200);
    clock.advance(CONSOLE_SESSION_IDLE_MS - 60_000);
    session = await refreshed(session);
    expect((await audit(session)).body.code).toBe(200);
    clock.advance(CONSOLE_SESSION_IDLE_MS + 1);
    session = await refreshed(session);
    expect((await audit(session)).body.code).toBe(ERRORS.CONSOLE_2FA_REQUIRED.code);

    // Maximum: kept busy, it still ends CONSOLE_SESSION_MAX_MS after the code.
    nextStep();
    expect((await call(session, ADMIN_PATHS.totpVerify, { code: totpCode(secret, clock.now()) })).body.code).toBe(200);
    const opened = clock.now();
    while (clock.now() + 10 * 60_000 < opened + CONSOLE_SESSION_MAX_MS) {
      clock.advance(10 * 60_000);
      session = await refreshed(session);
      expect((await audit(session)).body.code).toBe(200);
    }
    clock.advance(opened + CONSOLE_SESSION_MAX_MS - clock.now());
    session = await refreshed(session);
    expect((await audit(session)).body.code).toBe(ERRORS.CONSOLE_2FA_REQUIRED.code);

    // Sign-out ends the console session, not the site session.
    nextStep();
    expect((await call(session, ADMIN_PATHS.totpVerify, { code: totpCode(secret, clock.now()) })).body.code).toBe(200);
    expect((await call(session, ADMIN_PATHS.signOut)).body.code).toBe(200);
    expect((await audit(session)).body.code).toBe(ERRORS.CONSOLE_2FA_REQUIRED.code);
    expect((await call<AdminMeResponse>(session, ADMIN_PATHS.me)).body.data.console_expires_at).toBeNull();

    // Logging out of the site ends both.
    nextStep();
    expect((await call(session, ADMIN_PATHS.totpVerify, { code: totpCode(secret, clock.now()) })).body.code).toBe(200);
    expect((await asUser(t, session, 'POST', ACCOUNT_PATHS.logout, {})).body.code).toBe(200);
    expect((await audit(session)).body.code).toBe(ERRORS.UNAUTHENTICATED.code);
  });

  it('refuses a player and tells them in their language', async () => {
    const player = await registerUser(t);
    const res = await t.api('POST', ADMIN_PATHS.totpSetup, {
      headers: { authorization: `Bearer ${player.tokens.access_token}` },
      lang: 'zh-TW',
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: ERRORS.ADMIN_ONLY.code, msg: '僅限管理員使用' });
  });
});
