import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captcha,
  lastCode,
  newPhone,
  outbox,
  registerUser,
  requestSmsCode,
  smsCode,
} from '../../../test/support/accounts.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('image captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('draws an SVG data URL and shows the answer only in the dev outbox', async () => {
    const res = await t.api<{ pic_path: string; captcha_id: string }>('POST', '/sms/v1/captcha');
    expect(res.body.code).toBe(200);
    expect(res.body.data.pic_path).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(res.body.data.pic_path.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toContain('<svg');
    const found = (await outbox(t)).captchas.find((c) => c.captcha_id === res.body.data.captcha_id);
    expect(found?.answer).toMatch(/^[A-Z0-9]{4}$/);
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.body).toContain(found?.answer);
  });

  it('is single use: a wrong guess burns it, and a right answer works once, in any case', async () => {
    const mobile = newPhone();
    const c = await captcha(t);
    const wrong = await t.api('POST', '/sms/v1/code', {
      body: { mobile, code_type: 1, captcha: 'zzzz', captcha_id: c.captcha_id },
    });
    expect(wrong.body.error).toBe('CAPTCHA_WRONG');
    const after = await t.api('POST', '/sms/v1/code', {
      body: { mobile, code_type: 1, captcha: c.answer, captcha_id: c.captcha_id },
    });
    expect(after.body.error).toBe('CAPTCHA_WRONG');

    const d = await captcha(t);
    const okRes = await t.api('POST', '/sms/v1/code', {
      body: { mobile, code_type: 1, captcha: d.answer.toLowerCase(), captcha_id: d.captcha_id },
    });
    expect(okRes.body).toMatchObject({ code: 200, msg: '发送成功' });
    const again = await t.api('POST', '/sms/v1/code', {
      body: { mobile: newPhone(), code_type: 1, captcha: d.answer, captcha_id: d.captcha_id },
    });
    expect(again.body.error).toBe('CAPTCHA_WRONG');
  });
});

describe('SMS codes', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  it('checks the fields in the spec order with its messages', async () => {
    const c = await captcha(t);
    const send = (mobile: string, cap: string) =>
      t.api('POST', '/sms/v1/code', { body: { mobile, code_type: 1, captcha: cap, captcha_id: c.captcha_id } });
    expect((await send('', '')).body).toMatchObject({ error: 'PHONE_REQUIRED', msg: '请填写手机号' });
    expect((await send('2380000000', '')).body).toMatchObject({ error: 'PHONE_INVALID', msg: '请输入正确的手机号' });
    expect((await send('13800000000', ' ')).body).toMatchObject({ error: 'CAPTCHA_REQUIRED', msg: '请输入图片验证码' });
    expect((await send('13800000000', 'abcd')).body).toMatchObject({ error: 'CAPTCHA_WRONG' });
  });

  it('sends six digits to the outbox and refuses a resend within 60 s', async () => {
    const mobile = newPhone();
    expect((await requestSmsCode(t, mobile, 1)).body.code).toBe(200);
    expect(await lastCode(t, mobile)).toMatch(/^\d{6}$/);
    const early = await requestSmsCode(t, mobile, 1);
    expect(early.body).toMatchObject({ error: 'CODE_TOO_FREQUENT', msg: '发送过于频繁，请60秒后再试' });
    clock.advance(60_000);
    expect((await requestSmsCode(t, mobile, 1)).body.code).toBe(200);
  });

  it('caps codes per phone (10) and per IP (30) a day', async () => {
    const mobile = newPhone();
    for (let i = 0; i < 10; i++) {
      expect((await requestSmsCode(t, mobile, 1)).body.code).toBe(200);
      clock.advance(61_000);
    }
    expect((await requestSmsCode(t, mobile, 1)).body.error).toBe('CODE_DAILY_LIMIT');
    clock.advance(24 * 3600_000);
    expect((await requestSmsCode(t, mobile, 1)).body.code).toBe(200);

    // Every test app call comes from 127.0.0.1: 30 codes to distinct phones, then no more.
    clock.advance(24 * 3600_000);
    for (let i = 0; i < 30; i++) expect((await requestSmsCode(t, newPhone(), 1)).body.code).toBe(200);
    const res = await requestSmsCode(t, newPhone(), 1);
    expect(res.body).toMatchObject({ error: 'CODE_DAILY_LIMIT', msg: '今日发送次数已达上限' });
    clock.advance(24 * 3600_000);
  });

  it('says ACCOUNT_EXISTS for a registered phone, and success without sending for an unknown one', async () => {
    const user = await registerUser(t);
    clock.advance(61_000);
    expect((await requestSmsCode(t, user.mobile, 1)).body.error).toBe('ACCOUNT_EXISTS');
    const unknown = newPhone();
    const res = await requestSmsCode(t, unknown, 3);
    expect(res.body).toMatchObject({ code: 200, msg: '发送成功' });
    expect(await lastCode(t, unknown)).toBeNull();
    // The limits still apply, so they do not tell the two apart either.
    expect((await requestSmsCode(t, unknown, 3)).body.error).toBe('CODE_TOO_FREQUENT');
    expect((await requestSmsCode(t, user.mobile, 3)).body.code).toBe(200);
    expect(await lastCode(t, user.mobile)).toMatch(/^\d{6}$/);
  });

  it('expires a captcha after 5 minutes', async () => {
    const c = await captcha(t);
    clock.advance(5 * 60_000);
    const res = await t.api('POST', '/sms/v1/code', {
      body: { mobile: newPhone(), code_type: 1, captcha: c.answer, captcha_id: c.captcha_id },
    });
    expect(res.body.error).toBe('CAPTCHA_WRONG');
  });

  it('spends a code on first use: the same code cannot reset the password twice', async () => {
    clock.advance(24 * 3600_000);
    const user = await registerUser(t);
    clock.advance(61_000);
    const code = await smsCode(t, user.mobile, 3);
    const pw = await hashPasswordForTransport('another1');
    const body = { phone: user.mobile, verify_code: code, password: pw, re_password: pw };
    const path = '/usercenter/v1/user/change-user-password';
    expect((await t.api('POST', path, { body })).body.code).toBe(200);
    expect((await t.api('POST', path, { body })).body.error).toBe('CODE_EXPIRED');
    // A register code is no password code: codes are bound to their type.
    clock.advance(61_000);
    const other = newPhone();
    const registerCode = await smsCode(t, other, 1);
    const wrongType = { phone: other, verify_code: registerCode, password: pw, re_password: pw };
    expect((await t.api('POST', path, { body: wrongType })).body.error).toBe('CODE_WRONG');
  });
});
