import { BAG_PATHS, type HasBagResponse } from '@kaixiang/shared/bags';
import { ERRORS } from '@kaixiang/shared/errors';
import { SIGN_IN_PATHS, type SignInInfoResponse, type SignInResponse } from '@kaixiang/shared/sign-in';
import type { ActivitiesResponse } from '@kaixiang/shared/site';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { WALLET_PATHS } from '@kaixiang/shared/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';

const DAY_MS = 24 * 3600 * 1000;

type Changes = { list: { kind: string; currency: string; amount: number; balance_after: number }[]; total: number };

/** The daily sign-in through HTTP, with a clock the test moves from day to day (China time). */
describe('daily sign-in', () => {
  // 2026-11-21 16:00 China time.
  const clock = fakeClock(Date.UTC(2026, 10, 21, 8, 0, 0));
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  /** A call as the player; days pass on the clock, so an access token that expired is renewed by logging in. */
  async function as<T>(u: TestUser, method: 'GET' | 'POST', path: string, lang?: string) {
    const call = () =>
      t.api<T>(method, path, {
        headers: bearer(u.tokens.access_token),
        ...(method === 'POST' ? { body: {} } : {}),
        ...(lang ? { lang } : {}),
      });
    const res = await call();
    if (res.body.code !== ERRORS.UNAUTHENTICATED.code) return res;
    const again = await login(t, u.mobile, u.password);
    u.tokens = again.body.data;
    return call();
  }
  const info = async (u: TestUser) => (await as<SignInInfoResponse>(u, 'GET', SIGN_IN_PATHS.info)).body.data;
  const sign = (u: TestUser, lang?: string) => as<SignInResponse>(u, 'POST', SIGN_IN_PATHS.sign, lang);

  it('asks for a signed-in player', async () => {
    expect((await t.api('GET', SIGN_IN_PATHS.info)).body.code).toBe(ERRORS.UNAUTHENTICATED.code);
    expect((await t.api('POST', SIGN_IN_PATHS.sign, { body: {} })).body.code).toBe(ERRORS.UNAUTHENTICATED.code);
  });

  it('runs a 7-day cycle: day by day rewards, coins on days 3 and 5, a bag on day 7, then a new cycle', async () => {
    const u = await registerUser(t);
    const fresh = await info(u);
    expect(fresh).toMatchObject({ today: '2026-11-21', signed_today: false, streak: 0, cycle_day: 1, points: 0 });
    expect(fresh.days.map((d) => d.state)).toEqual(['today', 'ahead', 'ahead', 'ahead', 'ahead', 'ahead', 'ahead']);
    expect(fresh.days.map((d) => d.points)).toEqual([10, 20, 30, 40, 50, 60, 100]);
    expect(fresh.days[6]).toMatchObject({ bag_count: 1, bag_name: '幸运福袋' });

    const paid: SignInResponse[] = [];
    for (let day = 1; day <= 7; day++) {
      const res = await sign(u);
      expect(res.body).toMatchObject({ code: 200 });
      paid.push(res.body.data);
      expect(res.body.data).toMatchObject({ cycle_day: day, streak: day });
      const now = await info(u);
      expect(now).toMatchObject({ signed_today: true, cycle_day: day, streak: day });
      expect(now.days.filter((d) => d.state === 'signed')).toHaveLength(day);
      clock.advance(DAY_MS);
    }
    expect(paid.map((p) => p.points)).toEqual([10, 30, 60, 100, 150, 210, 310]);
    expect(paid.map((p) => p.money)).toEqual([0, 0, 5_000, 5_000, 15_000, 15_000, 15_000]);
    expect(paid[6]?.reward).toMatchObject({ day: 7, points: 100, bag_count: 1, bag_name: '幸运福袋' });
    const bags = await as<HasBagResponse>(u, 'GET', BAG_PATHS.hasBag);
    expect(bags.body.data).toMatchObject({ has_bag: true, count: 1 });

    // Day 8: a new cycle at day 1, the streak goes on.
    const before = await info(u);
    expect(before).toMatchObject({ signed_today: false, cycle_day: 1, streak: 7 });
    expect(before.days.every((d, i) => d.state === (i === 0 ? 'today' : 'ahead'))).toBe(true);
    expect((await sign(u)).body.data).toMatchObject({ cycle_day: 1, streak: 8, points: 320 });
    clock.advance(DAY_MS);
  });

  it('pays once a day however often asked, with the reason in the player’s language', async () => {
    const u = await registerUser(t);
    expect((await sign(u)).body.data).toMatchObject({ cycle_day: 1, points: 10 });
    const again = await sign(u, 'en-US');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: ERRORS.SIGN_IN_ALREADY.code,
      msg: 'You have signed in today already; come back tomorrow',
    });
    expect((await sign(u)).body.msg).toBe('今日已签到，明天再来吧');
    expect((await info(u)).points).toBe(10);
    const changes = await as<Changes>(u, 'GET', `${WALLET_PATHS.accountChanges}?currency=point`);
    expect(changes.body.data.list).toEqual([
      expect.objectContaining({ kind: 'sign_in', amount: 10, balance_after: 10 }),
    ]);
    clock.advance(DAY_MS);
  });

  it('starts again at day 1 after a missed day', async () => {
    const u = await registerUser(t);
    await sign(u);
    clock.advance(DAY_MS);
    await sign(u);
    clock.advance(DAY_MS);
    expect((await sign(u)).body.data).toMatchObject({ cycle_day: 3, streak: 3 });
    clock.advance(2 * DAY_MS); // a day without signing in
    const broken = await info(u);
    expect(broken).toMatchObject({ signed_today: false, streak: 0, cycle_day: 1 });
    expect(broken.days.filter((d) => d.state === 'signed')).toEqual([]);
    expect((await sign(u)).body.data).toMatchObject({ cycle_day: 1, streak: 1 });
    // Points of the history page: every sign-in's credit, newest first.
    const history = await as<Changes>(u, 'GET', `${WALLET_PATHS.accountChanges}?currency=point&page=1&page_size=2`);
    expect(history.body.data.total).toBe(4);
    expect(history.body.data.list.map((c) => c.amount)).toEqual([10, 30]);
    clock.advance(DAY_MS);
  });

  it('turns the day at midnight China time (16:00 UTC), not at the server’s midnight', async () => {
    const u = await registerUser(t);
    const now = clock.now();
    const toMidnight = DAY_MS - ((now + 8 * 3600 * 1000) % DAY_MS);
    clock.advance(toMidnight - 1_000); // 23:59:59 China time
    const first = (await sign(u)).body.data;
    clock.advance(2_000); // 00:00:01 the next China day
    const second = (await sign(u)).body.data;
    expect(second.today).not.toBe(first.today);
    expect(second).toMatchObject({ cycle_day: 2, streak: 2 });
    expect((await info(u)).next_day_at).toBe(clock.now() - 1_000 + DAY_MS);
  });

  it('lists running and upcoming activities with their rules; sign-in among them', async () => {
    const res = await t.api<ActivitiesResponse>('GET', SITE_PATHS.activities, { lang: 'en-US' });
    const list = res.body.data.activities;
    const signIn = list.find((a) => a.path === '/activity/signIn');
    expect(signIn).toMatchObject({ title: 'Daily sign-in', state: 'running' });
    expect(signIn?.rules).toMatch(/once a day/);
    expect(list.find((a) => a.path === '/newYearActivity')).toMatchObject({ title: 'New Year lucky player' });
    // Running ones first.
    const states = list.map((a) => a.state);
    expect(states).toEqual([...states].sort((a, b) => (a === b ? 0 : a === 'running' ? -1 : 1)));
  });
});
