import { ERRORS, type ErrorKey, errorMessage } from '@kaixiang/shared/errors';
import { isLocale, type Locale, resolveLocale } from '@kaixiang/shared/locale';
import { signRequest } from '@kaixiang/shared/signature';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser } from '../../test/support/accounts.ts';
import { realPayFixture, type startFakePayGateway } from '../../test/support/fake-pay-gateway.ts';
import { type Case, caseArbitrary, type Operation, operations } from '../../test/support/fuzz-requests.ts';
import { credit, expectLedgerBalanced } from '../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { NOTIFY_PATH_PREFIX } from '../modules/payments/payments.routes.ts';

/**
 * Every operation of the OpenAPI document at /docs, called with requests generated from its
 * schemas and deliberately outside them, signed or not, logged in or not, in every language
 * (docs/operations.md "API fuzz test"). No answer may be a 5xx; every refusal is the envelope with
 * its error key's code, status and message in the request's language; the ledger balances after.
 * KX_FUZZ_SEED picks another seed (the default one runs in CI); a failure prints the request.
 */
const SEED = Number(process.env.KX_FUZZ_SEED ?? 20_261_121);
/** Requests per operation, by what it takes: a body, query or path to vary, or nothing. KX_FUZZ_SCALE multiplies. */
const SCALE = Number(process.env.KX_FUZZ_SCALE ?? 1);
const BUDGET = { withInput: Math.round(40 * SCALE), bare: Math.round(12 * SCALE) };
/** The business clock moves this much per request, so per-second cooldowns pass and tokens expire. */
const STEP_MS = 1_500;
/** Messages a refusal may carry besides its own key's: a banned player is signed out and told why. */
const ALSO_ALLOWED: Partial<Record<ErrorKey, ErrorKey[]>> = { UNAUTHENTICATED: ['ACCOUNT_BANNED'] };
/** The fail acknowledgements of our payment providers (modules/payments/*-pay.ts `ack.fail`). */
const PROVIDER_FAILS = ['fail', JSON.stringify({ code: 'FAIL', message: '失败' })];
/** Reads that need what only a later write makes, so a generated request cannot succeed there. */
const UNREACHABLE_READS = [
  'GET /api/trade/v1/pay-status', // an order the player created (the writes come after the reads)
  'GET /api/usercenter/v1/user/bind-invite-code', // another player's invite code
  'GET /api/goods/v1/pk/get-room-data', // a battle someone created (the writes come after the reads)
  'GET /api/roulette/v1/round', // a settled turntable round (this test runs no round to its end)
  // A roll room an anchor or an admin made (the fuzz player is neither, and no room is seeded).
  'GET /api/site/v1/get-roll-room-info',
  'GET /api/site/v1/get-roll-room-items',
  'GET /api/site/v1/get-roll-room-users',
  'GET /api/site/v1/get-roll-room-reward',
  // A treasure an admin made (the fuzz player is no admin, and no treasure is seeded).
  'GET /api/site/v1/get-treasure-dynamic',
  'GET /api/site/v1/get-treasure-info',
  'GET /api/site/v1/get-end-treasure-info',
  // A rain round (no scheduler runs here, so no round is ever made).
  'GET /api/promotion/v1/red-packet-rain/round',
];
/** Every read of the admin API (`/api/admin/v1/*`): the fuzz player is no admin. */
const ADMIN_READ = /^GET \/api\/admin\/v1\//;

const GARBAGE_TOKENS = [
  'Bearer ',
  'Bearer x.y',
  'Basic dXNlcjpwYXNz',
  `Bearer ${'a'.repeat(10_000)}`,
  'Bearer eyJ1IjoxLCJzIjoibm8iLCJlIjo5OTk5OTk5OTk5OTk5fQ.AAAA',
];

function expectedLocale(c: Case): Locale {
  const explicit = c.lang['x-lang'];
  return isLocale(explicit) ? explicit : resolveLocale(c.lang['accept-language']);
}

/** What is wrong with an answer, or null. */
function problem(op: Operation, c: Case, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}`;
  const type = String(res.headers['content-type'] ?? '');
  // Payment providers speak their own protocol: a notification is refused with their "fail"
  // acknowledgement (Alipay and the sandbox: text; WeChat: JSON), never accepted.
  if (op.path.startsWith(NOTIFY_PATH_PREFIX) && PROVIDER_FAILS.includes(res.body)) {
    return res.statusCode === 400 ? null : `provider refusal with HTTP ${res.statusCode}`;
  }
  let body: { code?: unknown; msg?: unknown; error?: unknown; data?: unknown };
  try {
    body = res.json();
  } catch {
    return `not JSON (${type})`;
  }
  if (typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body)) return 'not an envelope';
  if (res.statusCode === 200 && (body.code === 200 || body.code === 0) && body.error === undefined) return null;
  const key = body.error as ErrorKey;
  if (typeof key !== 'string' || !(key in ERRORS)) return `unknown error key ${String(key)}`;
  if (ERRORS[key].code !== body.code || ERRORS[key].http !== res.statusCode) return `code or status not ${key}'s`;
  const locale = expectedLocale(c);
  const allowed = [key, ...(ALSO_ALLOWED[key] ?? [])].map((k) => errorMessage(k, locale));
  return allowed.includes(body.msg) ? null : `message "${body.msg}" is not ${key}'s in ${locale}`;
}

/** Remembers the values of every field of a successful answer, for later requests to use. */
function harvest(dict: Map<string, (string | number)[]>, value: unknown): void {
  if (Array.isArray(value)) {
    for (const v of value.slice(0, 20)) harvest(dict, v);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    const fits = (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && v.length <= 64);
    if (fits) {
      const seen = dict.get(k) ?? [];
      if (seen.length < 20 && !seen.includes(v as string | number)) dict.set(k, [...seen, v as string | number]);
    } else harvest(dict, v);
  }
}

describe('API fuzz from the OpenAPI document', () => {
  const clock = fakeClock();
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startFakePayGateway>> | undefined;
  const player = { mobile: '', password: '', userId: 0, token: '' };

  async function newPlayer() {
    const u = await registerUser(t);
    Object.assign(player, { mobile: u.mobile, password: u.password, userId: u.userId, token: u.tokens.access_token });
    // Enough to open, buy and exchange for real when a generated request is valid.
    await credit(t, u.userId, 1_000_000 * 10_000);
    await credit(t, u.userId, 100_000 * 10_000, 'quota');
  }

  /** The fuzz may log the player out, change nothing we can guess, or outlive the token: sign in again. */
  async function keepSignedIn() {
    const check = await t.api('GET', '/usercenter/v1/user/detail', {
      headers: { authorization: `Bearer ${player.token}` },
    });
    if (check.body.code === 200) return;
    const again = await login(t, player.mobile, player.password);
    if (again.body.code === 200) player.token = (again.body.data as { access_token: string }).access_token;
    else await newPlayer();
  }

  beforeAll(async () => {
    // Alipay and WeChat Pay configured too (against the fake gateway), so their notification
    // endpoints verify what the fuzz sends them instead of answering an unknown provider.
    const pay = await realPayFixture();
    gateway = pay.gateway;
    t = await startTestApp({ clock, env: pay.env });
    await t.app.games.turntable.ensure(); // the round the scheduler leader would open
    await newPlayer();
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  async function send(op: Operation, c: Case): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...c.lang };
    if (c.contentType) headers['content-type'] = c.contentType;
    if (c.auth === 'player') headers.authorization = `Bearer ${player.token}`;
    if (c.auth === 'garbage') headers.authorization = GARBAGE_TOKENS[c.url.length % GARBAGE_TOKENS.length]!;
    if (c.sign !== 'unsigned') {
      const signed = await signRequest(
        t.rt.config.SIGN_SECRET,
        { method: op.method, pathWithQuery: c.url, body: c.body ?? '' },
        clock.now(),
      );
      Object.assign(headers, signed);
      if (c.sign === 'garbled') {
        const which = c.url.length % 4;
        if (which === 0) headers['x-sign'] = signed['x-sign']!.toUpperCase();
        if (which === 1) headers['x-ts'] = `${signed['x-ts']}.5`;
        if (which === 2) headers['x-nonce'] = 'short';
        if (which === 3) headers['x-ts'] = String(clock.now() - 3_600_000);
      }
    }
    return t.app.inject({
      method: op.method,
      url: c.url,
      headers,
      remoteAddress: c.ip,
      ...(c.body !== undefined ? { payload: c.body } : {}),
    });
  }

  it('never answers 5xx, refuses in the request language, and keeps the ledger balanced', async () => {
    const started = performance.now();
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(50);
    const dict = new Map<string, (string | number)[]>();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const neverOk: string[] = [];
    let requests = 0;
    for (const [i, op] of ops.entries()) {
      const budget = op.body || op.query || op.params ? BUDGET.withInput : BUDGET.bare;
      const cases = fc.sample(caseArbitrary(op, dict), { seed: SEED + i, numRuns: budget });
      let ok = 0;
      for (const [n, c] of cases.entries()) {
        const res = await send(op, c);
        requests++;
        clock.advance(STEP_MS);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const wrong = problem(op, c, res);
        if (wrong) {
          failures.push(
            `${op.method} ${op.path} #${n} (${c.kind}, ${c.sign}, ${c.auth}, ${JSON.stringify(c.lang)}): ${wrong}\n` +
              `  request ${op.method} ${c.url.slice(0, 300)} content-type=${c.contentType} body=${(c.body ?? '').slice(0, 300)}\n` +
              `  answer ${res.statusCode} ${res.body.slice(0, 300)}`,
          );
        }
        if (res.statusCode === 200 && res.headers['content-type']?.toString().includes('json')) {
          ok++;
          harvest(dict, res.json().data);
        }
      }
      if (ok === 0) neverOk.push(`${op.method} ${op.path}`);
      await keepSignedIn();
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `API fuzz (seed ${SEED}): ${requests} requests over ${ops.length} operations in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}; never 200: ${neverOk.length}`,
    );
    expect(`${failures.length} failures\n${failures.slice(0, 30).join('\n')}`).toBe('0 failures\n');
    // The generator must reach handlers, not only validation: every read answers a valid request.
    expect(
      neverOk.filter((o) => o.startsWith('GET ') && !UNREACHABLE_READS.includes(o) && !ADMIN_READ.test(o)),
    ).toEqual([]);
    await expectLedgerBalanced(t);
  }, 600_000);
});
