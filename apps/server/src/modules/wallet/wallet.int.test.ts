import { randomUUID } from 'node:crypto';
import { ERRORS } from '@kaixiang/shared/errors';
import { type AccountChange, WALLET_PATHS } from '@kaixiang/shared/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';

type Changes = { list: AccountChange[]; total: number };
type Balances = { money: number; mall_quota: number };

describe('wallet: account changes, quota exchange, quota log', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    a = await registerUser(t, { nick_name: '钱包甲' });
    b = await registerUser(t, { nick_name: '钱包乙' });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const as = <T = unknown>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    asUser<T>(t, u.tokens.access_token, method, path, body);
  const balances = async (u: TestUser) =>
    (await as<{ std_money: number; mall_quota: number }>(u, 'GET', '/usercenter/v1/user/get-std-money')).body.data;
  const exchange = (u: TestUser, body: unknown, lang = 'zh-CN') =>
    t.api<Balances>('POST', WALLET_PATHS.exchange, { headers: bearer(u.tokens.access_token), body, lang });

  it('needs a login', async () => {
    expect((await t.api('GET', WALLET_PATHS.accountChanges)).body.code).toBe(401);
    expect((await t.api('POST', WALLET_PATHS.exchange, { body: { convert_amount: 100 } })).body.code).toBe(401);
  });

  it('shows a credit in the account change record with the balance after it, newest first, in pages', async () => {
    await credit(t, a.userId, 1_000_000);
    await credit(t, a.userId, 250_000);
    await credit(t, b.userId, 70_000);
    const all = await as<Changes>(a, 'GET', `${WALLET_PATHS.accountChanges}?page=1&page_size=20`);
    expect(all.body.code).toBe(200);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.list.map((e) => [e.kind, e.currency, e.amount, e.balance_after])).toEqual([
      ['test_credit', 'coin', 250_000, 1_250_000],
      ['test_credit', 'coin', 1_000_000, 1_000_000],
    ]);
    expect(all.body.data.list[0]?.created_at).toBeGreaterThan(Date.UTC(2020, 0, 1));

    const page2 = await as<Changes>(a, 'GET', `${WALLET_PATHS.accountChanges}?page=2&page_size=1`);
    expect(page2.body.data.total).toBe(2);
    expect(page2.body.data.list.map((e) => e.amount)).toEqual([1_000_000]);

    // Only the caller's own entries: b sees b's credit and nothing of a's.
    const other = await as<Changes>(b, 'GET', WALLET_PATHS.accountChanges);
    expect(other.body.data.list.map((e) => e.amount)).toEqual([70_000]);

    const quotaOnly = await as<Changes>(a, 'GET', `${WALLET_PATHS.accountChanges}?currency=quota`);
    expect(quotaOnly.body.data).toEqual({ list: [], total: 0 });
  });

  it('exchanges quota for coins 1:1 and records both sides', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 50_000, 'quota');
    const res = await exchange(u, { convert_amount: 12_300 });
    expect(res.body).toMatchObject({ code: 200, data: { money: 12_300, mall_quota: 37_700 } });
    expect(await balances(u)).toEqual({ std_money: 12_300, mall_quota: 37_700 });

    const log = await as<Changes>(u, 'GET', WALLET_PATHS.accountChanges);
    expect(log.body.data.list.map((e) => [e.kind, e.currency, e.amount, e.balance_after])).toEqual([
      ['quota_exchange', 'coin', 12_300, 12_300],
      ['quota_exchange', 'quota', -12_300, 37_700],
      ['test_credit', 'quota', 50_000, 50_000],
    ]);

    const quotaLog = await as<Changes>(u, 'GET', `${WALLET_PATHS.quotaLog}?page=1&page_size=10`);
    expect(quotaLog.body.data.total).toBe(2);
    expect(quotaLog.body.data.list.map((e) => [e.kind, e.amount])).toEqual([
      ['quota_exchange', -12_300],
      ['test_credit', 50_000],
    ]);
  });

  it('refuses amounts that are not a positive whole number of fen, in the player language, moving nothing', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 50_000, 'quota');
    for (const convert_amount of [0, -100, 150, 12.5, 1e300]) {
      const zh = await exchange(u, { convert_amount });
      expect(zh.status).toBe(400);
      expect(zh.body).toMatchObject({ code: ERRORS.EXCHANGE_AMOUNT_INVALID.code, msg: '兑换金额不正确' });
    }
    const en = await exchange(u, { convert_amount: 150 }, 'en-US');
    expect(en.body).toMatchObject({ code: ERRORS.EXCHANGE_AMOUNT_INVALID.code, msg: 'Invalid exchange amount' });
    expect(await balances(u)).toEqual({ std_money: 0, mall_quota: 50_000 });
  });

  it('refuses more than the quota held with 商城额度不足 and moves nothing', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 50_000, 'quota');
    const zh = await exchange(u, { convert_amount: 50_100 });
    expect(zh.body).toMatchObject({ code: ERRORS.QUOTA_INSUFFICIENT.code, msg: '商城额度不足' });
    const en = await exchange(u, { convert_amount: 1_000_000 }, 'en-US');
    expect(en.body).toMatchObject({ code: ERRORS.QUOTA_INSUFFICIENT.code, msg: 'Not enough mall quota' });
    const none = await registerUser(t);
    expect((await exchange(none, { convert_amount: 100 })).body.code).toBe(ERRORS.QUOTA_INSUFFICIENT.code);
    expect(await balances(u)).toEqual({ std_money: 0, mall_quota: 50_000 });
    const log = await as<Changes>(u, 'GET', WALLET_PATHS.accountChanges);
    expect(log.body.data.list.map((e) => e.kind)).toEqual(['test_credit']);
  });

  it('exchanges the whole quota, to the last unit', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 40_000, 'quota');
    expect((await exchange(u, { convert_amount: 40_000 })).body.data).toEqual({ money: 40_000, mall_quota: 0 });
  });

  it('a double submit with one request id exchanges once; another amount under it is refused', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 50_000, 'quota');
    const request_id = randomUUID();
    const first = await exchange(u, { convert_amount: 10_000, request_id });
    const again = await exchange(u, { convert_amount: 10_000, request_id });
    expect(first.body.data).toEqual({ money: 10_000, mall_quota: 40_000 });
    expect(again.body).toMatchObject({ code: 200, data: { money: 10_000, mall_quota: 40_000 } });
    const other = await exchange(u, { convert_amount: 20_000, request_id });
    expect(other.body.code).toBe(ERRORS.REQUEST_ID_REUSED.code);
    expect((await exchange(u, { convert_amount: 100, request_id: 'bad id!' })).body.code).toBe(
      ERRORS.VALIDATION_FAILED.code,
    );
    expect(await balances(u)).toEqual({ std_money: 10_000, mall_quota: 40_000 });
  });
});
