import { randomUUID } from 'node:crypto';
import { BOX_PATHS, type BoxListResponse, type OpenBoxResponse } from '@kaixiang/shared/boxes';
import { RTP_WINDOW_DAYS, type RtpResponse, TRANSPARENCY_PATHS } from '@kaixiang/shared/transparency';
import { UPGRADE_PATHS, type UpgradeListResponse, type UpgradeResponse } from '@kaixiang/shared/upgrade';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { boxOpenings, upgradeRecords } from '../../db/schema/games.ts';
import { rtpSnapshots } from '../../db/schema/transparency.ts';

const DAY_MS = 86_400_000;

describe('the public realised-RTP page', () => {
  // 16:00 China time: the next China day begins 8 hours later.
  const clock = fakeClock();
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let boxes: { box_id: number; price: number }[];
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { BOX_TICKER_DELAY_MS: '0' } });
    a = await registerUser(t, { nick_name: '透明甲' });
    b = await registerUser(t, { nick_name: '透明乙' });
    const list = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    boxes = list.categories
      .flatMap((c) => c.boxes)
      .sort((x, y) => x.price - y.price)
      .slice(0, 2);
    for (const u of [a, b]) await credit(t, u.userId, 100_000_000);
  });
  afterAll(() => t.close());

  const db = () => t.rt.database.db;
  const open = async (u: TestUser, boxId: number, count: number) => {
    const res = await asUser<OpenBoxResponse>(t, u.tokens.access_token, 'POST', BOX_PATHS.open, {
      box_id: boxId,
      count,
      request_id: randomUUID(),
    });
    expect(res.body.code).toBe(200);
  };
  const upgrade = async (u: TestUser) => {
    const list = await t.api<UpgradeListResponse>('POST', UPGRADE_PATHS.list, {
      body: { min_price: 200_000, page_size: 1, sort: 'price_asc' },
    });
    const target = list.body.data.list[0];
    if (!target) throw new Error('no upgrade target');
    const res = await t.api<UpgradeResponse>('POST', UPGRADE_PATHS.upgrade, {
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
      body: {
        request_id: randomUUID(),
        upgrade_item_id: target.upgrade_item_id,
        item_ids: [],
        balance: Math.floor((target.price * 0.4) / 100) * 100,
      },
    });
    expect(res.body.code).toBe(200);
  };
  const read = async (lang?: string) => {
    const res = await t.api<RtpResponse>('GET', TRANSPARENCY_PATHS.rtp, lang ? { lang } : {});
    expect(res.body.code).toBe(200);
    return res.body.data;
  };

  it('answers what the rows say, per box and for the upgrade, with the range chance allows', async () => {
    const [cheap, second] = boxes;
    if (!cheap || !second) throw new Error('need two boxes');
    await open(a, cheap.box_id, 10);
    await open(b, cheap.box_id, 5);
    await open(b, second.box_id, 1);
    for (let i = 0; i < 4; i++) await upgrade(i % 2 ? a : b);
    // A free opening (the energy box writes box_price_units 0): left out of the figures, counted.
    await db()
      .insert(boxOpenings)
      .values({
        userId: a.userId,
        boxId: cheap.box_id,
        itemDefId: 1,
        priceUnits: 12_345,
        boxPriceUnits: 0,
        createdAt: new Date(clock.now()),
      });
    // An opening older than the window is left out.
    await db()
      .insert(boxOpenings)
      .values({
        userId: a.userId,
        boxId: second.box_id,
        itemDefId: 1,
        priceUnits: 99_999_999,
        boxPriceUnits: second.price,
        createdAt: new Date(clock.now() - (RTP_WINDOW_DAYS + 1) * DAY_MS),
      });
    clock.advance(1_000);

    const r = await read();
    expect(r.computed_at).toBe(clock.now());
    expect(r.window_start).toBe(clock.now() - RTP_WINDOW_DAYS * DAY_MS);
    expect(r.window_days).toBe(30);
    expect(r.sigmas).toBe(3);
    expect(r.free_openings_excluded).toBe(1);

    const rows = (await db().select().from(boxOpenings)).filter(
      (o) => o.boxPriceUnits > 0 && o.createdAt.getTime() >= r.window_start,
    );
    for (const box of [cheap, second]) {
      const mine = rows.filter((o) => o.boxId === box.box_id);
      const fig = r.boxes.find((x) => x.box_id === box.box_id);
      if (!fig) throw new Error(`box ${box.box_id} missing`);
      const paid = mine.reduce((s, o) => s + o.boxPriceUnits, 0);
      const won = mine.reduce((s, o) => s + o.priceUnits, 0);
      expect(fig.n).toBe(mine.length);
      expect(fig.paid).toBe(paid);
      expect(fig.won).toBe(won);
      expect(fig.realised_rtp).toBeCloseTo(won / paid, 12);
      expect(fig.published_rtp).toBeGreaterThan(0.85);
      expect(fig.published_rtp).toBeLessThanOrEqual(0.9);
      expect(fig.range?.low).toBeLessThan(fig.published_rtp ?? 0);
      expect(fig.range?.high).toBeGreaterThan(fig.published_rtp ?? 0);
      expect(fig.inside).toBe(won / paid >= (fig.range?.low ?? 0) && won / paid <= (fig.range?.high ?? 0));
      expect(fig.name).not.toBe('');
    }
    expect(r.boxes.find((x) => x.box_id === cheap.box_id)?.n).toBe(15);
    // Boxes nobody opened are listed with n = 0 and no range.
    const idle = r.boxes.find((x) => x.n === 0);
    expect(idle).toMatchObject({ paid: 0, won: 0, realised_rtp: null, range: null, inside: null });

    const ups = await db().select().from(upgradeRecords);
    const upgradeRow = r.games.find((g) => g.game === 'upgrade');
    const upPaid = ups.reduce((s, u) => s + u.stakeUnits, 0);
    const upWon = ups.reduce((s, u) => s + (u.success ? u.targetPriceUnits : 0), 0);
    expect(upgradeRow).toMatchObject({ n: 4, paid: upPaid, won: upWon });
    expect(upgradeRow?.realised_rtp).toBeCloseTo(upWon / upPaid, 12);
    expect(upgradeRow?.published_rtp).toBeCloseTo(0.95, 9);
    const expected = ups.reduce((s, u) => s + (u.ratePpm / 1e6) * u.targetPriceUnits, 0);
    expect(upgradeRow?.expected).toBeCloseTo(expected, 3);
    // No battles or turntable rounds were played: listed, empty.
    expect(r.games.map((g) => g.game).sort()).toEqual(['battle', 'turntable', 'upgrade']);
    expect(r.games.find((g) => g.game === 'turntable')).toMatchObject({ n: 0, published_rtp: 0.96, range: null });
    expect(JSON.stringify(r)).not.toContain('透明');
  });

  it('answers the same snapshot all day, in the request’s language, then a new one the next day', async () => {
    const first = await read();
    const [cheap] = boxes;
    if (!cheap) throw new Error('need a box');
    await open(a, cheap.box_id, 5);
    clock.advance(3 * 3_600_000);
    const again = await read();
    expect(again).toEqual(first);
    const en = await read('en-US');
    expect(en.computed_at).toBe(first.computed_at);
    expect(en.boxes.find((x) => x.box_id === cheap.box_id)?.name).not.toBe(
      first.boxes.find((x) => x.box_id === cheap.box_id)?.name,
    );
    // The leader's job writes nothing more the same China day.
    expect(await t.app.transparency.refreshIfDue()).toBe(false);
    const daysBefore = new Set((await db().select().from(rtpSnapshots)).map((s) => s.day));
    expect(daysBefore.size).toBe(1);

    clock.advance(6 * 3_600_000); // past midnight, China time
    expect(await t.app.transparency.refreshIfDue()).toBe(true);
    expect(await t.app.transparency.refreshIfDue()).toBe(false);
    const next = await read();
    expect(next.computed_at).toBe(clock.now());
    expect(next.boxes.find((x) => x.box_id === cheap.box_id)?.n).toBe(20);
    const rows = await db().select().from(rtpSnapshots);
    expect(new Set(rows.map((s) => s.day)).size).toBe(2);
    // One row per box and game per day, and the window's own.
    expect(rows.filter((s) => s.day === rows.at(-1)?.day).length).toBe(next.boxes.length + 3 + 1);
  });
});
