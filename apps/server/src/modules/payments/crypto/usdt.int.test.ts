import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS } from '@kaixiang/shared/errors';
import {
  type CreateOrderResponse,
  ORDER_STATUS,
  ORDER_TTL_MS,
  PAYMENT_PATHS,
  type PayModeEntry,
  type RechargeListResponse,
  type RechargeRecordsResponse,
} from '@kaixiang/shared/payments';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, login, registerUser, type TestUser } from '../../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../../test/support/money.ts';
import { AGREED, THROTTLE_GAP_MS } from '../../../../test/support/payments.ts';
import { fakeClock, PRODUCTION_ENV, startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { loadConfig } from '../../../config.ts';
import { cryptoAddresses } from '../../../db/schema/crypto.ts';
import { moneyTiers } from '../../../db/schema/payments.ts';
import { siteSettings } from '../../../db/schema/site.ts';
import type { Runtime } from '../../../runtime.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { balancesOf } from '../../ledger/ledger.ts';
import { isEthAddress, isTronAddress, sandboxAddress } from './addresses.ts';
import { createCryptoPayments } from './crypto.module.ts';

const HOUR_MS = 60 * 60 * 1000;

interface ChainState {
  lent: { chain: string; address: string; order_sn: string; quantity: string; status: number }[];
  deposits: {
    address: string;
    amount: string;
    confirmations: number;
    order_sn: string | null;
    status: string;
    surplus: string;
  }[];
}

/** Talks to an app the way a person with the dialog and the /dev/chain page would. */
function usdtDriver(t: TestApp, clock: ReturnType<typeof fakeClock>) {
  const create = (u: TestUser, body: Record<string, unknown>) =>
    asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      coin_recharge_id: 1,
      pay_model: 'crypto_pay',
      device: 1,
      ...body,
    });
  return {
    create,
    async order(u: TestUser, cny: number, chain: 'trc20' | 'erc20' = 'trc20') {
      clock.advance(THROTTLE_GAP_MS);
      const res = await create(u, { chain, amount: cny * 10_000 });
      if (res.body.code !== 200) throw new Error(`create order: ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    async deposit(chain: string, address: string, amount: string | number) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/dev/chain/deposit',
        payload: { chain, address, amount },
      });
      if (res.statusCode !== 200) throw new Error(`deposit: ${res.statusCode} ${res.body}`);
      return res.json() as { data: { transfer: { tx_hash: string }; poll: { credited: number } } };
    },
    async mine(blocks: number, chain?: string) {
      const res = await t.app.inject({ method: 'POST', url: '/dev/chain/mine', payload: { blocks, chain } });
      if (res.statusCode !== 200) throw new Error(`mine: ${res.statusCode} ${res.body}`);
      return res.json() as { data: { poll: { credited: number } } };
    },
    async state(): Promise<ChainState> {
      return ((await t.app.inject({ method: 'GET', url: '/dev/chain.json' })).json() as { data: ChainState }).data;
    },
    async status(u: TestUser, sn: string) {
      return (
        await asUser<{ status: number }>(t, u.tokens.access_token, 'GET', `${PAYMENT_PATHS.payStatus}?order_sn=${sn}`)
      ).body.data.status;
    },
    coins: async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin,
    /** Past the 15-minute access token: log in again. */
    async relogin(u: TestUser) {
      const res = await login(t, u.mobile, u.password);
      if (res.body.code !== 200) throw new Error(`login: ${JSON.stringify(res.body)}`);
      u.tokens = res.body.data;
    },
  };
}

describe('USDT recharge (crypto_pay) on the sandbox chain', () => {
  const clock = fakeClock();
  let t: TestApp;
  let d: ReturnType<typeof usdtDriver>;
  const pushes: { room: string; type: string; data: unknown }[] = [];
  beforeAll(async () => {
    t = await startTestApp({ clock });
    t.rt.bus.subscribe((m) => pushes.push(m));
    d = usdtDriver(t, clock);
    // The first tier's bonus share is what a USDT order gets (the dialog's note): 3 % here.
    const [first] = await t.rt.database.db.select().from(moneyTiers).orderBy(moneyTiers.sort).limit(1);
    if (!first) throw new Error('no tiers');
    await t.rt.database.db.update(moneyTiers).set({ additionBp: 300 }).where(eq(moneyTiers.id, first.id));
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  it('offers USDT among the channels', async () => {
    const u = await registerUser(t);
    const modes = await asUser<{ list: PayModeEntry[] }>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.payModes);
    expect(modes.body.data.list.map((m) => m.pay_mode)).toContain('crypto_pay');
  });

  it('refuses a missing chain and a wrong, too small or too large amount with the spec messages', async () => {
    const u = await registerUser(t);
    const cases: [Record<string, unknown>, keyof typeof ERRORS, string][] = [
      [{ amount: 1_000_000 }, 'USDT_CHAIN_REQUIRED', '请选择转账网络'],
      [{ chain: 'trc20' }, 'USDT_AMOUNT_INVALID', '请输入正确的充值金额'],
      [{ chain: 'trc20', amount: 0 }, 'USDT_AMOUNT_INVALID', '请输入正确的充值金额'],
      [{ chain: 'trc20', amount: -1_000_000 }, 'USDT_AMOUNT_INVALID', '请输入正确的充值金额'],
      [{ chain: 'trc20', amount: 1_000_500 }, 'USDT_AMOUNT_INVALID', '请输入正确的充值金额'],
      [{ chain: 'trc20', amount: 990_000 }, 'USDT_BELOW_MINIMUM', '最低充值金额100'],
      [{ chain: 'erc20', amount: 200_010_000 }, 'USDT_ABOVE_MAXIMUM', '单笔最高充值金额20000'],
      [
        { chain: 'trc20', amount: 1_000_000, adult: 0 },
        'RECHARGE_ADULT_REQUIRED',
        '请确认已满18周岁,且具备完全行为能力,充值即代表同意《用户协议》和《隐私条款》',
      ],
      [
        { chain: 'trc20', amount: 1_000_000, conditions: ['resale'] },
        'RECHARGE_CONDITION_RATIONAL',
        '请同意并勾选盲盒娱乐，请理性消费',
      ],
    ];
    for (const [body, key, msg] of cases) {
      clock.advance(THROTTLE_GAP_MS);
      const res = await d.create(u, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: ERRORS[key].code, msg });
    }
    const en = await t.api('POST', PAYMENT_PATHS.createOrder, {
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
      lang: 'en-US',
      body: { ...AGREED, coin_recharge_id: 1, pay_model: 'crypto_pay', chain: 'trc20', amount: 990_000 },
    });
    expect(en.body.msg).toBe('The minimum top-up is 100 CNY');
    // Nothing was lent for the refused orders.
    expect((await d.state()).lent.filter((l) => l.order_sn)).toEqual([]);
  });

  it('makes an order with its own address, the quantity at the rate plus the 1 USDT fee, and the first tier bonus', async () => {
    const u = await registerUser(t);
    const o = await d.order(u, 100, 'trc20');
    expect(o).toMatchObject({
      real_price: 1_000_000,
      price: 1_000_000,
      extra_std_money: 30_000,
      crypto_amount: '14.157894',
      chain: 'trc20',
    });
    expect(o.expire_time).toBe(clock.now() + ORDER_TTL_MS);
    expect(isTronAddress(o.crypto_address ?? '')).toBe(true);
    expect(o.pay_data_url).toBe(o.crypto_address);
    expect(await d.status(u, o.order_sn)).toBe(ORDER_STATUS.pending);
    // The throttle and lock of every order hold here too.
    const again = await d.create(u, { chain: 'trc20', amount: 1_000_000 });
    expect(again.body.code).toBe(ERRORS.RECHARGE_TOO_FREQUENT.code);

    const e = await d.order(u, 20_000, 'erc20');
    expect(isEthAddress(e.crypto_address ?? '')).toBe(true);
    expect(e.crypto_amount).toBe('2632.578947');
    expect(e.crypto_address).not.toBe(o.crypto_address);
    const page = await t.app.inject({ method: 'GET', url: '/dev/chain' });
    expect(page.body).toContain(o.order_sn);
    expect(page.body).toContain('14.157894');
  });

  it('uses the operator exchange_rate setting, truncated to hundredths, in the list and the order', async () => {
    const db = t.rt.database.db;
    await db.insert(siteSettings).values({ key: 'exchange_rate', value: '72399' });
    try {
      const u = await registerUser(t);
      const list = await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList);
      expect(list.body.data.exchange_rate).toBe(72_399);
      expect((await d.order(u, 20_000)).crypto_amount).toBe('2767.251728');
    } finally {
      await db.delete(siteSettings).where(eq(siteSettings.key, 'exchange_rate'));
    }
  });

  it('credits once the transfer has 19 confirmations, not before, and once though it is seen 100 times', async () => {
    const u = await registerUser(t);
    const o = await d.order(u, 100);
    const before = await d.coins(u);
    const sent = await d.deposit('trc20', o.crypto_address ?? '', o.crypto_amount ?? '');
    expect(sent.data.poll.credited).toBe(0);
    await d.mine(17, 'trc20');
    let dep = (await d.state()).deposits.find((x) => x.order_sn === o.order_sn);
    expect(dep).toMatchObject({ confirmations: 18, status: 'pending', amount: '14.157894' });
    expect(await d.coins(u)).toBe(before);
    expect(await d.status(u, o.order_sn)).toBe(ORDER_STATUS.pending);

    // Other chains' blocks do not count.
    await d.mine(5, 'erc20');
    expect(await d.coins(u)).toBe(before);

    expect((await d.mine(1, 'trc20')).data.poll.credited).toBe(1);
    expect(await d.coins(u)).toBe(before + 1_000_000 + 30_000);
    expect(await d.status(u, o.order_sn)).toBe(ORDER_STATUS.paid);
    expect(pushes).toContainEqual(
      expect.objectContaining({
        room: `user:${u.userId}`,
        type: 'order_status',
        data: { order_sn: o.order_sn, status: ORDER_STATUS.paid },
      }),
    );
    for (let i = 0; i < 100; i++) await t.app.payments.tick();
    expect(await d.coins(u)).toBe(before + 1_030_000);
    dep = (await d.state()).deposits.find((x) => x.order_sn === o.order_sn);
    expect(dep).toMatchObject({ status: 'credited', surplus: '0.000000' });
    // The player's recharge records show it with its chain and quantity.
    const records = await asUser<RechargeRecordsResponse>(
      t,
      u.tokens.access_token,
      'GET',
      PAYMENT_PATHS.rechargeRecords,
    );
    expect(records.body.data.list).toEqual([
      expect.objectContaining({
        order_sn: o.order_sn,
        pay_mode: 'crypto_pay',
        chain: 'trc20',
        crypto_amount: '14.157894',
        price: 1_000_000,
        extra_std_money: 30_000,
        status: ORDER_STATUS.paid,
      }),
    ]);
  });

  it('ERC20 needs 12 confirmations', async () => {
    const u = await registerUser(t);
    const o = await d.order(u, 500, 'erc20');
    await d.deposit('erc20', o.crypto_address ?? '', o.crypto_amount ?? '');
    await d.mine(10, 'erc20');
    expect(await d.status(u, o.order_sn)).toBe(ORDER_STATUS.pending);
    await d.mine(1, 'erc20');
    expect(await d.status(u, o.order_sn)).toBe(ORDER_STATUS.paid);
    expect(await d.coins(u)).toBe(5_000_000 + 150_000);
  });

  it('does not credit an underpayment: it stays for an operator and the order expires', async () => {
    const u = await registerUser(t);
    const o = await d.order(u, 100);
    await d.deposit('trc20', o.crypto_address ?? '', '14.157893');
    await d.mine(30);
    expect(await d.coins(u)).toBe(0);
    expect((await d.state()).deposits.find((x) => x.order_sn === o.order_sn)).toMatchObject({ status: 'underpaid' });
    expect(await d.status(u, o.order_sn)).toBe(ORDER_STATUS.pending);
    // A second transfer that alone covers the quantity pays the order (transfers are never summed).
    await d.deposit('trc20', o.crypto_address ?? '', '14.157894');
    await d.mine(18);
    expect(await d.status(u, o.order_sn)).toBe(ORDER_STATUS.paid);
    expect(await d.coins(u)).toBe(1_030_000);
  });

  it('credits an overpayment as ordered and notes the surplus', async () => {
    const u = await registerUser(t);
    const o = await d.order(u, 100);
    await d.deposit('trc20', o.crypto_address ?? '', '20');
    await d.mine(18);
    expect(await d.coins(u)).toBe(1_030_000);
    expect((await d.state()).deposits.find((x) => x.order_sn === o.order_sn)).toMatchObject({
      status: 'credited',
      surplus: '5.842106',
    });
  });

  it('credits a deposit that arrives after the order expired (money that arrived is never lost)', async () => {
    const u = await registerUser(t);
    const o = await d.order(u, 100);
    clock.advance(ORDER_TTL_MS + 60_000);
    await t.app.payments.tick();
    await d.relogin(u);
    expect(await d.status(u, o.order_sn)).toBe(ORDER_STATUS.expired);
    // Still lent to its order for the grace period, so the late transfer finds it.
    clock.advance(2 * HOUR_MS);
    await t.app.payments.tick();
    expect((await d.state()).lent.map((l) => l.order_sn)).toContain(o.order_sn);
    await d.deposit('trc20', o.crypto_address ?? '', o.crypto_amount ?? '');
    await d.mine(18);
    await d.relogin(u);
    expect(await d.status(u, o.order_sn)).toBe(ORDER_STATUS.paid);
    expect(await d.coins(u)).toBe(1_030_000);
  });

  it('refuses a second deposit to a paid order (for an operator) and credits nothing more', async () => {
    const u = await registerUser(t);
    const o = await d.order(u, 100);
    await d.deposit('trc20', o.crypto_address ?? '', o.crypto_amount ?? '');
    await d.mine(18);
    expect(await d.coins(u)).toBe(1_030_000);
    await d.deposit('trc20', o.crypto_address ?? '', o.crypto_amount ?? '');
    await d.mine(18);
    expect(await d.coins(u)).toBe(1_030_000);
    const mine = (await d.state()).deposits.filter((x) => x.order_sn === o.order_sn).map((x) => x.status);
    expect(mine.sort()).toEqual(['credited', 'refused']);
  });

  it('returns an address to the pool an hour after payment, a day after expiry, never earlier', async () => {
    const db = t.rt.database.db;
    const lentTo = async (sn: string) =>
      (await db.select().from(cryptoAddresses).where(eq(cryptoAddresses.orderSn, sn))).length === 1;
    const u = await registerUser(t);
    const paid = await d.order(u, 100);
    const unpaid = await d.order(u, 100);
    await d.deposit('trc20', paid.crypto_address ?? '', paid.crypto_amount ?? '');
    await d.mine(18);
    clock.advance(HOUR_MS - 60_000);
    await t.app.payments.tick();
    expect(await lentTo(paid.order_sn)).toBe(true);
    clock.advance(2 * 60_000);
    await t.app.payments.tick();
    expect(await lentTo(paid.order_sn)).toBe(false);
    expect(await lentTo(unpaid.order_sn)).toBe(true);
    clock.advance(unpaid.expire_time + 24 * HOUR_MS - 60_000 - clock.now());
    await t.app.payments.tick();
    expect(await lentTo(unpaid.order_sn)).toBe(true);
    clock.advance(2 * 60_000);
    await t.app.payments.tick();
    expect(await lentTo(unpaid.order_sn)).toBe(false);
    // A transfer to a free address belongs to no order: recorded for an operator, nothing credited.
    await d.deposit('trc20', unpaid.crypto_address ?? '', '14.157894');
    await d.mine(18);
    expect((await d.state()).deposits.find((x) => x.address === unpaid.crypto_address)).toBeUndefined();
  });
});

describe('USDT with an exhausted address pool', () => {
  const clock = fakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { SANDBOX_CHAIN_ADDRESSES: '1' } });
  });
  afterAll(() => t.close());

  it('says no address is free, and lends none for the refused order', async () => {
    const d = usdtDriver(t, clock);
    const a = await registerUser(t);
    const b = await registerUser(t);
    await d.order(a, 100, 'erc20');
    clock.advance(THROTTLE_GAP_MS);
    const res = await d.create(b, { chain: 'erc20', amount: 1_000_000 });
    expect(res.body).toMatchObject({
      code: ERRORS.CRYPTO_ADDRESS_UNAVAILABLE.code,
      msg: '暂无可用收款地址，请稍后重试',
    });
    // The refusal left no order behind, so the throttle does not hold b back.
    expect((await d.create(b, { chain: 'trc20', amount: 1_000_000 })).body.code).toBe(200);
    await expectLedgerBalanced(t);
  });
});

describe('USDT in production without a chain watcher', () => {
  it('has no /dev/chain and does not offer USDT', async () => {
    const t = await startTestApp({
      env: PRODUCTION_ENV,
    });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/dev/chain' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/dev/chain/deposit', payload: {} })).statusCode).toBe(404);
      expect(t.app.payments.crypto).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('USDT watched live (CHAIN_WATCHER=live)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kx-usdt-'));
  const LIVE = {
    CHAIN_WATCHER: 'live',
    ETH_RPC_URL: 'https://eth.invalid',
    TRONGRID_URL: 'https://trongrid.invalid',
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lends only the operator list addresses and has no sandbox page', async () => {
    const file = join(dir, 'addresses.txt');
    const tron = sandboxAddress('trc20', 7);
    writeFileSync(file, `# pool\ntrc20,${tron}\nerc20,0xAB87cf79156c100bed8831b238303de219c6f532\n`);
    const clock = fakeClock();
    const t = await startTestApp({ clock, env: { ...LIVE, CRYPTO_ADDRESS_FILE: file } });
    try {
      const d = usdtDriver(t, clock);
      const u = await registerUser(t);
      expect((await d.order(u, 100, 'trc20')).crypto_address).toBe(tron);
      expect((await d.order(u, 100, 'erc20')).crypto_address).toBe('0xab87cf79156c100bed8831b238303de219c6f532');
      clock.advance(THROTTLE_GAP_MS);
      expect((await d.create(u, { chain: 'trc20', amount: 1_000_000 })).body.code).toBe(
        ERRORS.CRYPTO_ADDRESS_UNAVAILABLE.code,
      );
      expect((await t.app.inject({ method: 'GET', url: '/dev/chain' })).statusCode).toBe(404);
      expect(t.app.payments.crypto?.watcher.name).toBe('live');
      await expectLedgerBalanced(t);
    } finally {
      await t.close();
    }
  });

  it('does not start with a malformed address list, naming the line', async () => {
    const file = join(dir, 'bad.txt');
    writeFileSync(file, 'trc20,TN3FhU385mWkiLBEiuAzkChwV81R5ZhQkQ\n');
    // The list is read before anything touches the database or the network.
    const rt = { config: loadConfig({ ...LIVE, CRYPTO_ADDRESS_FILE: file }), database: {}, clock: fakeClock() };
    await expect(createCryptoPayments(rt as unknown as Runtime, { ledger: {} as Ledger })).rejects.toThrow(/line 1/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('USDT addresses on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('never lends one address to two of 20 orders made at once', async () => {
    const d = usdtDriver(t, fakeClock());
    const users = await Promise.all(Array.from({ length: 20 }, () => registerUser(t)));
    const res = await Promise.all(users.map((u) => d.create(u, { chain: 'trc20', amount: 1_000_000 })));
    expect(res.map((r) => r.body.code)).toEqual(Array(20).fill(200));
    const addresses = res.map((r) => r.body.data.crypto_address);
    expect(new Set(addresses).size).toBe(20);
    const rows = await t.rt.database.db.select().from(cryptoAddresses);
    expect(rows.filter((r) => r.orderSn !== null)).toHaveLength(20);
    await expectLedgerBalanced(t);
  });
});
