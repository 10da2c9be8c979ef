import { randomUUID } from 'node:crypto';
import { rollUpgrade, stakeForRate, verifyUpgrade } from '@kaixiang/game/upgrade';
import { FAIRNESS_PATHS, type SeedResponse } from '@kaixiang/shared/boxes';
import { errorMessage } from '@kaixiang/shared/errors';
import { ITEM_STATUS } from '@kaixiang/shared/inventory';
import {
  UPGRADE_PATHS,
  type UpgradeCategoriesResponse,
  type UpgradeListResponse,
  type UpgradeRatesResponse,
  type UpgradeResponse,
  type UpgradeTarget,
  type UserUpgradeEntry,
} from '@kaixiang/shared/upgrade';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { giveItems, itemRow } from '../../../test/support/items.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { fairSeeds } from '../../db/schema/boxes.ts';
import { upgradeItems, upgradeRecords } from '../../db/schema/games.ts';
import { userItems } from '../../db/schema/items.ts';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
import { balancesOf } from '../ledger/ledger.ts';

const RULES = { houseEdgePpm: 50_000, minRatePpm: 10_000, maxRatePpm: 750_000 };

describe('upgrade', () => {
  const clock = fakeClock();
  let t: TestApp;
  let a: TestUser;
  /** A target worth ¥100 or more: every stake below is cut to its price. */
  let target: UpgradeTarget;
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { BOX_TICKER_DELAY_MS: '0' } });
    a = await registerUser(t, { nick_name: '升级人' });
    const list = await t.api<UpgradeListResponse>('POST', UPGRADE_PATHS.list, {
      body: { min_price: 1_000_000, page_size: 1 },
    });
    const first = list.body.data.list[0];
    if (!first) throw new Error('no target of ¥100 or more');
    target = first;
  });
  afterAll(() => t.close());

  const db = () => t.rt.database.db;
  const as = <T = unknown>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    asUser<T>(t, u.tokens.access_token, method, path, body);
  const upgrade = (u: TestUser, body: Record<string, unknown>, lang?: string) =>
    t.api<UpgradeResponse>('POST', UPGRADE_PATHS.upgrade, {
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
      body: { request_id: randomUUID(), upgrade_item_id: target.upgrade_item_id, ...body },
      ...(lang ? { lang } : {}),
    });
  async function activeSeed(u: TestUser) {
    // The pair is made on a player's first roll or first look at it.
    await as(u, 'GET', FAIRNESS_PATHS.seed);
    const [seed] = await db()
      .select()
      .from(fairSeeds)
      .where(and(eq(fairSeeds.userId, u.userId), isNull(fairSeeds.revealedAt)));
    if (!seed) throw new Error('no active seed pair');
    return seed;
  }
  /** Sets a client seed whose next roll passes `wanted` (the test can read the server seed; a player cannot). */
  async function steerNextRoll(u: TestUser, wanted: (roll: number) => boolean): Promise<number> {
    for (let i = 0; i < 200; i++) {
      const seed = await activeSeed(u);
      const clientSeed = `steer-${i}`;
      const { roll } = rollUpgrade({ serverSeed: seed.serverSeed, clientSeed, nonce: seed.nonce });
      if (!wanted(roll)) continue;
      await as(u, 'POST', FAIRNESS_PATHS.setClientSeed, { client_seed: clientSeed });
      return roll;
    }
    throw new Error('no client seed gave a wanted roll');
  }

  it('shows its limits, categories and targets', async () => {
    const rates = (await t.api<UpgradeRatesResponse>('GET', UPGRADE_PATHS.rates)).body.data;
    expect(rates).toEqual({
      rate_scale: 1_000_000,
      min_rate_ppm: 10_000,
      max_rate_ppm: 750_000,
      house_edge_ppm: 50_000,
      rtp_ppm: 950_000,
      max_stake_items: 10,
      balance_step_units: 100,
    });
    const cats = (await t.api<UpgradeCategoriesResponse>('GET', UPGRADE_PATHS.categories)).body.data.list;
    expect(cats.map((c) => c.category)).toContain('rifle');
    expect(cats.find((c) => c.category === 'knife')?.name).toBe('匕首');
    const en = (await t.api<UpgradeCategoriesResponse>('GET', UPGRADE_PATHS.categories, { lang: 'en-US' })).body.data;
    expect(en.list.find((c) => c.category === 'knife')?.name).toBe('Knife');

    const rifles = (
      await t.api<UpgradeListResponse>('POST', UPGRADE_PATHS.list, {
        body: { category: 'rifle', sort: 'price_desc', page_size: 5 },
      })
    ).body.data;
    expect(rifles.total).toBe(cats.find((c) => c.category === 'rifle')?.count);
    expect(rifles.list).toHaveLength(5);
    expect(rifles.list.every((x) => x.weapon_class === 'rifle' && x.show_rate === 100 && x.rate_ppm === null)).toBe(
      true,
    );
    const prices = rifles.list.map((x) => x.price);
    expect(prices).toEqual([...prices].sort((x, y) => y - x));

    const ak = (await t.api<UpgradeListResponse>('POST', UPGRADE_PATHS.list, { body: { keyword: 'AK-47' } })).body.data;
    expect(ak.total).toBeGreaterThan(0);
    expect(ak.list.every((x) => x.name.includes('AK-47'))).toBe(true);

    // With a stake: only what it reaches (worth more, at least the min rate), each with its chance.
    const stake = 100_000;
    const reach = (
      await t.api<UpgradeListResponse>('POST', UPGRADE_PATHS.list, { body: { stake_value: stake, page_size: 100 } })
    ).body.data;
    expect(reach.total).toBeGreaterThan(0);
    for (const x of reach.list) {
      expect(x.price).toBeGreaterThan(stake);
      expect(x.price).toBeLessThanOrEqual(9_500_000); // ¥10 × 95 % ÷ 1 %
      expect(x.rate_ppm).toBe(Math.min(750_000, Math.floor((stake * 950_000) / x.price)));
    }
  });

  it('wins: consumes the staked items and balance, grants the target, advances the nonce', async () => {
    await credit(t, a.userId, 1_000_000);
    // A roll that a chance of up to 70 % beats, and a stake just big enough for it. The roll is at
    // least the min rate: a stake whose chance is under it is refused (UPGRADE_RATE_TOO_LOW).
    const roll = await steerNextRoll(a, (r) => r >= RULES.minRatePpm && r < 700_000);
    const need = stakeForRate(target.price, roll + 1, RULES);
    const each = Math.floor(need / 4);
    const ids = await giveItems(t, a.userId, [{ price: each }, { price: each }]);
    const balance = Math.ceil((need - 2 * each) / 100) * 100;
    const seedBefore = await activeSeed(a);
    const requestId = randomUUID();

    const res = await upgrade(a, { item_ids: ids, balance, request_id: requestId });
    expect(res.body.code).toBe(200);
    const r = res.body.data;
    expect(r.success).toBe(true);
    expect(r.proof).toEqual({
      nonce: seedBefore.nonce,
      client_seed: seedBefore.clientSeed,
      server_seed_hash: seedBefore.serverSeedHash,
      server_seed: null,
      roll,
    });
    expect(r.stake_value).toBe(2 * each + balance);
    expect(r.rate_ppm).toBe(Math.floor(((2 * each + balance) * 950_000) / target.price));
    expect(r.rate_ppm).toBeGreaterThan(roll);
    expect(r.capped).toBe(false);
    expect(r.money).toBe(1_000_000 - balance);
    expect(r.stake_item_ids).toEqual(ids);

    for (const id of ids) expect(await itemRow(t, id)).toMatchObject({ status: ITEM_STATUS.sold, disposal: 'upgrade' });
    const won = await itemRow(t, r.user_item_id ?? 0);
    expect(won).toMatchObject({
      userId: a.userId,
      itemDefId: target.item_id,
      exter: target.exter,
      priceUnits: target.price,
      status: ITEM_STATUS.normal,
      source: 'upgrade',
      sourceId: r.upgrade_id,
    });
    expect((await activeSeed(a)).nonce).toBe(seedBefore.nonce + 1);
    const [transfer] = await db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idemKey, `upgrade_stake:${a.userId}:${requestId}`));
    expect(transfer?.kind).toBe('upgrade_stake');
    const legs = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transferId, transfer?.id ?? 0));
    expect(legs.map((l) => l.amount).sort((x, y) => x - y)).toEqual([-balance, balance]);

    // A retry of the same request answers the same upgrade and moves nothing more.
    const again = await upgrade(a, { item_ids: ids, balance, request_id: requestId });
    expect(again.body.data).toEqual(r);
    expect((await balancesOf(db(), a.userId)).coin).toBe(1_000_000 - balance);
    const clash = await upgrade(a, { item_ids: ids, balance: balance + 100, request_id: requestId });
    expect(clash.body.error).toBe('REQUEST_ID_REUSED');
    expect(await db().select().from(upgradeRecords)).toHaveLength(1);
    await expectLedgerBalanced(t);
  });

  it('loses: consumes a stake of items only and grants nothing', async () => {
    // A roll the max rate does not reach past: a chance just under a roll of 95 % or more would
    // take a stake worth the target, which is refused (UPGRADE_STAKE_TOO_HIGH), not lost.
    const roll = await steerNextRoll(a, (r) => r >= 20_000 && r < 700_000);
    // The dearest stake whose chance does not beat the roll.
    const stake = stakeForRate(target.price, roll + 1, RULES) - 1;
    const [id] = (await giveItems(t, a.userId, [{ price: stake }])) as [number];
    const coin = (await balancesOf(db(), a.userId)).coin;
    const res = await upgrade(a, { item_ids: [id] });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ success: false, user_item_id: null, money: coin, stake_balance: 0 });
    expect(res.body.data.proof.roll).toBe(roll);
    expect(res.body.data.rate_ppm).toBeLessThanOrEqual(roll);
    expect(await itemRow(t, id)).toMatchObject({ status: ITEM_STATUS.sold, disposal: 'upgrade' });
    const granted = await db().select().from(userItems).where(eq(userItems.source, 'upgrade'));
    expect(granted).toHaveLength(1); // the earlier win only
    await expectLedgerBalanced(t);
  });

  it('caps a stake past the max rate at the max rate, and says the lower return', async () => {
    await steerNextRoll(a, () => true);
    const [id] = (await giveItems(t, a.userId, [{ price: Math.floor(target.price * 0.9) }])) as [number];
    const res = await upgrade(a, { item_ids: [id] });
    expect(res.body.data).toMatchObject({ rate_ppm: 750_000, capped: true });
    expect(res.body.data.rtp_ppm).toBeLessThan(850_000);
  });

  it('lets the player verify every upgrade from the revealed seed, and lists them', async () => {
    const hidden = (await as<{ list: UserUpgradeEntry[] }>(a, 'GET', UPGRADE_PATHS.userHistory)).body.data.list;
    expect(hidden).toHaveLength(3);
    expect(hidden.every((e) => e.proof.server_seed === null)).toBe(true);
    await as<SeedResponse>(a, 'POST', FAIRNESS_PATHS.rotate, {});
    const page = (await as<{ list: UserUpgradeEntry[]; total: number }>(a, 'GET', UPGRADE_PATHS.userHistory)).body.data;
    expect(page.total).toBe(3);
    for (const e of page.list) {
      const check = verifyUpgrade({
        serverSeed: e.proof.server_seed ?? '',
        serverSeedHash: e.proof.server_seed_hash,
        clientSeed: e.proof.client_seed,
        nonce: e.proof.nonce,
        ratePpm: e.rate_ppm,
        roll: e.proof.roll,
        success: e.success,
      });
      expect(check.valid).toBe(true);
      expect(e.stake_value).toBe(e.stake_items.reduce((s, i) => s + i.price, 0) + e.stake_balance);
      expect(e.target.item_id).toBe(target.item_id);
    }
    expect(page.list.map((e) => e.success)).toEqual([expect.any(Boolean), false, true]);
    expect(page.list[2]?.stake_items).toHaveLength(2);
    expect(page.list[2]?.stake_items[0]?.name).not.toBe('');

    const everyone = (
      await t.api<{ list: { user_id: number; nick_name: string }[]; total: number }>(
        'POST',
        UPGRADE_PATHS.itemHistory,
        { body: { upgrade_item_id: target.upgrade_item_id } },
      )
    ).body.data;
    expect(everyone.total).toBe(3);
    expect(everyone.list[0]).toMatchObject({ user_id: a.userId, nick_name: '升级人' });
    const other = (
      await t.api<{ total: number }>('POST', UPGRADE_PATHS.itemHistory, {
        body: { upgrade_item_id: target.upgrade_item_id + 1 },
      })
    ).body.data;
    expect(other.total).toBe(0);
  });

  it('counts real upgrades in the footer and puts a notable win on the tickers', async () => {
    clock.advance(10_000); // past the statistics cache
    const stats = await t.api<{ upgrade_num: number }>('GET', '/site/v1/statistics');
    expect(stats.body.data.upgrade_num).toBe(3);
    const tickers = await Promise.all(
      [1, 2].map((type) =>
        t.api<{ infos: { user_id: number; game_type: number }[] }>(
          'GET',
          `/site/v1/get-reward-history?reward_type=${type}`,
        ),
      ),
    );
    const mine = tickers.flatMap((r) => r.body.data.infos).filter((e) => e.user_id === a.userId);
    // Every target of ¥100 or more is a big win (DEFAULT_BIG_WIN_UNITS).
    const wins = (await db().select().from(upgradeRecords)).filter((r) => r.success).length;
    expect(wins).toBeGreaterThan(0);
    expect(mine.filter((e) => e.game_type === 3)).toHaveLength(wins);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const b = await registerUser(t, { nick_name: '乙' });
    await credit(t, b.userId, 50_000);
    const [mine, retrieving, sold] = (await giveItems(t, b.userId, [
      { price: 20_000 },
      { price: 20_000, status: ITEM_STATUS.retrieving },
      { price: 20_000, status: ITEM_STATUS.sold },
    ])) as [number, number, number];
    const [someoneElses] = (await giveItems(t, a.userId, [{ price: 20_000 }])) as [number];
    const eleven = await giveItems(
      t,
      b.userId,
      Array.from({ length: 11 }, () => ({ price: 1_000 })),
    );
    const [offSale] = (
      await db()
        .update(upgradeItems)
        .set({ onSale: false })
        .where(eq(upgradeItems.id, target.upgrade_item_id + 1))
        .returning()
    ).map((x) => x.id);
    t.app.upgrade.invalidate();
    await activeSeed(b); // made on a first look: what must not move is its nonce

    const snapshot = async () => ({
      coin: (await balancesOf(db(), b.userId)).coin,
      items: (await db().select().from(userItems).where(eq(userItems.userId, b.userId))).map((i) => [i.id, i.status]),
      seeds: (await db().select().from(fairSeeds).where(eq(fairSeeds.userId, b.userId))).map((s) => s.nonce),
      records: (await db().select().from(upgradeRecords)).length,
    });
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ upgrade_item_id: 2_000_000_000, item_ids: [mine] }, 'UPGRADE_TARGET_NOT_FOUND'],
      [{ upgrade_item_id: offSale, item_ids: [mine] }, 'UPGRADE_TARGET_NOT_FOUND'],
      [{ item_ids: [someoneElses] }, 'ITEM_NOT_FOUND'],
      [{ item_ids: [2_000_000_000] }, 'ITEM_NOT_FOUND'],
      [{ item_ids: [retrieving] }, 'ITEM_NOT_AVAILABLE'],
      [{ item_ids: [mine, sold] }, 'ITEM_NOT_AVAILABLE'],
      [{ item_ids: [] }, 'UPGRADE_STAKE_EMPTY'],
      [{ balance: 0 }, 'UPGRADE_STAKE_EMPTY'],
      [{ item_ids: [mine, mine] }, 'UPGRADE_ITEM_REPEATED'],
      [{ item_ids: eleven }, 'UPGRADE_TOO_MANY_ITEMS'],
      [{ balance: 150.5 }, 'UPGRADE_BALANCE_INVALID'],
      [{ balance: -100 }, 'UPGRADE_BALANCE_INVALID'],
      [{ balance: 150 }, 'UPGRADE_BALANCE_INVALID'],
      [{ balance: '100' }, 'VALIDATION_FAILED'],
      [{ balance: target.price }, 'UPGRADE_STAKE_TOO_HIGH'],
      [{ balance: 100 }, 'UPGRADE_RATE_TOO_LOW'],
      // Enough chance, too little money: refused inside the roll's statement, which undoes it all.
      [{ item_ids: [mine], balance: 100_000 }, 'INSUFFICIENT_BALANCE'],
      [{ item_ids: [mine], request_id: 'short' }, 'VALIDATION_FAILED'],
    ];
    for (const [body, key] of cases) {
      const res = await upgrade(b, body);
      expect([JSON.stringify(body), res.body.error]).toEqual([JSON.stringify(body), key]);
      expect(res.body.msg).toBe(errorMessage(key as never, 'zh-CN'));
    }
    const en = await upgrade(b, { balance: target.price }, 'en-US');
    expect(en.body.msg).toBe('Your stake must be worth less than the target; choose a more valuable target');
    const tw = await upgrade(b, { item_ids: [] }, 'zh-TW');
    expect(tw.body.msg).toBe('請選擇要投入的飾品或餘額');
    expect(await snapshot()).toEqual(before);
    await db()
      .update(upgradeItems)
      .set({ onSale: true })
      .where(eq(upgradeItems.id, offSale ?? 0));
    t.app.upgrade.invalidate();
    await expectLedgerBalanced(t);
  });
});

/** Races on the real PostgreSQL (PGlite runs one statement at a time and would prove nothing). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('upgrade races on PostgreSQL', () => {
  let t: TestApp;
  let t2: TestApp;
  let target: UpgradeTarget;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error', BOX_TICKER_DELAY_MS: '0' } });
    t2 = await startTestApp({ sharing: t, env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error', BOX_TICKER_DELAY_MS: '0' } });
    const list = await t.api<UpgradeListResponse>('POST', UPGRADE_PATHS.list, {
      body: { min_price: 1_000_000, page_size: 1 },
    });
    target = list.body.data.list[0] as UpgradeTarget;
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });

  it('an item staked in upgrades and sold at once, on two processes: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await registerUser(t);
      const [id] = (await giveItems(t, u.userId, [{ price: Math.floor(target.price / 2) }])) as [number];
      const headers = { authorization: `Bearer ${u.tokens.access_token}` };
      const calls = Array.from({ length: 12 }, (_, i) => {
        const app = i % 2 ? t2 : t;
        return i % 3 === 0
          ? app.api('POST', '/goods/v1/item/sell', { headers, body: { _id: id } })
          : app.api('POST', UPGRADE_PATHS.upgrade, {
              headers,
              body: { upgrade_item_id: target.upgrade_item_id, item_ids: [id], request_id: randomUUID() },
            });
      });
      const results = await Promise.all(calls);
      const wins = results.filter((r) => r.body.code === 0 || r.body.code === 200);
      expect(wins).toHaveLength(1);
      expect(results.filter((r) => r.body.error === 'ITEM_NOT_AVAILABLE')).toHaveLength(11);
      const row = await itemRow(t, id);
      const records = await t.rt.database.db.select().from(upgradeRecords).where(eq(upgradeRecords.userId, u.userId));
      const coin = (await balancesOf(t.rt.database.db, u.userId)).coin;
      expect(row.status).toBe(ITEM_STATUS.sold);
      if (row.disposal === 'upgrade') {
        expect(records).toHaveLength(1);
        expect(coin).toBe(0);
      } else {
        expect(row.disposal).toBe('sell');
        expect(records).toHaveLength(0);
        expect(coin).toBe(row.priceUnits);
      }
    }
    await expectLedgerBalanced(t);
  });

  it('one player upgrading on two processes at once: every roll its own nonce, every debit once', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 10_000_000);
    const ids = await giveItems(
      t,
      u.userId,
      Array.from({ length: 16 }, () => ({ price: Math.floor(target.price / 4) })),
    );
    const headers = { authorization: `Bearer ${u.tokens.access_token}` };
    const balance = 10_000;
    const results = await Promise.all(
      ids.map((id, i) =>
        (i % 2 ? t2 : t).api<UpgradeResponse>('POST', UPGRADE_PATHS.upgrade, {
          headers,
          body: { upgrade_item_id: target.upgrade_item_id, item_ids: [id], balance, request_id: randomUUID() },
        }),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(ids.map(() => 200));
    const nonces = results.map((r) => r.body.data.proof.nonce).sort((x, y) => x - y);
    expect(nonces).toEqual(Array.from({ length: 16 }, (_, i) => nonces[0]! + i));
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(10_000_000 - 16 * balance);
    await expectLedgerBalanced(t);
  });
});
