import { randomUUID } from 'node:crypto';
import { BOX_PATHS, type BoxListResponse } from '@kaixiang/shared/boxes';
import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { type CreateOrderResponse, PAYMENT_PATHS, type RechargeListResponse } from '@kaixiang/shared/payments';
import { PROTECTION_PATHS } from '@kaixiang/shared/protection';
import { signRequest } from '@kaixiang/shared/signature';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { AGREED, THROTTLE_GAP_MS } from '../../../test/support/payments.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { until } from '../../../test/support/until.ts';
import { boxes } from '../../db/schema/boxes.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { boxOpenings } from '../../db/schema/games.ts';
import { ledgerAccounts, ledgerEntries } from '../../db/schema/ledger.ts';
import { rechargeOrders } from '../../db/schema/payments.ts';
import { balancesOf, postTransfer } from '../ledger/ledger.ts';

/** RFC 4180 read back: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('the file does not end with CRLF');
  return rows;
}

/** China time by the platform's time-zone data, not by the code under test. */
const chinaTime = (at: Date | null) =>
  at
    ? new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Asia/Shanghai',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hour12: false,
      }).format(at)
    : '';

/** "+12.3456" / "-0.0100" back to units. */
const unitsOf = (text: string) => Math.round(Number(text) * 10_000);

describe('history export (CSV)', () => {
  const clock = fakeClock();
  let t: TestApp;
  let tiers: RechargeListResponse['elems'];
  let starter: { box_id: number; price: number };
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { BOX_TICKER_DELAY_MS: '0' } });
    const u = await registerUser(t);
    tiers = (await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body.data
      .elems;
    const list = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const box = list.categories.flatMap((c) => c.boxes).find((b) => b.name === '新手箱');
    if (!box) throw new Error('no starter box');
    starter = box;
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  /** A signed GET as the web client sends it; the body is read as text (a CSV is no envelope). */
  async function download(token: string | null, kind: string, lang?: string) {
    const url = `/api${PROTECTION_PATHS.historyExport}?kind=${encodeURIComponent(kind)}`;
    const headers: Record<string, string> = {
      ...(await signRequest(t.rt.config.SIGN_SECRET, { method: 'GET', pathWithQuery: url, body: '' }, clock.now())),
      ...(token ? bearer(token) : {}),
      ...(lang ? { 'x-lang': lang } : {}),
    };
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, headers: res.headers, text: res.body };
  }
  /** The file's records after the header, checking the BOM on the way. */
  async function rowsOf(u: TestUser, kind: string, lang?: string) {
    const res = await download(u.tokens.access_token, kind, lang);
    expect(res.status).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.text.slice(1));
    return { header, rows, res };
  }

  async function paidOrder(u: TestUser, yuan: number, payMode: string) {
    clock.advance(THROTTLE_GAP_MS);
    const tier = tiers.find((x) => x.money === yuan * 10_000);
    const res = await asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      coin_recharge_id: tier?.id,
      pay_model: payMode,
    });
    if (res.body.code !== 200) throw new Error(`create order: ${JSON.stringify(res.body)}`);
    return res.body.data.order_sn;
  }
  const orderRow = async (sn: string) =>
    (await t.rt.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.orderSn, sn)))[0]!;
  async function pay(sn: string) {
    const paid = await t.app.inject({ method: 'POST', url: `/dev/cashier/${sn}/pay` });
    expect(paid.statusCode).toBe(200);
    return until(async () => {
      const row = await orderRow(sn);
      return row.status === 2 && row.paidAt ? row : null;
    });
  }
  async function openStarter(u: TestUser, count: 1 | 5) {
    const res = await asUser(t, u.tokens.access_token, 'POST', BOX_PATHS.open, {
      box_id: starter.box_id,
      count,
      request_id: randomUUID(),
    });
    expect(res.body.code).toBe(200);
  }

  it('refuses without a login (401) and a bad kind with the validation envelope in the player language', async () => {
    const u = await registerUser(t);
    const anon = await download(null, 'recharges');
    expect(anon.status).toBe(401);
    expect(JSON.parse(anon.text).code).toBe(401);
    for (const [lang, kind] of [
      ['zh-CN', 'games'],
      ['en-US', ''],
      ['zh-TW', 'coins,recharges'],
    ] as const) {
      const bad = await download(u.tokens.access_token, kind, lang);
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.text)).toMatchObject({
        code: ERRORS.VALIDATION_FAILED.code,
        msg: errorMessage('VALIDATION_FAILED', lang),
      });
    }
  });

  it('lists every recharge order of the player, and only theirs, in the requested language', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    const paidSn = await paidOrder(u, 100, 'alipay');
    const paid = await pay(paidSn);
    const pendingSn = await paidOrder(u, 50, 'wechat_pay');
    const pending = await orderRow(pendingSn);
    const otherSn = await paidOrder(other, 200, 'alipay');
    await pay(otherSn);

    const zh = await rowsOf(u, 'recharges');
    expect(zh.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = chinaTime(new Date(clock.now())).slice(0, 10).replaceAll('-', '');
    expect(zh.res.headers['content-disposition']).toBe(`attachment; filename="kaixiang-recharges-${day}.csv"`);
    expect(zh.header).toEqual([
      '订单号',
      '下单时间（北京时间）',
      '支付金额（元）',
      '支付方式',
      '状态',
      '到账时间（北京时间）',
    ]);
    expect(zh.rows).toEqual([
      [paidSn, chinaTime(paid.createdAt), '100.00', '支付宝', '已到账', chinaTime(paid.paidAt)],
      [pendingSn, chinaTime(pending.createdAt), '50.00', '微信支付', '待支付', ''],
    ]);
    expect(zh.res.text).not.toContain(otherSn);

    const en = await rowsOf(u, 'recharges', 'en-US');
    expect(en.header).toEqual([
      'Order no.',
      'Ordered (China time, UTC+8)',
      'Amount (CNY)',
      'Channel',
      'Status',
      'Credited (China time, UTC+8)',
    ]);
    expect(en.rows.map((r) => r.slice(2, 5))).toEqual([
      ['100.00', 'Alipay', 'Credited'],
      ['50.00', 'WeChat Pay', 'Awaiting payment'],
    ]);
  });

  it('lists every box opening with names in the requested language, and the coins file sums to the balance', async () => {
    const db = t.rt.database.db;
    const u = await registerUser(t);
    const other = await registerUser(t);
    await credit(t, u.userId, starter.price * 10);
    await credit(t, other.userId, starter.price * 10);
    await openStarter(u, 1);
    await openStarter(other, 1);
    await openStarter(u, 5);

    const mine = await db
      .select({
        id: boxOpenings.id,
        createdAt: boxOpenings.createdAt,
        boxPriceUnits: boxOpenings.boxPriceUnits,
        priceUnits: boxOpenings.priceUnits,
        boxZh: boxes.nameZhCn,
        boxEn: boxes.nameEn,
        itemZh: itemDefs.nameZhCn,
        itemEn: itemDefs.nameEn,
      })
      .from(boxOpenings)
      .innerJoin(boxes, eq(boxes.id, boxOpenings.boxId))
      .innerJoin(itemDefs, eq(itemDefs.id, boxOpenings.itemDefId))
      .where(eq(boxOpenings.userId, u.userId))
      .orderBy(asc(boxOpenings.id));
    expect(mine).toHaveLength(6);
    const yuan = (units: number) => (units / 10_000).toFixed(2);

    const zh = await rowsOf(u, 'openings');
    expect(zh.header).toEqual([
      '时间（北京时间）',
      '箱子',
      '箱子价格（元）',
      '饰品',
      '磨损',
      '饰品价值（元）',
      '开箱编号',
    ]);
    expect(zh.rows.map((r) => [r[0], r[1], r[2], r[3], r[5], r[6]])).toEqual(
      mine.map((o) => [
        chinaTime(o.createdAt),
        o.boxZh,
        yuan(o.boxPriceUnits),
        o.itemZh,
        yuan(o.priceUnits),
        String(o.id),
      ]),
    );
    expect(zh.rows.every((r) => r[1] === '新手箱' && r[4] !== '')).toBe(true);
    const en = await rowsOf(u, 'openings', 'en-US');
    expect(en.rows.map((r) => [r[1], r[3]])).toEqual(mine.map((o) => [o.boxEn, o.itemEn]));
    expect(en.rows[0]?.[1]).toBe('Starter Box');
    const theirs = await db
      .select({ id: boxOpenings.id })
      .from(boxOpenings)
      .where(eq(boxOpenings.userId, other.userId));
    const ids = new Set(zh.rows.map((r) => r[6]));
    for (const o of theirs) expect(ids.has(String(o.id))).toBe(false);

    // Coins: the faucet's credit and both openings, every amount signed, and they add up.
    const coins = await rowsOf(u, 'coins');
    expect(coins.header).toEqual(['时间（北京时间）', '类型', '变动金额（元）', '变动后余额（元）', '说明', '流水号']);
    expect(coins.rows.map((r) => r[1])).toEqual(['测试充值', '开箱', '开箱']);
    expect(coins.rows[1]?.[2]).toBe(`-${(starter.price / 10_000).toFixed(4)}`);
    const balance = (await balancesOf(db, u.userId)).coin;
    expect(coins.rows.reduce((sum, r) => sum + unitsOf(r[2]!), 0)).toBe(balance);
    expect(unitsOf(coins.rows.at(-1)![3]!)).toBe(balance);
    let running = 0;
    for (const r of coins.rows) {
      running += unitsOf(r[2]!);
      expect(unitsOf(r[3]!)).toBe(running);
    }
    const enCoins = await rowsOf(u, 'coins', 'en-US');
    expect(enCoins.rows.map((r) => r[1])).toEqual(['Test credit', 'Case opening', 'Case opening']);
    // The other player's transfers are not in it: every transfer id is one of this player's entries.
    const [account] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.owner, `u:${u.userId}`));
    const entries = await db
      .select({ transferId: ledgerEntries.transferId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, account!.id))
      .orderBy(asc(ledgerEntries.id));
    expect(coins.rows.map((r) => r[5])).toEqual(entries.map((e) => String(e.transferId)));
  });

  it('escapes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', async () => {
    const u = await registerUser(t);
    const db = t.rt.database.db;
    const memos = ['=HYPERLINK("http://evil.test","点我"),\r\n第二行', '@SUM(1+1)', '+86 手机', '-1+2', 'plain'];
    for (const [i, memo] of memos.entries()) {
      await db.transaction((tx) =>
        postTransfer(
          tx,
          {
            kind: 'correction',
            key: `export-escape:${u.userId}:${i}`,
            currency: 'coin',
            memo,
            legs: [
              { account: { userId: u.userId }, amount: 12_345 },
              { account: { house: 'test_faucet' }, amount: -12_345 },
            ],
          },
          new Date(clock.now()),
        ),
      );
    }
    const { rows, res } = await rowsOf(u, 'coins');
    expect(rows.map((r) => r[4])).toEqual([
      '\'=HYPERLINK("http://evil.test","点我"),\r\n第二行',
      "'@SUM(1+1)",
      "'+86 手机",
      "'-1+2",
      'plain',
    ]);
    // On the wire: quoted, inner quotes doubled, the line break inside the quotes.
    expect(res.text).toContain('"\'=HYPERLINK(""http://evil.test"",""点我""),\r\n第二行"');
    // Numbers are numbers, signed, and never quoted or prefixed.
    expect(rows.map((r) => [r[1], r[2], r[3]])).toEqual(
      memos.map((_, i) => ['账务调整', '+1.2345', (((i + 1) * 12_345) / 10_000).toFixed(4)]),
    );
  });

  it('returns every one of thousands of ledger rows exactly once, in order, across batches', async () => {
    const u = await registerUser(t);
    const db = t.rt.database.db;
    const n = 2_600;
    // The ledger's own posting function, once per row in one statement: n real balanced transfers.
    await db.execute(sql`
      select kx_post_transfer('test_credit', ${`export-bulk:${u.userId}:`}::text || g, 'coin', 'bulk ' || g,
        ${new Date(clock.now()).toISOString()}::timestamptz, array[${`u:${u.userId}`}, 'h:test_faucet']::text[],
        array[g, -g]::bigint[])
      from generate_series(1, ${n}::int) as g`);
    const { rows } = await rowsOf(u, 'coins', 'en-US');
    expect(rows).toHaveLength(n);
    expect(rows.map((r) => r[4])).toEqual(Array.from({ length: n }, (_, i) => `bulk ${i + 1}`));
    expect(rows.map((r) => unitsOf(r[2]!))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r[5])).size).toBe(n);
    expect(unitsOf(rows.at(-1)![3]!)).toBe((n * (n + 1)) / 2);
    expect((await balancesOf(db, u.userId)).coin).toBe((n * (n + 1)) / 2);
  });
});
