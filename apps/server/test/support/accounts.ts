import type { LoginResponse } from '@kaixiang/shared/accounts';
import {
  ADMIN_PATHS,
  type AdminMeResponse,
  type TotpEnableResponse,
  type TotpSetupResponse,
} from '@kaixiang/shared/admin';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import { totpCode } from '../../src/modules/admin/totp.ts';
import type { TestApp } from './test-app.ts';

/** Helpers that go through the API the way a person does, reading codes from the dev outbox. */

export interface Outbox {
  messages: { id: number; channel: string; target: string; text: string; code: string | null; created_at: number }[];
  captchas: { captcha_id: string; answer: string; expires_at: number }[];
}

export async function outbox(t: TestApp): Promise<Outbox> {
  const res = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
  return res.json() as Outbox;
}

/** A fresh captcha and its answer. */
export async function captcha(t: TestApp): Promise<{ captcha_id: string; answer: string }> {
  const res = await t.api<{ pic_path: string; captcha_id: string }>('POST', '/sms/v1/captcha');
  const found = (await outbox(t)).captchas.find((c) => c.captcha_id === res.body.data.captcha_id);
  if (!found) throw new Error('captcha not in the outbox');
  return { captcha_id: found.captcha_id, answer: found.answer };
}

let phoneSeq = 0;
/** A phone number no other call in this process has used (tests run in parallel files, fresh DBs). */
export function newPhone(): string {
  phoneSeq++;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

/** The newest code the outbox shows for a target. */
export async function lastCode(t: TestApp, target: string): Promise<string | null> {
  return (await outbox(t)).messages.find((m) => m.target === target)?.code ?? null;
}

export async function requestSmsCode(
  t: TestApp,
  mobile: string,
  codeType: 1 | 3 | 4,
  headers?: Record<string, string>,
) {
  const c = await captcha(t);
  return t.api('POST', '/sms/v1/code', {
    body: { mobile, code_type: codeType, captcha: c.answer, captcha_id: c.captcha_id },
    ...(headers ? { headers } : {}),
  });
}

/** Sends a code and returns it (fails the test when none arrives). */
export async function smsCode(t: TestApp, mobile: string, codeType: 1 | 3 | 4): Promise<string> {
  const res = await requestSmsCode(t, mobile, codeType);
  if (res.body.code !== 200) throw new Error(`send code: ${JSON.stringify(res.body)}`);
  const code = await lastCode(t, mobile);
  if (!code) throw new Error('no code in the outbox');
  return code;
}

export interface TestUser {
  mobile: string;
  password: string;
  userId: number;
  tokens: LoginResponse;
}

export async function registerUser(
  t: TestApp,
  o: { mobile?: string; password?: string; nick_name?: string; invite_code?: string } = {},
): Promise<TestUser> {
  const mobile = o.mobile ?? newPhone();
  const password = o.password ?? 'secret123';
  const code = await smsCode(t, mobile, 1);
  const res = await t.api<LoginResponse>('POST', '/usercenter/v1/user/register', {
    body: {
      mobile,
      password: await hashPasswordForTransport(password),
      verify_code: code,
      nick_name: o.nick_name ?? '测试玩家',
      invite_code: o.invite_code ?? '',
    },
  });
  if (res.body.code !== 200) throw new Error(`register: ${JSON.stringify(res.body)}`);
  return { mobile, password, userId: res.body.data.user_id, tokens: res.body.data };
}

export async function login(t: TestApp, mobile: string, password: string, headers?: Record<string, string>) {
  return t.api<LoginResponse>('POST', '/usercenter/v1/user/login', {
    body: { mobile, password: await hashPasswordForTransport(password) },
    ...(headers ? { headers } : {}),
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A signed call as the given user. */
export function asUser<T = unknown>(t: TestApp, token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  return t.api<T>(method, path, { headers: bearer(token), ...(body === undefined ? {} : { body }) });
}

/** Recovery codes the enrolments of `setRole` were given, for signing in again (each works once). */
const recoveryCodes = new WeakMap<TestApp, Map<number, string[]>>();

/**
 * Gives a user a role through the development tool (as the browser tests and a person trying the
 * site do). Given the TestUser of a staff role, it also enrols an authenticator through the console
 * API (codes from the app's clock) and opens a console session for the user's registration
 * session, as a staff member signing in does; with a user id, only the role changes.
 */
export async function setRole(
  t: TestApp,
  user: TestUser | number,
  role: 'player' | 'anchor' | 'admin' | 'support' | 'finance',
): Promise<void> {
  const userId = typeof user === 'number' ? user : user.userId;
  const res = await t.app.inject({ method: 'POST', url: '/dev/test/role', payload: { user_id: userId, role } });
  if (res.statusCode !== 200) throw new Error(`role: ${res.statusCode} ${res.body}`);
  if (typeof user !== 'number' && (role === 'admin' || role === 'support' || role === 'finance'))
    await consoleSignIn(t, user);
}

/**
 * Opens a console session for `token` (the user's registration session by default): enrols an
 * authenticator the first time, then signs in with one of the recovery codes it gave.
 */
export async function consoleSignIn(t: TestApp, user: TestUser, token = user.tokens.access_token): Promise<void> {
  const codes = recoveryCodes.get(t) ?? new Map<number, string[]>();
  recoveryCodes.set(t, codes);
  const me = await asUser<AdminMeResponse>(t, token, 'GET', ADMIN_PATHS.me);
  const mine = me.body.data?.totp_enrolled ? codes.get(user.userId) : undefined;
  if (mine?.length) {
    const res = await asUser(t, token, 'POST', ADMIN_PATHS.totpVerify, { code: mine.shift() });
    if (res.body.code !== 200) throw new Error(`console sign-in: ${JSON.stringify(res.body)}`);
    return;
  }
  const setup = await asUser<TotpSetupResponse>(t, token, 'POST', ADMIN_PATHS.totpSetup);
  if (setup.body.code !== 200) throw new Error(`totp setup: ${JSON.stringify(setup.body)}`);
  const enable = await asUser<TotpEnableResponse>(t, token, 'POST', ADMIN_PATHS.totpEnable, {
    code: totpCode(setup.body.data.secret, t.rt.clock.now()),
  });
  if (enable.body.code !== 200) throw new Error(`totp enable: ${JSON.stringify(enable.body)}`);
  codes.set(user.userId, [...enable.body.data.recovery_codes]);
}
