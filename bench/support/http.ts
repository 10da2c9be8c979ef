import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import type { Server } from './servers.ts';

/** The benches' HTTP client (chaos, box-open): signed API calls and the /dev sandbox tools, as the web makes them. */
export interface Reply<T> {
  status: number;
  code: number | string;
  data: T;
  msg: string;
}

/** No answer. `sent` false: the connection was refused, so the request never reached a server. */
export class NetError extends Error {
  constructor(
    readonly sent: boolean,
    message: string,
  ) {
    super(message);
  }
}

export type Http = ReturnType<typeof httpClient>;

export function httpClient(signSecret: string) {
  // The browser signs with WebCrypto; the same algorithm runs synchronously here (bench/box-open.ts).
  const signed = (method: string, path: string, body: string): Record<string, string> => {
    const ts = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const text = `${method}\n${path}\n${ts}\n${nonce}\n${bodyHash}`;
    return { 'x-ts': ts, 'x-nonce': nonce, 'x-sign': createHmac('sha256', signSecret).update(text).digest('hex') };
  };

  const api = <T>(s: Server, method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    return request<T>(`${s.base}/api${path}`, {
      method,
      headers: {
        ...signed(method, `/api${path}`, text),
        ...(text ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(text ? { body: text } : {}),
    });
  };

  /** POST to a /dev sandbox tool: no signature, no login. */
  const dev = <T>(s: Server, path: string, body?: unknown) =>
    request<T>(`${s.base}${path}`, {
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  const outbox = async (s: Server) =>
    (await (await fetch(`${s.base}/dev/outbox.json`)).json()) as {
      messages: { target: string; code: string | null }[];
      captchas: { captcha_id: string; answer: string }[];
    };

  return {
    api,
    dev,

    /** A player registered the way a person does (captcha, SMS code from the sandbox outbox). */
    async register(i: number, s: Server): Promise<{ userId: number; token: string }> {
      const mobile = `137${String(randomInt(0, 10_000_000)).padStart(7, '0')}${i % 10}`;
      const { captcha_id } = must(await api<{ captcha_id: string }>(s, 'POST', '/sms/v1/captcha'), 'captcha');
      const answer = (await outbox(s)).captchas.find((c) => c.captcha_id === captcha_id)?.answer;
      if (!answer) throw new Error('captcha not in the outbox');
      must(await api(s, 'POST', '/sms/v1/code', { mobile, code_type: 1, captcha: answer, captcha_id }), 'send code');
      const code = (await outbox(s)).messages.find((m) => m.target === mobile)?.code;
      if (!code) throw new Error('no SMS code in the outbox');
      const reg = must(
        await api<{ user_id: number; access_token: string }>(s, 'POST', '/usercenter/v1/user/register', {
          mobile,
          password: await hashPasswordForTransport('chaos-secret'),
          verify_code: code,
          nick_name: `chaos${i}`,
          invite_code: '',
        }),
        'register',
      );
      return { userId: reg.user_id, token: reg.access_token };
    },

    /** Coins from the dev faucet (a balanced ledger transfer, `test_credit:<key>`); the new balance. */
    async credit(s: Server, userId: number, amount: number, key: string): Promise<number> {
      const r = await dev<{ balance: number }>(s, '/dev/test/credit', {
        user_id: userId,
        amount,
        currency: 'coin',
        key,
      });
      return must(r, 'credit').balance;
    },
  };
}

export function must<T>(r: Reply<T>, what: string): T {
  if (r.code !== 200) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
}

async function request<T>(url: string, init: RequestInit): Promise<Reply<T>> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const body = (await res.json()) as { code: number | string; data: T; msg: string };
    return { status: res.status, code: body.code, data: body.data, msg: body.msg };
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause;
    throw new NetError(
      cause?.code !== 'ECONNREFUSED',
      `${(e as Error).message}${cause?.code ? ` (${cause.code})` : ''}`,
    );
  }
}
