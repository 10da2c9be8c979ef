import type { LoginResponse } from '@kaixiang/shared/accounts';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, newPhone, registerUser, smsCode } from '../../../test/support/accounts.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { users } from '../../db/schema/users.ts';

const REGISTER = '/usercenter/v1/user/register';

describe('phone registration', () => {
  let t: TestApp;
  const clock = fakeClock();
  let pw: string;
  beforeAll(async () => {
    t = await startTestApp({ clock });
    pw = await hashPasswordForTransport('secret123');
  });
  afterAll(() => t.close());

  it('checks nickname, phone, code, password in that order, with the spec messages', async () => {
    const reg = (b: Record<string, string>) =>
      t.api('POST', REGISTER, {
        body: { nick_name: '玩家', mobile: '13800000000', verify_code: '123456', password: pw, ...b },
      });
    expect((await reg({ nick_name: ' @@ ', mobile: '' })).body).toMatchObject({
      error: 'NICKNAME_REQUIRED',
      msg: '请输入昵称',
    });
    expect((await reg({ mobile: '', verify_code: '' })).body).toMatchObject({
      error: 'REGISTER_PHONE_REQUIRED',
      msg: '请输入手机号码',
    });
    expect((await reg({ mobile: '1380000', verify_code: '' })).body).toMatchObject({
      error: 'PHONE_INVALID',
      msg: '请输入正确的手机号',
    });
    expect((await reg({ verify_code: '', password: '' })).body).toMatchObject({
      error: 'CODE_REQUIRED',
      msg: '请输入验证码',
    });
    expect((await reg({ password: '' })).body).toMatchObject({ error: 'PASSWORD_REQUIRED', msg: '请输入登陆密码' });
    expect((await reg({ nick_name: '一二三四五六七八九十一二三' })).body).toMatchObject({
      error: 'NICKNAME_TOO_LONG',
    });
    expect((await reg({ password: 'plain-text' })).body.error).toBe('VALIDATION_FAILED');
  });

  it('registers with the code, stores argon2id, strips the nickname, and logs in', async () => {
    const mobile = newPhone();
    const code = await smsCode(t, mobile, 1);
    const res = await t.api<LoginResponse>('POST', REGISTER, {
      body: { mobile, password: pw, verify_code: code, nick_name: ' 小 明!! ' },
    });
    expect(res.body.code).toBe(200);
    const d = res.body.data;
    const nowS = Math.floor(clock.now() / 1000);
    expect(d.access_expire).toBe(nowS + 15 * 60);
    expect(d.refresh_after).toBe(nowS + 10 * 60);
    expect(d.refresh_token.length).toBeGreaterThan(30);
    const [row] = await t.rt.database.db.select().from(users).where(eq(users.id, d.user_id));
    expect(row?.nickName).toBe('小明');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.superInviteCode).toMatch(/^[A-Z0-9]{6,8}$/);
    // The code is spent: registering again with it fails (and the phone exists anyway).
    const again = await t.api('POST', REGISTER, { body: { mobile, password: pw, verify_code: code, nick_name: 'x' } });
    expect(again.body.error).toBe('ACCOUNT_EXISTS');
    const lg = await login(t, mobile, 'secret123');
    expect(lg.body.code).toBe(200);
    expect(lg.body.data.user_id).toBe(d.user_id);
  });

  it('refuses a wrong code, an expired code, a reused code, and dies after 5 wrong tries', async () => {
    const mobile = newPhone();
    const code = await smsCode(t, mobile, 1);
    const wrong = code === '000000' ? '111111' : '000000';
    const reg = (verify_code: string, m = mobile) =>
      t.api('POST', REGISTER, { body: { mobile: m, password: pw, verify_code, nick_name: 'abc' } });
    for (let i = 0; i < 5; i++) expect((await reg(wrong)).body.error).toBe('CODE_WRONG');
    expect((await reg(code)).body).toMatchObject({ error: 'CODE_TOO_MANY_TRIES' });

    clock.advance(61_000);
    const fresh = await smsCode(t, mobile, 1);
    clock.advance(5 * 60_000);
    expect((await reg(fresh)).body.error).toBe('CODE_EXPIRED');

    clock.advance(61_000);
    const third = await smsCode(t, mobile, 1);
    expect((await reg(third)).body.code).toBe(200);

    // A code is bound to its phone: another phone cannot use it.
    const other = newPhone();
    const otherCode = await smsCode(t, other, 1);
    const swapped = otherCode === '999999' ? '999998' : otherCode;
    expect((await reg(swapped, newPhone())).body.error).toBe('CODE_WRONG');
  });

  it('rejects an unknown invite code and records a known inviter', async () => {
    const inviter = await registerUser(t);
    const [row] = await t.rt.database.db.select().from(users).where(eq(users.id, inviter.userId));
    const mobile = newPhone();
    const code = await smsCode(t, mobile, 1);
    const bad = await t.api('POST', REGISTER, {
      body: { mobile, password: pw, verify_code: code, nick_name: 'abc', invite_code: 'NOPE99' },
    });
    expect(bad.body.error).toBe('INVITE_CODE_INVALID');
    const good = await registerUser(t, { invite_code: row?.superInviteCode?.toLowerCase() ?? '' });
    const [invited] = await t.rt.database.db.select().from(users).where(eq(users.id, good.userId));
    expect(invited?.inviteUserId).toBe(inviter.userId);
  });

  it('gives exactly one account when one phone registers twice at once', async () => {
    const mobile = newPhone();
    const code = await smsCode(t, mobile, 1);
    const body = { mobile, password: pw, verify_code: code, nick_name: 'twin' };
    const results = await Promise.all([t.api('POST', REGISTER, { body }), t.api('POST', REGISTER, { body })]);
    const outcomes = results.map((r) => (r.body.code === 200 ? 'ok' : r.body.error));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    // The loser is told the phone is taken, or, if it waited on the code row, that the code is spent.
    expect(['ACCOUNT_EXISTS', 'CODE_EXPIRED']).toContain(outcomes.find((o) => o !== 'ok'));
    const rows = await t.rt.database.db.select().from(users).where(eq(users.mobile, mobile));
    expect(rows).toHaveLength(1);
  });
});

describe('password login guard', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => t.close());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('answers the same LOGIN_FAILED for an unknown phone and a wrong password', async () => {
    const u = await registerUser(t);
    const unknown = await login(t, newPhone(), 'secret123', from('10.0.0.1'));
    const wrong = await login(t, u.mobile, 'nope123', from('10.0.0.1'));
    expect(unknown.body).toMatchObject({ error: 'LOGIN_FAILED', msg: '账号或密码错误' });
    expect(wrong.body).toEqual(unknown.body);
    expect((await login(t, '', 'x')).body.error).toBe('PHONE_REQUIRED');
  });

  it('locks an account after 5 failures in 15 minutes, even with the right password, then lets it in', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 5; i++) {
      expect((await login(t, u.mobile, 'wrong!', from(`10.1.0.${i}`))).body.error).toBe('LOGIN_FAILED');
    }
    const locked = await login(t, u.mobile, u.password, from('10.1.1.1'));
    expect(locked.body).toMatchObject({ error: 'LOGIN_LOCKED', msg: '登录尝试过多，请稍后再试' });
    clock.advance(15 * 60_000 + 1);
    expect((await login(t, u.mobile, u.password, from('10.1.1.1'))).body.code).toBe(200);
  });

  it('locks an IP after 20 failures across accounts, leaving other IPs alone', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 20; i++) await login(t, newPhone(), 'guess1', from('10.2.0.1'));
    expect((await login(t, u.mobile, u.password, from('10.2.0.1'))).body.error).toBe('LOGIN_LOCKED');
    expect((await login(t, u.mobile, u.password, from('10.2.0.2'))).body.code).toBe(200);
  });

  it('refuses a banned account and a destroyed one', async () => {
    const banned = await registerUser(t);
    await t.rt.database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.userId));
    expect((await login(t, banned.mobile, banned.password, from('10.3.0.1'))).body.error).toBe('ACCOUNT_BANNED');
    const gone = await registerUser(t);
    await t.rt.database.db.update(users).set({ destroyedAt: new Date() }).where(eq(users.id, gone.userId));
    expect((await login(t, gone.mobile, gone.password, from('10.3.0.1'))).body.error).toBe('LOGIN_FAILED');
  });
});
