import type { LoginResponse } from '@kaixiang/shared/accounts';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, captcha, lastCode } from '../../../test/support/accounts.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('e-mail accounts', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  async function sendEmailCode(email: string, type: 1 | 2 | 5 | 6, token?: string) {
    const c = await captcha(t);
    return t.api('POST', '/site/email', {
      body: { email, type, captcha: c.answer, captcha_id: c.captcha_id },
      ...(token ? { headers: bearer(token) } : {}),
    });
  }

  async function registerByEmail(email: string) {
    expect((await sendEmailCode(email, 1)).body.code).toBe(200);
    const code = await lastCode(t, email.toLowerCase());
    return t.api<LoginResponse>('POST', '/usercenter/v1/user/register-by-email', {
      body: { email, password: await hashPasswordForTransport('mail123'), verify_code: code, nick_name: '邮箱用户' },
    });
  }

  it('registers by e-mail with a code from the outbox and logs in by e-mail', async () => {
    expect((await sendEmailCode('not-an-email', 1)).body).toMatchObject({
      error: 'EMAIL_INVALID',
      msg: '请输入正确的邮箱地址',
    });
    const reg = await registerByEmail('Player@Example.com');
    expect(reg.body.code).toBe(200);
    clock.advance(61_000);
    expect((await sendEmailCode('player@example.com', 1)).body.error).toBe('ACCOUNT_EXISTS');
    const login = await t.api<LoginResponse>('POST', '/usercenter/v1/user/login-by-email', {
      body: { email: 'PLAYER@example.com', password: await hashPasswordForTransport('mail123') },
    });
    expect(login.body.data.user_id).toBe(reg.body.data.user_id);
    const wrong = await t.api('POST', '/usercenter/v1/user/login-by-email', {
      body: { email: 'player@example.com', password: await hashPasswordForTransport('nope12') },
    });
    expect(wrong.body.error).toBe('LOGIN_FAILED');
  });

  it('changes the address in two steps: a code to the old one, then one to the new one', async () => {
    const reg = await registerByEmail('old@example.com');
    const token = reg.body.data.access_token;
    clock.advance(61_000);
    expect((await sendEmailCode('', 5)).body.error).toBe('UNAUTHENTICATED');
    expect((await sendEmailCode('', 5, token)).body.code).toBe(200);
    const oldCode = (await lastCode(t, 'old@example.com')) ?? '';
    const step1 = await asUser(t, token, 'POST', '/usercenter/v1/user/change-email', { step: 1, old_code: oldCode });
    expect(step1.body.code).toBe(200);
    expect((await sendEmailCode('new@example.com', 6, token)).body.code).toBe(200);
    const newCode = (await lastCode(t, 'new@example.com')) ?? '';
    // A mistyped new code is refused and leaves the old address's code good for another try.
    const typo = await asUser(t, token, 'POST', '/usercenter/v1/user/change-email', {
      step: 2,
      old_code: oldCode,
      email: 'new@example.com',
      new_code: newCode === '000000' ? '111111' : '000000',
    });
    expect(typo.body.error).toBe('CODE_WRONG');
    const step2 = await asUser(t, token, 'POST', '/usercenter/v1/user/change-email', {
      step: 2,
      old_code: oldCode,
      email: 'new@example.com',
      new_code: newCode,
    });
    expect(step2.body.code).toBe(200);
    const detail = await asUser<{ email: string }>(t, token, 'GET', '/usercenter/v1/user/detail');
    expect(detail.body.data.email).toBe('new@example.com');
    // Both codes are spent.
    const replay = await asUser(t, token, 'POST', '/usercenter/v1/user/change-email', { step: 1, old_code: oldCode });
    expect(replay.body.error).not.toBeUndefined();
  });
});
