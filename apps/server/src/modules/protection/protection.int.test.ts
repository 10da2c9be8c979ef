import { randomUUID } from 'node:crypto';
import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts-paths';
import { BOX_PATHS, type BoxListResponse } from '@kaixiang/shared/boxes';
import { ERRORS, type ErrorKey, errorMessage } from '@kaixiang/shared/errors';
import { mainlandCheckChar } from '@kaixiang/shared/id-card';
import { ITEM_PATHS } from '@kaixiang/shared/inventory';
import type { Locale } from '@kaixiang/shared/locale';
import { type MockRechargeResponse, PAYMENT_PATHS } from '@kaixiang/shared/payments';
import {
  LIMIT_RAISE_DELAY_MS,
  PROTECTION_API,
  PROTECTION_RETURN_KINDS,
  PROTECTION_STAKE_KINDS,
  type ProtectionView,
} from '@kaixiang/shared/protection';
import { SIGN_IN_PATHS } from '@kaixiang/shared/sign-in';
import { TRANSFER_KINDS } from '@kaixiang/shared/wallet';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, login, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { protectionLog } from '../../db/schema/protection.ts';
import { balancesOf } from '../ledger/ledger.ts';

const Y = 10_000;
const mainland = (first17: string) => first17 + mainlandCheckChar(first17);

describe('player protection', () => {
  const clock = fakeClock();
  let t: TestApp;
  let starter: { box_id: number; price: number };
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { BOX_TICKER_DELAY_MS: '0' } });
    const list = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const box = list.categories.flatMap((c) => c.boxes).find((b) => b.name === '新手箱');
    if (!box) throw new Error('no starter box');
    starter = box;
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const call = <T = ProtectionView>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    asUser<T>(t, u.tokens.access_token, method, path, body);
  const view = async (u: TestUser) => (await call(u, 'GET', PROTECTION_API.view)).body.data;
  const open = (u: TestUser) =>
    call(u, 'POST', BOX_PATHS.open, { box_id: starter.box_id, count: 1, request_id: randomUUID() });
  const recharge = (u: TestUser, money: number) =>
    call<MockRechargeResponse>(u, 'POST', PAYMENT_PATHS.testMockRecharge, { money, pay_mode: 'alipay' });
  const expectRefused = (body: { code: number; error?: string; msg: string }, key: ErrorKey) => {
    expect(body).toMatchObject({ code: ERRORS[key].code, error: key, msg: errorMessage(key, 'zh-CN') });
  };
  /** Time moved past the access token's life: sign in again (the test is about protection, not tokens). */
  const later = async (ms: number, ...players: TestUser[]) => {
    clock.advance(ms);
    for (const u of players) u.tokens = (await login(t, u.mobile, u.password)).body.data;
  };
  const coins = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;

  it('counts every transfer kind exactly as the ledger does', async () => {
    const rows = (await t.rt.database.db.execute(
      sql`select k, kx_protection_kind(k) as v from unnest(${`{${TRANSFER_KINDS.join(',')}}`}::text[]) k`,
    )) as unknown as { rows?: { k: string; v: number }[] } | { k: string; v: number }[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    const of = (v: number) => list.filter((r) => Number(r.v) === v).map((r) => r.k);
    expect(of(1).sort()).toEqual([...PROTECTION_STAKE_KINDS].sort());
    expect(of(-1).sort()).toEqual([...PROTECTION_RETURN_KINDS].sort());
  });

  it('applies a cut at once and a raise or a removal only after 24 hours', async () => {
    const u = await registerUser(t);
    const first = await call(u, 'POST', PROTECTION_API.limits, {
      limits: { deposit_day: 500 * Y, loss_week: 100 * Y },
    });
    expect(first.body.data.limits).toMatchObject({ deposit_day: 500 * Y, loss_week: 100 * Y, deposit_week: null });
    expect(first.body.data.pending).toEqual([]);

    const raise = await call(u, 'POST', PROTECTION_API.limits, { limits: { deposit_day: 800 * Y, loss_week: null } });
    expect(raise.body.data.limits).toMatchObject({ deposit_day: 500 * Y, loss_week: 100 * Y });
    const at = clock.now() + LIMIT_RAISE_DELAY_MS;
    expect(raise.body.data.pending).toEqual([
      { field: 'deposit_day', value: 800 * Y, effective_at: at },
      { field: 'loss_week', value: null, effective_at: at },
    ]);
    // A cut meanwhile applies at once and drops that field's waiting raise.
    const cut = await call(u, 'POST', PROTECTION_API.limits, { limits: { deposit_day: 300 * Y } });
    expect(cut.body.data.limits.deposit_day).toBe(300 * Y);
    expect(cut.body.data.pending.map((p) => p.field)).toEqual(['loss_week']);

    await later(LIMIT_RAISE_DELAY_MS - 1, u);
    expect((await view(u)).limits.loss_week).toBe(100 * Y);
    await later(1, u);
    const after = await view(u);
    expect(after.limits).toMatchObject({ deposit_day: 300 * Y, loss_week: null });
    expect(after.pending).toEqual([]);
    const kinds = await t.rt.database.db
      .select({ kind: protectionLog.kind })
      .from(protectionLog)
      .where(eq(protectionLog.userId, u.userId));
    expect(kinds.map((k) => k.kind)).toEqual(['limits', 'limits', 'limits']);
  });

  it('refuses a bad limit in the player language and changes nothing', async () => {
    const u = await registerUser(t);
    await call(u, 'POST', PROTECTION_API.limits, { limits: { deposit_day: 100 * Y } });
    const cases: [Locale, unknown][] = [
      ['zh-CN', 0],
      ['zh-TW', 12.5],
      ['en-US', 123],
      ['zh-CN', 10_000_001 * Y],
      ['zh-CN', -100],
      ['zh-CN', '100'],
    ];
    for (const [lang, value] of cases) {
      const res = await t.api<ProtectionView>('POST', PROTECTION_API.limits, {
        body: { limits: { deposit_day: 50 * Y, loss_day: value } },
        headers: { authorization: `Bearer ${u.tokens.access_token}` },
        lang,
      });
      const body = res.body;
      if (typeof value === 'number') {
        expect(body).toMatchObject({
          error: 'PROTECTION_LIMIT_INVALID',
          msg: errorMessage('PROTECTION_LIMIT_INVALID', lang),
        });
      } else {
        expect(body.error).toBe('VALIDATION_FAILED');
      }
    }
    expect((await view(u)).limits).toMatchObject({ deposit_day: 100 * Y, loss_day: null });
  });

  it('refuses a recharge past a deposit limit; a new China day counts afresh', async () => {
    const u = await registerUser(t);
    await call(u, 'POST', PROTECTION_API.limits, { limits: { deposit_day: 150 * Y } });
    expect((await recharge(u, 100 * Y)).body.code).toBe(200);
    expectRefused((await recharge(u, 60 * Y)).body, 'PROTECTION_DEPOSIT_LIMIT');
    expect((await recharge(u, 50 * Y)).body.code).toBe(200);
    expect((await view(u)).usage.deposit_day).toBe(150 * Y);
    // A new China day starts a new day's count; the week had no limit.
    await later(24 * 3_600_000, u);
    expect((await recharge(u, 100 * Y)).body.code).toBe(200);
  });

  it('refuses stakes past a net-loss limit, counting play from before the limit and what play paid back', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 100 * Y);
    // Played before the limit exists: the guard reads it back from the ledger.
    expect((await open(u)).body.code).toBe(200);
    const limit = starter.price * 3;
    const set = await call(u, 'POST', PROTECTION_API.limits, { limits: { loss_day: limit } });
    expect(set.body.data.usage.loss_day).toBe(starter.price);
    expect((await open(u)).body.code).toBe(200);
    expect((await open(u)).body.code).toBe(200);
    const before = await coins(u);
    expectRefused((await open(u)).body, 'PROTECTION_LOSS_LIMIT');
    expect(await coins(u)).toBe(before);
    // Selling what was won is play paying back: the net loss goes down and play may go on.
    const sold = await call(u, 'POST', ITEM_PATHS.convert, {});
    expect(sold.body.code).toBe(200);
    const after = await view(u);
    expect(after.usage.loss_day).toBe(3 * starter.price - ((await coins(u)) - before));
    if (after.usage.loss_day + starter.price <= limit) expect((await open(u)).body.code).toBe(200);
  });

  it('holds a reality check until the player acknowledges it, and records the acknowledgement', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 100 * Y);
    await call(u, 'POST', PROTECTION_API.realityCheck, { minutes: 15 });
    expect((await open(u)).body.code).toBe(200);
    const started = await view(u);
    expect(started.session).toMatchObject({ started_at: clock.now(), next_check_at: clock.now() + 15 * 60_000 });
    expect(started.session?.net_spend).toBe(starter.price);
    await later(15 * 60_000, u);
    expectRefused((await open(u)).body, 'PROTECTION_REALITY_CHECK');
    const acked = await call(u, 'POST', PROTECTION_API.realityAck, {});
    expect(acked.body.data.session?.next_check_at).toBe(clock.now() + 15 * 60_000);
    expect((await open(u)).body.code).toBe(200);
    const log = await t.rt.database.db.select().from(protectionLog).where(eq(protectionLog.userId, u.userId));
    expect(log.map((l) => l.kind)).toEqual(['reality', 'reality_ack']);
    expect(log[1]?.detail).toMatchObject({ net_spend: starter.price });
    // Half an hour without a stake ends the session: the next one starts a new count.
    await later(31 * 60_000, u);
    expect((await open(u)).body.code).toBe(200);
    expect((await view(u)).session?.started_at).toBe(clock.now());
  });

  it('a cool-off stops play and recharge until it ends and cannot be shortened', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 10 * Y);
    const res = await call(u, 'POST', PROTECTION_API.coolOff, { days: 7 });
    expect(res.body.data.cool_off_until).toBe(clock.now() + 7 * 86_400_000);
    expectRefused((await open(u)).body, 'PROTECTION_COOL_OFF');
    expectRefused((await recharge(u, 10 * Y)).body, 'PROTECTION_COOL_OFF');
    // No promotion reaches a player on a break: the daily sign-in's reward is refused too.
    expectRefused((await call(u, 'POST', SIGN_IN_PATHS.sign, {})).body, 'PROTECTION_COOL_OFF');
    expectRefused((await call(u, 'POST', PROTECTION_API.coolOff, { days: 1 })).body, 'PROTECTION_SHORTER_THAN_CURRENT');
    expect((await call(u, 'POST', PROTECTION_API.coolOff, { days: 14 })).body.code).toBe(200);
    await later(14 * 86_400_000, u);
    expect((await open(u)).body.code).toBe(200);
    expect((await recharge(u, 10 * Y)).body.code).toBe(200);
  });

  it('self-exclusion reaches every account of the real-name ID, also one verified later', async () => {
    const id = mainland('32010219850615123');
    const [a, b, c] = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
    for (const u of [a, b]) {
      expect(
        (await call(u, 'POST', ACCOUNT_PATHS.identity, { realname: '王五', identification: id, type: 1 })).body.code,
      ).toBe(200);
    }
    await credit(t, b.userId, 10 * Y);
    const res = await call(a, 'POST', PROTECTION_API.selfExclude, { months: 6 });
    expect(res.body.data.excluded_until).toBeGreaterThan(clock.now() + 180 * 86_400_000);
    expectRefused((await open(b)).body, 'PROTECTION_EXCLUDED');
    expectRefused((await recharge(b, 10 * Y)).body, 'PROTECTION_EXCLUDED');
    expect((await view(b)).excluded_until).toBe(res.body.data.excluded_until);
    expect(
      (await call(c, 'POST', ACCOUNT_PATHS.identity, { realname: '王五', identification: id, type: 1 })).body.code,
    ).toBe(200);
    expect((await view(c)).excluded_until).toBe(res.body.data.excluded_until);
    expectRefused(
      (await call(a, 'POST', PROTECTION_API.coolOff, { days: 42 })).body,
      'PROTECTION_SHORTER_THAN_CURRENT',
    );
  });

  it('accounts verified while their ID excludes itself end up excluded, whichever commits first', async () => {
    const id = mainland('51010719880808123');
    const verify = (u: TestUser) =>
      call(u, 'POST', ACCOUNT_PATHS.identity, { realname: '赵六', identification: id, type: 1 });
    const [a, ...late] = await Promise.all([registerUser(t), registerUser(t), registerUser(t), registerUser(t)]);
    expect((await verify(a)).body.code).toBe(200);
    const [excluded, ...verified] = await Promise.all([
      call(a, 'POST', PROTECTION_API.selfExclude, { months: 12 }),
      ...late.map(verify),
    ]);
    expect(excluded.body.code).toBe(200);
    expect(verified.map((v) => v.body.code)).toEqual([200, 200, 200]);
    for (const u of late) expect((await view(u)).excluded_until).toBe(excluded.body.data.excluded_until);
  });

  // On PostgreSQL (TEST_DATABASE_URL) these race for real; PGlite runs them one at a time.
  it('holds a loss limit under concurrent stakes and a deposit limit under concurrent recharges', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 100 * Y);
    await call(u, 'POST', PROTECTION_API.limits, {
      limits: { loss_day: starter.price * 4, deposit_day: 30 * Y },
    });
    const opened = await Promise.all(Array.from({ length: 12 }, () => open(u)));
    const outcomes = opened.map((r) => r.body.error ?? 'ok');
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(4);
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'PROTECTION_LOSS_LIMIT')).toBe(true);
    expect((await view(u)).usage.loss_day).toBe(4 * starter.price);

    const paid = await Promise.all(Array.from({ length: 8 }, () => recharge(u, 10 * Y)));
    const results = paid.map((r) => r.body.error ?? 'ok');
    expect(results.filter((o) => o === 'ok')).toHaveLength(3);
    expect(results.filter((o) => o !== 'ok').every((o) => o === 'PROTECTION_DEPOSIT_LIMIT')).toBe(true);
    expect((await view(u)).usage.deposit_day).toBe(30 * Y);
  });
});
