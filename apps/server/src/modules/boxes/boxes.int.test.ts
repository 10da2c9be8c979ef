import { randomUUID } from 'node:crypto';
import { rollBox } from '@kaixiang/game/fair';
import { sha256Hex } from '@kaixiang/game/sha256';
import {
  BOX_PATHS,
  type BoxListResponse,
  type ContainsResponse,
  FAIRNESS_PATHS,
  type OpenBoxResponse,
  type SeedResponse,
  type SelfHistoryEntry,
} from '@kaixiang/shared/boxes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { reachVipLevel } from '../../../test/support/vip.ts';
import { userItems } from '../../db/schema/items.ts';

describe('boxes', () => {
  let t: TestApp;
  let a: TestUser;
  let list: BoxListResponse;
  let box: { box_id: number; price: number };
  beforeAll(async () => {
    t = await startTestApp({ env: { BOX_TICKER_DELAY_MS: '0' } });
    a = await registerUser(t, { nick_name: '开箱人' });
    list = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const starter = list.categories.flatMap((c) => c.boxes).find((b) => b.name === '新手箱');
    if (!starter) throw new Error('no starter box');
    box = starter;
  });
  afterAll(() => t.close());
  const as = <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    asUser<T>(t, a.tokens.access_token, method, path, body);
  const money = async () =>
    (await as<{ std_money: number }>('GET', '/usercenter/v1/user/get-std-money')).body.data.std_money;

  it('lists themed boxes and the 42 CS2 cases, each priced for a 90 % return', async () => {
    const all = list.categories.flatMap((c) => c.boxes);
    expect(list.categories.map((c) => c.name)).toEqual(['主题箱', 'CS2 武器箱']);
    expect(all.length).toBe(50);
    for (const b of all) {
      expect(b.price).toBeGreaterThan(0);
      expect(b.rtp_bp).toBeGreaterThanOrEqual(8900);
      expect(b.rtp_bp).toBeLessThanOrEqual(9000);
    }
    const en = (await t.api<BoxListResponse>('GET', BOX_PATHS.list, { lang: 'en-US' })).body.data;
    expect(en.categories[0]?.boxes[0]?.name).toBe('Starter Box');
  });

  it('shows contents whose tickets sum to N with CS2 odds per rarity for a real case', async () => {
    const caseBox = list.categories[1]?.boxes[0];
    const res = await t.api<ContainsResponse>('GET', `${BOX_PATHS.contains}?box_id=${caseBox?.box_id}`);
    const c = res.body.data;
    expect(c.ticket_total).toBe(1_000_000);
    expect(c.items.reduce((s, i) => s + i.tickets, 0)).toBe(1_000_000);
    expect(c.items[0]?.ticket_from).toBe(0);
    expect(c.items.at(-1)?.ticket_to).toBe(1_000_000);
    const byQuality = new Map<number, number>();
    for (const i of c.items) byQuality.set(i.quality, (byQuality.get(i.quality) ?? 0) + i.tickets);
    expect(byQuality.get(5)).toBe(6_400);
    expect(byQuality.get(4)).toBe(32_000);
    expect(byQuality.get(3)).toBe(159_800);
    expect(c.odds_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a short balance with "please recharge first" and moves nothing', async () => {
    const res = await as('POST', BOX_PATHS.open, { box_id: box.box_id, count: 1, request_id: randomUUID() });
    expect(res.body.code).toBe(4201);
    expect(res.body.msg).toBe('余额不足，请先充值');
    expect(await money()).toBe(0);
    await expectLedgerBalanced(t);
  });

  it('refuses counts other than 1, 5, 10 and unknown boxes', async () => {
    await credit(t, a.userId, box.price * 100);
    const before = await money();
    const bad = await t.api('POST', BOX_PATHS.open, {
      headers: { authorization: `Bearer ${a.tokens.access_token}` },
      body: { box_id: box.box_id, count: 3, request_id: randomUUID() },
      lang: 'en-US',
    });
    expect(bad.body.code).toBe(4203);
    expect(bad.body.msg).toBe('You can open 1, 5 or 10 boxes at a time');
    const unknown = await as('POST', BOX_PATHS.open, { box_id: 424242, count: 1, request_id: randomUUID() });
    expect(unknown.body.code).toBe(4202);
    expect(await money()).toBe(before);
  });

  it('opens 1, 5 and 10: debits, grants items, advances the nonce, and a replay debits once', async () => {
    let balance = await money();
    let nonce = (await as<SeedResponse>('GET', FAIRNESS_PATHS.seed)).body.data.active.nonce;
    for (const count of [1, 5, 10]) {
      const requestId = randomUUID();
      const res = await as<OpenBoxResponse>('POST', BOX_PATHS.open, {
        box_id: box.box_id,
        count,
        request_id: requestId,
      });
      expect(res.body.code).toBe(200);
      const r = res.body.data;
      expect(r.items).toHaveLength(count);
      expect(r.total_price).toBe(box.price * count);
      expect(r.money).toBe(balance - box.price * count);
      expect(r.items.map((i) => i.roll.nonce)).toEqual(Array.from({ length: count }, (_, i) => nonce + i));
      balance = r.money;
      nonce += count;
      const again = await as<OpenBoxResponse>('POST', BOX_PATHS.open, {
        box_id: box.box_id,
        count,
        request_id: requestId,
      });
      expect(again.body.data).toEqual({ ...r, money: balance });
      expect(await money()).toBe(balance);
      const rows = await t.rt.database.db.select().from(userItems).where(eq(userItems.userId, a.userId));
      expect(rows.filter((x) => x.sourceId === r.opening_id)).toHaveLength(count);
    }
    const reused = await as('POST', BOX_PATHS.open, { box_id: box.box_id, count: 5, request_id: 'same-id-twice' });
    expect(reused.body.code).toBe(200);
    const clash = await as('POST', BOX_PATHS.open, { box_id: box.box_id, count: 1, request_id: 'same-id-twice' });
    expect(clash.body.code).toBe(4204);
    await expectLedgerBalanced(t);
  });

  it('lets the player verify every roll after rotating the seed', async () => {
    const before = (await as<SeedResponse>('GET', FAIRNESS_PATHS.seed)).body.data;
    const set = await as<SeedResponse>('POST', FAIRNESS_PATHS.setClientSeed, { client_seed: 'my-lucky-seed' });
    expect(set.body.data.active.client_seed).toBe('my-lucky-seed');
    expect(set.body.data.active.server_seed_hash).toBe(before.active.server_seed_hash);
    const badSeed = await as('POST', FAIRNESS_PATHS.setClientSeed, { client_seed: 'spaces are bad' });
    expect(badSeed.body.code).toBe(4205);
    await as('POST', BOX_PATHS.open, { box_id: box.box_id, count: 5, request_id: randomUUID() });

    const hidden = (await as<{ list: SelfHistoryEntry[] }>('GET', `${BOX_PATHS.selfHistory}?page_size=100`)).body.data;
    expect(hidden.list.every((e) => e.roll.server_seed === null)).toBe(true);
    const rotated = (await as<SeedResponse>('POST', FAIRNESS_PATHS.rotate, {})).body.data;
    expect(rotated.previous?.server_seed_hash).toBe(before.active.server_seed_hash);
    expect(rotated.active.server_seed_hash).not.toBe(before.active.server_seed_hash);
    expect(rotated.active.nonce).toBe(0);
    expect(sha256Hex(rotated.previous?.server_seed ?? '')).toBe(before.active.server_seed_hash);

    const history = (await as<{ list: SelfHistoryEntry[] }>('GET', `${BOX_PATHS.selfHistory}?page_size=100`)).body.data;
    expect(history.list.length).toBe(26);
    const contents = (await t.api<ContainsResponse>('GET', `${BOX_PATHS.contains}?box_id=${box.box_id}`)).body.data;
    const entries = contents.items.map((i) => ({ itemId: i.item_id, exter: i.exter, tickets: i.tickets }));
    for (const e of history.list) {
      expect(e.roll.server_seed).not.toBeNull();
      expect(e.roll.odds_hash).toBe(contents.odds_hash);
      const r = rollBox(
        { serverSeed: e.roll.server_seed ?? '', clientSeed: e.roll.client_seed, nonce: e.roll.nonce },
        entries,
      );
      expect(r.ticket).toBe(e.roll.ticket);
      expect(contents.items[r.index]?.item_id).toBe(e.item_id);
    }
    expect(history.list.filter((e) => e.roll.client_seed === 'my-lucky-seed')).toHaveLength(5);
  });

  it('records openings in the global history and the footer count', async () => {
    await reachVipLevel(t, a.userId, 2);
    const res = await t.api<{ list: { box_id: number; nick_name: string; vip_level: number }[]; total: number }>(
      'GET',
      `${BOX_PATHS.history}?box_id=${box.box_id}&page_size=5`,
    );
    expect(res.body.data.total).toBe(26);
    expect(res.body.data.list).toHaveLength(5);
    expect(res.body.data.list[0]?.nick_name).toBe('开箱人');
    // The badge beside the name: the opener's level now, read by the same query (a join).
    expect(res.body.data.list.map((e) => e.vip_level)).toEqual([2, 2, 2, 2, 2]);
    const own = await as<{ list: { vip_level: number }[] }>('GET', `${BOX_PATHS.selfHistory}?page_size=1`);
    expect(own.body.data.list[0]?.vip_level).toBe(2);
    await expectLedgerBalanced(t);
  });

  it('puts every win of Restricted or better on the tickers', async () => {
    const own = (await as<{ list: SelfHistoryEntry[] }>('GET', `${BOX_PATHS.selfHistory}?page_size=100`)).body.data;
    const notable = own.list.filter((e) => e.quality >= 3 || e.cost_price >= 1_000_000);
    const tickers = await Promise.all(
      [1, 2].map((type) =>
        t.api<{ infos: { user_id: number }[] }>('GET', `/site/v1/get-reward-history?reward_type=${type}`),
      ),
    );
    const mine = tickers.flatMap((r) => r.body.data.infos).filter((e) => e.user_id === a.userId);
    expect(notable.length).toBeGreaterThan(0);
    const big = notable.filter((e) => e.cost_price >= 1_000_000).length;
    expect(mine).toHaveLength(Math.min(big, 20) + Math.min(notable.length - big, 20));
  });
});
