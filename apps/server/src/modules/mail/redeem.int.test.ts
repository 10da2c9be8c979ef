import { ERRORS } from '@kaixiang/shared/errors';
import { MAIL_PATHS, type Mail, type ReceiveResponse } from '@kaixiang/shared/mail';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, login, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { catalogueRows } from '../../../test/support/items.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';

type Made = { id: number; code: string; coins: number; limit: number | null; expires_at: number | null };

async function makeCode(
  t: TestApp,
  body: {
    code?: string;
    coins?: number;
    limit?: number;
    item_ids?: number[];
    coupon_ids?: number[];
    expires_at?: number;
  },
): Promise<Made> {
  const res = await t.app.inject({ method: 'POST', url: '/dev/test/redeem-code', payload: body });
  if (res.statusCode !== 200) throw new Error(`redeem-code: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: Made }).data;
}

const redeem = (t: TestApp, u: TestUser, key: unknown, lang = 'zh-CN', remoteAddress?: string) =>
  t.api<{ mail_id: number }>('POST', MAIL_PATHS.redeem, {
    headers: bearer(u.tokens.access_token),
    body: key === undefined ? {} : { key },
    lang,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('redeem codes', () => {
  const clock = fakeClock();
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ clock });
    a = await registerUser(t, { nick_name: '兑换甲' });
    b = await registerUser(t, { nick_name: '兑换乙' });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  it('asks for a code when none is typed, in zh-CN and en-US', async () => {
    for (const key of [undefined, '', '   ']) {
      expect((await redeem(t, a, key)).body).toMatchObject({
        code: ERRORS.REDEEM_CODE_REQUIRED.code,
        msg: '请输入兑换码',
        error: 'REDEEM_CODE_REQUIRED',
      });
    }
    expect((await redeem(t, a, '', 'en-US')).body.msg).toBe('Please enter the redeem code');
  });

  it('says an unknown code does not exist', async () => {
    expect((await redeem(t, a, 'NOPE-NOPE')).body).toMatchObject({
      code: ERRORS.REDEEM_CODE_INVALID.code,
      msg: '兑换码不存在',
    });
    expect((await redeem(t, a, 'x'.repeat(150), 'en-US')).body.msg).toBe('This redeem code does not exist');
  });

  it('delivers a mail with the reward and says to collect it in the mailbox; the coins arrive on receiving', async () => {
    const [def] = await catalogueRows(t, 1);
    const made = await makeCode(t, { code: 'Welcome2026', coins: 88_000, item_ids: [def!.id] });
    expect(made.code).toBe('WELCOME2026');
    const r = await redeem(t, a, '  welcome2026 ');
    expect(r.body).toMatchObject({ code: 200, msg: '兑换成功，请前往邮箱领取奖励' });
    const mails = await asUser<{ list: Mail[]; new_mail_count: number }>(
      t,
      a.tokens.access_token,
      'GET',
      MAIL_PATHS.mails,
    );
    const m = mails.body.data.list.find((x) => x.id === r.body.data.mail_id);
    expect(m).toMatchObject({ title: '兑换码奖励', coins: 88_000, has_appendix: true, received_at: null });
    expect(m?.content).toContain('WELCOME2026');
    expect(m?.items.map((i) => i.item_id)).toEqual([def!.id]);
    expect(mails.body.data.new_mail_count).toBe(1);

    const got = await asUser<ReceiveResponse>(t, a.tokens.access_token, 'POST', MAIL_PATHS.receive, {
      id: r.body.data.mail_id,
    });
    expect(got.body.data).toMatchObject({ coins: 88_000, money: 88_000 });
    expect(got.body.data.user_item_ids).toHaveLength(1);

    expect((await redeem(t, b, 'WELCOME2026', 'en-US')).body.msg).toBe(
      'Redeem successful, please go to the mailbox to collect the reward',
    );
  });

  it('gives recharge coupons through the mail: one card per coupon, once, shown in the coupon list', async () => {
    const u = await registerUser(t);
    const templates = (await t.app.inject({ method: 'GET', url: '/dev/test/coupons' })).json() as {
      data: { list: { id: number; nameZhCn: string }[] };
    };
    const five = templates.data.list.find((c) => c.nameZhCn === '充值加赠5%券');
    await makeCode(t, { code: 'COUPON-GIFT', coins: 0, coupon_ids: [five!.id, five!.id] });
    const r = await redeem(t, u, 'coupon-gift');
    expect(r.body.code).toBe(200);
    const mails = await asUser<{ list: Mail[] }>(t, u.tokens.access_token, 'GET', MAIL_PATHS.mails);
    expect(mails.body.data.list[0]).toMatchObject({
      coins: 0,
      has_appendix: true,
      coupons: [
        { coupon_id: five!.id, name: '充值加赠5%券' },
        { coupon_id: five!.id, name: '充值加赠5%券' },
      ],
    });
    const receive = () =>
      asUser<ReceiveResponse>(t, u.tokens.access_token, 'POST', MAIL_PATHS.receive, { id: r.body.data.mail_id });
    const [first, second] = [await receive(), await receive()];
    expect(first.body.data.user_card_ids).toHaveLength(2);
    expect(second.body.data).toMatchObject({ already_received: true, user_card_ids: [] });
    const list = await asUser<{ infos: { user_card_id: number }[] }>(
      t,
      u.tokens.access_token,
      'GET',
      '/trade/v1/get-coupon-list',
    );
    expect(list.body.data.infos.map((c) => c.user_card_id).sort()).toEqual([...first.body.data.user_card_ids].sort());
  });

  it('lets each player use a code once', async () => {
    await makeCode(t, { code: 'ONCE-EACH', coins: 1_000 });
    expect((await redeem(t, a, 'once-each')).body.code).toBe(200);
    expect((await redeem(t, a, 'ONCE-EACH')).body).toMatchObject({
      code: ERRORS.REDEEM_CODE_ALREADY_USED.code,
      msg: '您已使用过该兑换码',
    });
    expect((await redeem(t, a, 'ONCE-EACH', 'en-US')).body.msg).toBe('You have already used this redeem code');
  });

  it('stops at the usage limit', async () => {
    await makeCode(t, { code: 'ONLY-ONE', coins: 1_000, limit: 1 });
    expect((await redeem(t, a, 'ONLY-ONE')).body.code).toBe(200);
    expect((await redeem(t, b, 'ONLY-ONE')).body).toMatchObject({
      code: ERRORS.REDEEM_CODE_USED_UP.code,
      msg: '兑换码已被领完',
    });
    expect((await redeem(t, b, 'ONLY-ONE', 'en-US')).body.msg).toBe('This redeem code has been fully claimed');
  });

  it('refuses an expired code', async () => {
    await makeCode(t, { code: 'SOON-GONE', coins: 1_000, expires_at: clock.now() + 60_000 });
    clock.advance(60_000);
    expect((await redeem(t, b, 'SOON-GONE')).body).toMatchObject({
      code: ERRORS.REDEEM_CODE_EXPIRED.code,
      msg: '兑换码已过期',
    });
    expect((await redeem(t, b, 'SOON-GONE', 'en-US')).body.msg).toBe('This redeem code has expired');
  });

  it('makes random codes when none is given', async () => {
    const x = await makeCode(t, { coins: 1_000 });
    const y = await makeCode(t, { coins: 1_000 });
    expect(x.code).toMatch(/^[A-Z2-9]{12}$/);
    expect(x.code).not.toBe(y.code);
  });
});

/** Guessing codes (docs/security.md "Redeem codes"); on PostgreSQL + Redis the counters are Redis's. */
describe('redeem code guesses', () => {
  const clock = fakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  it('stops a player guessing after 10 wrong codes, whatever arrives at once, the right code included, until the hour is over', async () => {
    const g = await registerUser(t, { nick_name: '猜码者' });
    await makeCode(t, { code: 'GUESS-ME', coins: 1_000 });
    // 40 guesses at once, the right one among them: 10 are looked up, the rest are refused unread.
    const keys = Array.from({ length: 40 }, (_, i) => (i === 25 ? 'GUESS-ME' : `WRONG-${i}`));
    const results = await Promise.all(keys.map((k) => redeem(t, g, k, 'zh-CN', '10.9.0.1')));
    const codes = results.map((r) => r.body.code);
    const wrong = codes.filter((c) => c === ERRORS.REDEEM_CODE_INVALID.code).length;
    const locked = codes.filter((c) => c === ERRORS.REDEEM_CODE_LOCKED.code).length;
    const won = codes.filter((c) => c === 200).length;
    // The right code either came before the tenth wrong one (and took nothing from the limit) or is refused.
    expect(wrong).toBe(10);
    expect(won + locked).toBe(30);
    expect(won).toBeLessThanOrEqual(1);
    const again = await redeem(t, g, won ? 'WRONG-X' : 'GUESS-ME', 'en-US', '10.9.0.1');
    expect(again.body).toMatchObject({
      code: ERRORS.REDEEM_CODE_LOCKED.code,
      msg: 'Too many wrong redeem codes; please try again later',
    });
    clock.advance(60 * 60 * 1000 + 1);
    // An hour outlives the access token: sign in again.
    g.tokens = (await login(t, g.mobile, g.password)).body.data;
    if (!won) expect((await redeem(t, g, 'GUESS-ME', 'zh-CN', '10.9.0.1')).body.code).toBe(200);
    expect((await redeem(t, g, 'WRONG-Y', 'zh-CN', '10.9.0.1')).body.code).toBe(ERRORS.REDEEM_CODE_INVALID.code);
  });

  it('stops an address after 30 wrong codes from any number of players; a right code costs nothing', async () => {
    const players: TestUser[] = [];
    for (let i = 0; i < 4; i++) players.push(await registerUser(t));
    await makeCode(t, { code: 'RIGHT-ONE', coins: 1_000 });
    // A right code gives its reservation back: ten of them leave the address's 30 untouched.
    for (const p of players.slice(0, 2)) {
      expect((await redeem(t, p, 'RIGHT-ONE', 'zh-CN', '10.9.0.2')).body.code).toBe(200);
    }
    const guesses = players
      .slice(0, 3)
      .flatMap((p, n) => Array.from({ length: 10 }, (_, i) => ({ p, k: `NO-${n}-${i}` })));
    const codes = (await Promise.all(guesses.map((g) => redeem(t, g.p, g.k, 'zh-CN', '10.9.0.2')))).map(
      (r) => r.body.code,
    );
    expect(codes.filter((c) => c === ERRORS.REDEEM_CODE_INVALID.code)).toHaveLength(30);
    const fourth = players[3]!;
    expect((await redeem(t, fourth, 'NO-4-0', 'zh-CN', '10.9.0.2')).body.code).toBe(ERRORS.REDEEM_CODE_LOCKED.code);
    // The same player from another address is only under its own limit.
    expect((await redeem(t, fourth, 'NO-4-1', 'zh-CN', '10.9.0.3')).body.code).toBe(ERRORS.REDEEM_CODE_INVALID.code);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('redeeming at once on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  it('a code with a limit of 3 redeemed by 20 players at once is used exactly 3 times', async () => {
    const players: TestUser[] = [];
    for (let i = 0; i < 20; i++) players.push(await registerUser(t));
    await makeCode(t, { code: 'THREE-ONLY', coins: 5_000, limit: 3 });
    const results = await Promise.all(players.map((p) => redeem(t, p, 'THREE-ONLY')));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === ERRORS.REDEEM_CODE_USED_UP.code)).toHaveLength(17);
  });

  it('one player sending a code 20 times at once gets one mail', async () => {
    const u = await registerUser(t);
    await makeCode(t, { code: 'SPAM-ME', coins: 5_000 });
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(t, u, 'SPAM-ME')));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    // Each request books a possible wrong guess before the lookup (10 a player, given back when
    // the code exists): beyond 10 in flight at once the guard refuses, having read nothing.
    const used = codes.filter((c) => c === ERRORS.REDEEM_CODE_ALREADY_USED.code).length;
    const locked = codes.filter((c) => c === ERRORS.REDEEM_CODE_LOCKED.code).length;
    expect(used).toBeGreaterThanOrEqual(9);
    expect(used + locked).toBe(19);
    const mails = await asUser<{ list: unknown[] }>(t, u.tokens.access_token, 'GET', MAIL_PATHS.mails);
    expect(mails.body.data.list).toHaveLength(1);
  });
});
