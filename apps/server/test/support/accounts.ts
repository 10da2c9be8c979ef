import type { LoginResponse } from '@kaixiang/shared/accounts';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
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

/** Gives a user a role through the development tool (as the browser tests and a person trying the site do). */
export async function setRole(
  t: TestApp,
  userId: number,
  role: 'player' | 'anchor' | 'admin' | 'support' | 'finance',
): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/dev/test/role', payload: { user_id: userId, role } });
  if (res.statusCode !== 200) throw new Error(`role: ${res.statusCode} ${res.body}`);
}
