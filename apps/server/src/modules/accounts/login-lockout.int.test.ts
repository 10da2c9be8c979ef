import { randomBytes } from 'node:crypto';
import type { LoginResponse } from '@kaixiang/shared/accounts';
import type { Envelope } from '@kaixiang/shared/envelope';
import { signRequest } from '@kaixiang/shared/signature';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhone, registerUser } from '../../../test/support/accounts.ts';
import { type NodeProcess, startNodeProcess, stopNodeProcess } from '../../../test/support/node-process.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { redisCounters } from '../../infra/counters.ts';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP } from './auth.service.ts';

/**
 * Issue 20 §1: guesses sent together must not all be checked. A LOGIN_FAILED answer means a
 * password was hashed and compared; LOGIN_LOCKED means it was refused before that. So the number
 * of LOGIN_FAILED answers is the number of guesses an attacker really had.
 */
const PHONE_LOGIN = '/usercenter/v1/user/login';
const EMAIL_LOGIN = '/usercenter/v1/user/login-by-email';
const REDIS_URL = process.env.TEST_REDIS_URL;
const PG_URL = process.env.TEST_DATABASE_URL;
// The test host is the trusted proxy: the client address comes from X-Forwarded-For, so one host plays many clients.
const PROXIED = { TRUST_PROXY: 'loopback' };

type Answer = { status: number; body: Envelope<LoginResponse> };
/** One login attempt from the given client address, on whichever process the deployment picks. */
type Send = (path: string, body: Record<string, string>, ip: string) => Promise<Answer>;

const outcome = (a: Answer) => (a.body.code === 200 ? 'ok' : (a.body.error ?? String(a.body.code)));
const tally = (answers: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[outcome(a)] = (counts[outcome(a)] ?? 0) + 1;
  return counts;
};
const addr = (net: number, i: number) => `10.${net}.${(i >> 8) & 255}.${i & 255}`;

const inProcess =
  (t: TestApp): Send =>
  (path, body, ip) =>
    t.api<LoginResponse>('POST', path, { body, headers: { 'x-forwarded-for': ip } });

/** A signed call over HTTP to another process, as the web client makes it. */
const overHttp =
  (port: number, signSecret: string): Send =>
  async (path, body, ip) => {
    const url = `/api${path}`;
    const text = JSON.stringify(body);
    const sign = await signRequest(signSecret, { method: 'POST', pathWithQuery: url, body: text }, Date.now());
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { ...sign, 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: text,
    });
    return { status: res.status, body: (await res.json()) as Envelope<LoginResponse> };
  };

/**
 * The burst: `wrong` guesses at one account, then the right password and `wrong` more,
 * all in flight together. The second wave leaves once an answer of the first shows the account
 * locked (or the first wave is over), so the right password surely comes after the limit.
 */
async function burst(send: (i: number, password: string) => Promise<Answer>, right: string, wrong: number) {
  const guess = await hashPasswordForTransport('not-the-password');
  const first = Array.from({ length: wrong }, (_, i) => send(i, guess));
  const lockedSeen = new Promise<void>((resolve) => {
    for (const p of first) void p.then((a) => outcome(a) === 'LOGIN_LOCKED' && resolve());
  });
  await Promise.race([lockedSeen, Promise.all(first)]);
  const rightAnswer = send(wrong, right);
  const second = Array.from({ length: wrong }, (_, i) => send(wrong + 1 + i, guess));
  return { wrongs: tally(await Promise.all([...first, ...second])), right: outcome(await rightAnswer) };
}

/** The guard's promises, for one deployment: `app` registers accounts, `send` spreads the guesses. */
function guardTests(app: () => TestApp, send: () => Send) {
  it('checks 5 of 300 wrong guesses at one account from 300 addresses; the right password among them is refused', async () => {
    const u = await registerUser(app());
    const right = await hashPasswordForTransport(u.password);
    const r = await burst((i, password) => send()(PHONE_LOGIN, { mobile: u.mobile, password }, addr(1, i)), right, 150);
    expect(r.wrongs).toEqual({
      LOGIN_FAILED: LOGIN_MAX_FAILURES_PER_ACCOUNT,
      LOGIN_LOCKED: 300 - LOGIN_MAX_FAILURES_PER_ACCOUNT,
    });
    expect(r.right).toBe('LOGIN_LOCKED');
  });

  it('checks 20 of 120 guesses from one address spread over 120 phones', async () => {
    const guess = await hashPasswordForTransport('guess1');
    const answers = await Promise.all(
      Array.from({ length: 120 }, () => send()(PHONE_LOGIN, { mobile: newPhone(), password: guess }, '10.2.0.1')),
    );
    expect(tally(answers)).toEqual({
      LOGIN_FAILED: LOGIN_MAX_FAILURES_PER_IP,
      LOGIN_LOCKED: 120 - LOGIN_MAX_FAILURES_PER_IP,
    });
  });

  it('guards e-mail login the same way', async () => {
    const email = `guess-${randomBytes(4).toString('hex')}@example.com`;
    const guess = await hashPasswordForTransport('guess1');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => send()(EMAIL_LOGIN, { email, password: guess }, addr(3, i))),
    );
    expect(tally(answers)).toEqual({
      LOGIN_FAILED: LOGIN_MAX_FAILURES_PER_ACCOUNT,
      LOGIN_LOCKED: 100 - LOGIN_MAX_FAILURES_PER_ACCOUNT,
    });
  });

  it("gives a right password's reservation back: 25 logins from one address leave its 20 failures untouched", async () => {
    const u = await registerUser(app());
    const right = await hashPasswordForTransport(u.password);
    for (let i = 0; i < 25; i++)
      expect(outcome(await send()(PHONE_LOGIN, { mobile: u.mobile, password: right }, '10.4.0.1'))).toBe('ok');
    const guess = await hashPasswordForTransport('guess1');
    const answers: Answer[] = [];
    for (let i = 0; i <= LOGIN_MAX_FAILURES_PER_IP; i++)
      answers.push(await send()(PHONE_LOGIN, { mobile: newPhone(), password: guess }, '10.4.0.1'));
    expect(answers.map(outcome)).toEqual([...Array(LOGIN_MAX_FAILURES_PER_IP).fill('LOGIN_FAILED'), 'LOGIN_LOCKED']);
  });
}

describe('login guard under parallel guesses, one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: PROXIED });
  });
  afterAll(() => t.close());
  guardTests(
    () => t,
    () => inProcess(t),
  );
});

describe.skipIf(!PG_URL || !REDIS_URL)(
  'login guard under parallel guesses, two processes on PostgreSQL + Redis',
  () => {
    let t: TestApp;
    let other: NodeProcess | undefined;
    let viaOther: Send;
    let n = 0;
    beforeAll(async () => {
      t = await startTestApp({ env: PROXIED });
      other = await startNodeProcess('app-node.ts', [
        t.rt.database.url ?? '',
        REDIS_URL ?? '',
        t.redisPrefix,
        JSON.stringify(PROXIED),
      ]);
      viaOther = overHttp(other.port, t.rt.config.SIGN_SECRET);
    });
    afterAll(async () => {
      await stopNodeProcess(other);
      await t.close();
    });
    // Every other guess goes to the other process: the two count together or not at all.
    guardTests(
      () => t,
      () => (n++ % 2 ? viaOther : inProcess(t)),
    );
  },
);

describe.skipIf(!REDIS_URL)('the Redis counter store', () => {
  const prefix = `kx-t-cnt-${randomBytes(4).toString('hex')}:`;
  let one: Redis;
  let two: Redis;
  beforeAll(() => {
    one = new Redis(REDIS_URL ?? '');
    two = new Redis(REDIS_URL ?? '');
  });
  afterAll(async () => {
    const keys = await one.keys(`${prefix}*`);
    if (keys.length) await one.del(...keys);
    await Promise.all([one.quit(), two.quit()]);
  });

  it('grants exactly max of 200 reservations made at once over two connections', async () => {
    const stores = [redisCounters(one, prefix, Date.now), redisCounters(two, prefix, Date.now)];
    const all = await Promise.all(
      Array.from({ length: 200 }, (_, i) => stores[i % 2]?.reserve([{ key: 'burst', max: 5 }], 60_000)),
    );
    expect(all.filter((r) => r !== null)).toHaveLength(5);
  });

  it('reserves on every key or none, and a release gives back its own hit', async () => {
    let now = 1_000_000;
    const store = redisCounters(one, prefix, () => now);
    const acct = { key: 'acct', max: 1 };
    const ip = { key: 'ip', max: 2 };
    const held = await store.reserve([acct, ip], 60_000);
    expect(held).not.toBeNull();
    expect(await store.reserve([acct, ip], 60_000)).toBeNull();
    // The refused one took nothing from 'ip': one of its two hits is still free.
    expect(await store.reserve([ip], 60_000)).not.toBeNull();
    expect(await store.reserve([ip], 60_000)).toBeNull();
    await held?.release();
    expect(await one.zcard(`${prefix}acct`)).toBe(0);
    expect(await store.reserve([acct], 60_000)).not.toBeNull();
    // Out of the window, hits no longer count.
    now += 60_000;
    expect(await store.reserve([acct, ip], 60_000)).not.toBeNull();
  });
});
