import { randomUUID } from 'node:crypto';
import { rollWish, verifyWish } from '@kaixiang/game/wish';
import { ADMIN_WISHING_WELL_PATHS, type AdminWishEntry } from '@kaixiang/shared/admin-wishing-well';
import { FAIRNESS_PATHS } from '@kaixiang/shared/boxes-paths';
import { ERRORS } from '@kaixiang/shared/errors';
import type { ActivitiesResponse } from '@kaixiang/shared/site';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import {
  WISH_MAX_RTP_PPM,
  WISHING_WELL_PATHS,
  type WishingWellListResponse,
  type WishRecordsResponse,
  type WishResponse,
} from '@kaixiang/shared/wishing-well';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { adminAudit } from '../../db/schema/admin.ts';
import { fairSeeds } from '../../db/schema/boxes.ts';
import { userItems } from '../../db/schema/items.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { wishEntries, wishes } from '../../db/schema/wishing-well.ts';
import { readActiveSeed } from '../boxes/fair-seeds.ts';
import { balancesOf } from '../ledger/ledger.ts';

/** Wishing: a hit grants the item, a miss does not, both pay once; a refusal changes nothing. */
describe('wishing well', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await registerUser(t, { nick_name: '运营' });
    await setRole(t, admin, 'admin');
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const db = () => t.rt.database.db;
  const list = async (u?: TestUser, lang?: string) =>
    (
      await t.api<WishingWellListResponse>('GET', WISHING_WELL_PATHS.list, {
        ...(u ? { headers: bearer(u.tokens.access_token) } : {}),
        ...(lang ? { lang } : {}),
      })
    ).body;
  const wish = (
    u: TestUser,
    e: { id: number; price: number; chance_ppm: number },
    o: { requestId?: string; lang?: string } = {},
  ) =>
    t.api<WishResponse>('POST', WISHING_WELL_PATHS.wish, {
      headers: bearer(u.tokens.access_token),
      body: { entry_id: e.id, price: e.price, chance_ppm: e.chance_ppm, request_id: o.requestId ?? randomUUID() },
      ...(o.lang ? { lang: o.lang } : {}),
    });
  const adminCall = (path: string, body: Record<string, unknown>, who: TestUser = admin) =>
    t.api<AdminWishEntry>('POST', path, { headers: bearer(who.tokens.access_token), body });
  const seededQ3 = async () => {
    const [row] = await db().select().from(wishEntries).where(eq(wishEntries.slug, 'q3_points'));
    if (!row) throw new Error('no seeded entry');
    return row;
  };
  /** The roll the player's next wish will get: read from their active pair, as the dev tools steer a roll. */
  const nextRoll = async (userId: number) => {
    const seed = await readActiveSeed(db(), userId, new Date());
    return {
      seed,
      roll: rollWish({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce }).roll,
    };
  };
  /** An entry of the seeded q3 item at `chance`, priced (in `currency`) to return about 90 %. */
  const entryAt = async (currency: 'point' | 'coin', chance: number) => {
    const q3 = await seededQ3();
    const units = Math.ceil((chance * q3.worthUnits) / 900_000);
    const price = currency === 'point' ? Math.ceil(units / 100) : units;
    const res = await adminCall(ADMIN_WISHING_WELL_PATHS.create, {
      item_id: q3.itemDefId,
      exter: q3.exter,
      currency,
      price,
      chance_ppm: chance,
      reason: 'test',
    });
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const footprint = async (userId: number) => ({
    balances: await balancesOf(db(), userId),
    wishes: (await db().select().from(wishes).where(eq(wishes.userId, userId))).length,
    items: (await db().select().from(userItems).where(eq(userItems.userId, userId))).length,
    nonce: (
      await db()
        .select({ n: fairSeeds.nonce })
        .from(fairSeeds)
        .where(and(eq(fairSeeds.userId, userId), isNull(fairSeeds.revealedAt)))
    )[0]?.n,
  });

  it('lists the seeded entries with chance and return to a guest, and balances to a player', async () => {
    const guest = await list(undefined, 'en-US');
    expect(guest.code).toBe(200);
    expect(guest.data.points).toBeNull();
    // The four defaults: two for points, two for coins (one a ★ knife).
    expect(guest.data.list).toHaveLength(4);
    expect(guest.data.list.filter((e) => e.quality === 7)).toHaveLength(1);
    expect(new Set(guest.data.list.map((e) => e.currency))).toEqual(new Set(['point', 'coin']));
    for (const e of guest.data.list) {
      expect(e.img).toMatch(/./);
      expect(e.chance_ppm).toBeGreaterThan(0);
      expect(e.rtp_ppm).toBeGreaterThan(850_000);
      expect(e.rtp_ppm).toBeLessThanOrEqual(WISH_MAX_RTP_PPM);
    }
    const u = await registerUser(t);
    await credit(t, u.userId, 300, 'point');
    const mine = await list(u);
    expect(mine.data).toMatchObject({ points: 300, money: 0 });
    // The activity centre leads to it (row 8).
    const acts = await t.api<ActivitiesResponse>('GET', SITE_PATHS.activities, { lang: 'zh-CN' });
    expect(acts.body.data.activities.find((a) => a.path === '/activity/wishingWell')).toMatchObject({
      title: '许愿池',
      state: 'running',
    });
  });

  it('a wish that hits: pays once, grants the item, advances the nonce by one, verifiable after rotation', async () => {
    const u = await registerUser(t);
    const { seed, roll } = await nextRoll(u.userId);
    const entry = await entryAt('coin', Math.min(1_000_000, roll + 1));
    await credit(t, u.userId, entry.price + 5);
    const res = await wish(u, entry);
    expect(res.body.code).toBe(200);
    const w = res.body.data.wish;
    expect(w).toMatchObject({ hit: true, roll, chance_ppm: entry.chance_ppm, price: entry.price, currency: 'coin' });
    expect(w.proof).toMatchObject({ nonce: seed.nonce, client_seed: seed.clientSeed, server_seed: null });
    expect(res.body.data.money).toBe(5);
    const [item] = await db().select().from(userItems).where(eq(userItems.userId, u.userId));
    expect(item).toMatchObject({
      id: w.user_item_id,
      source: 'wishing_well',
      itemDefId: entry.item_id,
      priceUnits: entry.worth,
    });
    expect((await footprint(u.userId)).nonce).toBe(seed.nonce + 1);
    const transfers = await db()
      .select()
      .from(ledgerTransfers)
      .where(
        eq(
          ledgerTransfers.idemKey,
          `wishing_well:${u.userId}:${(await db().select().from(wishes).where(eq(wishes.id, w.id)))[0]?.requestId}`,
        ),
      );
    expect(transfers).toHaveLength(1);
    expect(transfers[0]?.kind).toBe('wishing_well');

    await t.api('POST', FAIRNESS_PATHS.rotate, { headers: bearer(u.tokens.access_token), body: {} });
    const records = await t.api<WishRecordsResponse>('GET', `${WISHING_WELL_PATHS.records}?page=1&page_size=10`, {
      headers: bearer(u.tokens.access_token),
    });
    const p = records.body.data.list[0];
    if (!p?.proof.server_seed) throw new Error('seed not revealed');
    expect(
      verifyWish({
        serverSeed: p.proof.server_seed,
        serverSeedHash: p.proof.server_seed_hash,
        clientSeed: p.proof.client_seed,
        nonce: p.proof.nonce,
        chancePpm: p.chance_ppm,
        roll: p.roll,
        hit: p.hit,
      }).valid,
    ).toBe(true);
  });

  it('a wish that misses: pays in points, grants nothing; a retry of the request pays once', async () => {
    const u = await registerUser(t);
    const { roll } = await nextRoll(u.userId);
    const entry = await entryAt('point', Math.max(1, roll));
    await credit(t, u.userId, entry.price * 2, 'point');
    const requestId = randomUUID();
    const res = await wish(u, entry, { requestId });
    expect(res.body.code).toBe(200);
    expect(res.body.data.wish).toMatchObject({ hit: roll < Math.max(1, roll), roll, user_item_id: null });
    expect(res.body.data.wish.hit).toBe(false);
    expect(res.body.data.points).toBe(entry.price);
    const again = await wish(u, entry, { requestId });
    expect(again.body.data.wish.id).toBe(res.body.data.wish.id);
    expect(again.body.data.points).toBe(entry.price);
    const other = await entryAt('point', 1000);
    const reused = await wish(u, other, { requestId });
    expect(reused.body.code).toBe(ERRORS.REQUEST_ID_REUSED.code);
    const f = await footprint(u.userId);
    expect(f).toMatchObject({ wishes: 1, items: 0, balances: { point: entry.price } });
  });

  it('refusals change nothing: short of points (three languages) or coins, changed terms, a withdrawn entry', async () => {
    const u = await registerUser(t);
    await readActiveSeed(db(), u.userId, new Date());
    const points = await entryAt('point', 100_000);
    const coins = await entryAt('coin', 100_000);
    await credit(t, u.userId, points.price - 1, 'point');
    const before = await footprint(u.userId);
    const messages = {
      'zh-CN': '积分不足，无法许愿',
      'zh-TW': '積分不足，無法許願',
      'en-US': 'You do not have enough points to make this wish',
    };
    for (const [lang, msg] of Object.entries(messages)) {
      const res = await wish(u, points, { lang });
      expect(res.body).toMatchObject({ code: ERRORS.WISH_POINTS_SHORT.code, msg });
    }
    expect((await wish(u, coins)).body.code).toBe(ERRORS.WISH_COIN_SHORT.code);
    expect((await wish(u, { ...points, price: points.price - 1 })).body.code).toBe(ERRORS.WISH_TERMS_CHANGED.code);
    expect((await wish(u, { ...points, chance_ppm: 1 })).body.code).toBe(ERRORS.WISH_TERMS_CHANGED.code);
    await adminCall(ADMIN_WISHING_WELL_PATHS.withdraw, { id: points.id, reason: 'test' });
    await credit(t, u.userId, 1, 'point');
    const res = await wish(u, points, { lang: 'en-US' });
    expect(res.body).toMatchObject({ code: ERRORS.WISH_ENTRY_NOT_FOUND.code, msg: 'This wish is not on offer' });
    expect(await footprint(u.userId)).toEqual({ ...before, balances: { ...before.balances, point: points.price } });
  });

  it('admin: players are refused, a return above 95 % is refused unrecorded, changes are audited with who', async () => {
    const player = await registerUser(t);
    const q3 = await seededQ3();
    expect(
      (
        await adminCall(
          ADMIN_WISHING_WELL_PATHS.create,
          { item_id: q3.itemDefId, currency: 'coin', price: 1, chance_ppm: 1 },
          player,
        )
      ).status,
    ).toBe(403);
    const audits = async () => (await db().select().from(adminAudit)).length;
    const n = await audits();
    const tooHigh = await adminCall(ADMIN_WISHING_WELL_PATHS.create, {
      item_id: q3.itemDefId,
      exter: q3.exter,
      currency: 'coin',
      price: q3.worthUnits,
      chance_ppm: 960_000,
    });
    expect(tooHigh.body.code).toBe(ERRORS.WISH_RTP_TOO_HIGH.code);
    expect(
      (
        await adminCall(ADMIN_WISHING_WELL_PATHS.create, {
          item_id: q3.itemDefId,
          currency: 'coin',
          price: 0,
          chance_ppm: 1,
        })
      ).body.code,
    ).not.toBe(200);
    expect(await audits()).toBe(n);
    const made = await entryAt('coin', 500_000);
    expect(made.rtp_ppm).toBeLessThanOrEqual(WISH_MAX_RTP_PPM);
    const raise = await adminCall(ADMIN_WISHING_WELL_PATHS.update, { id: made.id, chance_ppm: 600_000, reason: 'x' });
    expect(raise.body.code).toBe(ERRORS.WISH_RTP_TOO_HIGH.code);
    const ok = await adminCall(ADMIN_WISHING_WELL_PATHS.update, {
      id: made.id,
      price: made.price * 2,
      reason: 'cheaper odds',
    });
    expect(ok.body.data).toMatchObject({ price: made.price * 2, chance_ppm: 500_000 });
    const rows = await db()
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, `wish_entry:${made.id}`));
    expect(rows.map((r) => r.action).sort()).toEqual(['wishing_well.create', 'wishing_well.update']);
    expect(rows.every((r) => r.adminId === admin.userId)).toBe(true);
  });
});
