import { randomUUID } from 'node:crypto';
import { priceForRtp } from '@kaixiang/game/box-design';
import { oddsHash } from '@kaixiang/game/fair';
import { ADMIN_PATHS, type AuditLogResponse } from '@kaixiang/shared/admin';
import {
  ADMIN_BOX_PATHS,
  type AdminBoxDetail,
  type AdminBoxEvaluation,
  type AdminBoxListResponse,
  type AdminRtpBounds,
} from '@kaixiang/shared/admin-boxes';
import {
  BOX_PATHS,
  type BoxListResponse,
  type ContainsResponse,
  type OpenBoxResponse,
  type SelfHistoryEntry,
} from '@kaixiang/shared/boxes';
import { ERRORS } from '@kaixiang/shared/errors';
import { gt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { itemDefs } from '../../../db/schema/catalogue.ts';
import { seedBoxes } from '../../boxes/boxes.seed.ts';

/** The console's boxes: versions, previews, refusals, publishing and the audit trail. */
describe('admin API: boxes', () => {
  let t: TestApp;
  let admin: TestUser;
  let support: TestUser;
  let player: TestUser;
  let starter: AdminBoxDetail;
  beforeAll(async () => {
    t = await startTestApp({ env: { BOX_TICKER_DELAY_MS: '0' } });
    [admin, support, player] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    await setRole(t, admin, 'admin');
    await setRole(t, support, 'support');
    const list = (await as<AdminBoxListResponse>(admin, ADMIN_BOX_PATHS.list)).body.data.list;
    const id = list.find((b) => b.slug === 'theme:starter')?.box_id;
    starter = (await as<AdminBoxDetail>(admin, `${ADMIN_BOX_PATHS.detail}?box_id=${id}`)).body.data;
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const as = <T>(u: TestUser, path: string, body?: unknown, lang?: string) =>
    t.api<T>(body === undefined ? 'GET' : 'POST', path, {
      headers: bearer(u.tokens.access_token),
      ...(body === undefined ? {} : { body }),
      ...(lang ? { lang } : {}),
    });
  const audit = async (action: string) =>
    (await as<AuditLogResponse>(admin, `${ADMIN_PATHS.auditLog}?action=${action}`)).body.data.list;
  const detail = async (boxId: number) =>
    (await as<AdminBoxDetail>(admin, `${ADMIN_BOX_PATHS.detail}?box_id=${boxId}`)).body.data;
  const siteBoxes = async () =>
    (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data.categories.flatMap((c) => c.boxes);
  /** Two of the starter box's own entries at 90 % / 10 %, and a price for about a 90 % return. */
  const table = () => {
    const [a, b] = starter.current.entries;
    if (!a || !b) throw new Error('the starter box has fewer than two entries');
    const contents = [
      { item_id: a.item_id, exter: a.exter, tickets: 900_000 },
      { item_id: b.item_id, exter: b.exter, tickets: 100_000 },
    ];
    const ev = Math.floor((900_000 * a.price + 100_000 * b.price) / 1_000_000);
    return { contents, ev, price: priceForRtp(ev, 9_000) };
  };

  it('refuses a support role and a player on every route, and changes nothing', async () => {
    const { contents, price } = table();
    const routes: [string, unknown][] = [
      [ADMIN_BOX_PATHS.list, undefined],
      [`${ADMIN_BOX_PATHS.detail}?box_id=${starter.box.box_id}`, undefined],
      [ADMIN_BOX_PATHS.preview, { price, contents }],
      [ADMIN_BOX_PATHS.saveVersion, { box_id: starter.box.box_id, price, contents, reason: 'x' }],
      [ADMIN_BOX_PATHS.publish, { box_id: starter.box.box_id, published: false, reason: 'x' }],
      [ADMIN_BOX_PATHS.rtpBounds, undefined],
      [ADMIN_BOX_PATHS.setRtpBounds, { min_bp: 1, max_bp: 10_000, reason: 'x' }],
    ];
    for (const [path, body] of routes) {
      const s = await as(support, path, body, 'en-US');
      expect([s.status, s.body.code]).toEqual([403, ERRORS.STAFF_PERMISSION_MISSING.code]);
      const p = await as(player, path, body, 'en-US');
      expect([p.status, p.body.code]).toEqual([403, ERRORS.ADMIN_ONLY.code]);
    }
    expect((await detail(starter.box.box_id)).box.version).toBe(1);
    expect(await audit('box')).toEqual([]);
  });

  it('shows a box with its current contents, EV, RTP and versions', () => {
    expect(starter.box).toMatchObject({ slug: 'theme:starter', version: 1, published: true });
    expect(starter.current).toMatchObject({ version: 1, ticket_sum: 1_000_000, valid: true, problems: [] });
    expect(starter.current.rtp_bp).toBe(starter.box.rtp_bp);
    expect(starter.current.odds_hash).toMatch(/^[0-9a-f]{64}$/);
    const ev = starter.current.entries.reduce((s, e) => s + e.tickets * e.price, 0) / 1_000_000;
    expect(starter.current.ev).toBe(Math.floor(ev));
    expect(starter.versions).toEqual([
      expect.objectContaining({ version: 1, odds_hash: starter.current.odds_hash, created_by: null }),
    ]);
  });

  it('previews the expected value, RTP and odds of a table without saving it', async () => {
    const { contents, ev, price } = table();
    const res = await as<AdminBoxEvaluation>(admin, ADMIN_BOX_PATHS.preview, { price, contents });
    expect(res.body.data).toMatchObject({
      price,
      ev,
      rtp_bp: Math.floor((ev * 10_000) / price),
      ticket_sum: 1_000_000,
      bounds: { min_bp: 8_500, max_bp: 9_800 },
      within_bounds: true,
      valid: true,
    });
    expect(res.body.data.entries.map((e) => e.odds_pct)).toEqual([90, 10]);
    // Half the price: the RTP doubles, out of bounds, and the preview says so (it refuses nothing).
    const cheap = await as<AdminBoxEvaluation>(admin, ADMIN_BOX_PATHS.preview, {
      price: Math.ceil(price / 2),
      contents,
    });
    expect(cheap.body.data).toMatchObject({ within_bounds: false, valid: false });
    expect(cheap.body.data.problems).toEqual([{ code: 'BOX_RTP_OUT_OF_BOUNDS', entry: null }]);
    const [a, b] = contents;
    const odd = await as<AdminBoxEvaluation>(admin, ADMIN_BOX_PATHS.preview, {
      price,
      contents: [a, { ...b, tickets: 100 }, { item_id: 999_999_999, exter: 3, tickets: 5 }],
    });
    expect(odd.body.data.problems.map((p) => p.code)).toEqual(
      expect.arrayContaining(['BOX_ITEM_UNKNOWN', 'BOX_TICKETS_SUM']),
    );
    expect((await detail(starter.box.box_id)).box.version).toBe(1);
  });

  it('refuses a save outside the RTP bounds, a wrong sum, an unknown item or a stale base, changing nothing', async () => {
    const { contents, price } = table();
    const boxId = starter.box.box_id;
    const [a, b] = contents;
    const [worn] = await t.rt.database.db.select().from(itemDefs).where(gt(itemDefs.wearMin, 0.1)).limit(1);
    const refusals: [unknown, number][] = [
      [{ price: Math.ceil(price / 2), contents }, ERRORS.BOX_RTP_OUT_OF_BOUNDS.code],
      [{ price, contents: [a, { ...b, tickets: 99_999 }] }, ERRORS.BOX_TICKETS_SUM.code],
      [{ price, contents: [a, { ...b, item_id: 999_999_999 }] }, ERRORS.BOX_ITEM_UNKNOWN.code],
      // An item whose floats start above Factory New's (0–0.07) does not come in grade 1.
      [{ price, contents: [a, { ...b, item_id: worn?.id, exter: 1 }] }, ERRORS.BOX_ITEM_WEAR_INVALID.code],
      [{ price, contents, base_version: 7 }, ERRORS.BOX_VERSION_STALE.code],
    ];
    for (const [body, code] of refusals) {
      const res = await as(admin, ADMIN_BOX_PATHS.saveVersion, { box_id: boxId, reason: 'try', ...(body as object) });
      expect(res.body.code).toBe(code);
    }
    const en = await as(
      admin,
      ADMIN_BOX_PATHS.saveVersion,
      { box_id: boxId, price: 1, contents, reason: 'x' },
      'en-US',
    );
    expect(en.body.msg).toMatch(/outside the operator’s bounds/);
    expect(en.body.data).toMatchObject({ bounds: { min_bp: 8_500, max_bp: 9_800 } });
    const zh = await as(admin, ADMIN_BOX_PATHS.saveVersion, { box_id: boxId, price: 1, contents, reason: 'x' });
    expect(zh.body.msg).toBe('返还率超出运营设定的上下限，未保存：请调整价格或概率');
    const after = await detail(boxId);
    expect(after.box.version).toBe(1);
    expect(after.versions).toHaveLength(1);
    expect(await audit('box.version')).toEqual([]);
  });

  it('saves version 2 with a new odds hash, audited, and the next opening rolls against it', async () => {
    const { contents, price } = table();
    const boxId = starter.box.box_id;
    const res = await as<AdminBoxDetail>(admin, ADMIN_BOX_PATHS.saveVersion, {
      box_id: boxId,
      base_version: 1,
      price,
      contents,
      reason: '调整新手箱',
    });
    expect(res.body.code).toBe(200);
    const saved = res.body.data;
    const hash = oddsHash(
      contents.map((c) => ({ itemId: c.item_id, exter: c.exter, tickets: c.tickets })),
      1_000_000,
    );
    expect(saved.current).toMatchObject({ version: 2, odds_hash: hash, price });
    expect(hash).not.toBe(starter.current.odds_hash);
    expect(saved.box).toMatchObject({ version: 2, price, rtp_bp: saved.current.rtp_bp });
    expect(saved.versions.map((v) => [v.version, v.created_by])).toEqual([
      [2, admin.userId],
      [1, null],
    ]);
    expect(await audit('box.version')).toEqual([
      expect.objectContaining({
        admin_id: admin.userId,
        target: `box:${boxId}`,
        reason: '调整新手箱',
        before: {
          version: 1,
          price: starter.box.price,
          rtp_bp: starter.box.rtp_bp,
          odds_hash: starter.current.odds_hash,
        },
        after: { version: 2, price, rtp_bp: saved.current.rtp_bp, odds_hash: hash, ev: saved.current.ev },
      }),
    ]);

    // What a player sees and rolls against now.
    expect((await siteBoxes()).find((b) => b.box_id === boxId)).toMatchObject({ version: 2, price });
    const contains = (await t.api<ContainsResponse>('GET', `${BOX_PATHS.contains}?box_id=${boxId}`)).body.data;
    expect(contains).toMatchObject({ version: 2, odds_hash: hash });
    await credit(t, player.userId, price * 5);
    const opened = await t.api<OpenBoxResponse>('POST', BOX_PATHS.open, {
      headers: bearer(player.tokens.access_token),
      body: { box_id: boxId, count: 5, request_id: randomUUID() },
    });
    expect(opened.body.code).toBe(200);
    expect(opened.body.data.total_price).toBe(price * 5);
    for (const item of opened.body.data.items) {
      expect(item.roll).toMatchObject({ box_version: 2, odds_hash: hash });
      expect(contents.map((c) => c.item_id)).toContain(item.item_id);
    }
    const history = await t.api<{ list: SelfHistoryEntry[] }>('GET', `${BOX_PATHS.selfHistory}?page=1&page_size=10`, {
      headers: bearer(player.tokens.access_token),
    });
    expect(history.body.data.list.length).toBeGreaterThan(0);
    for (const h of history.body.data.list) expect(JSON.stringify(h)).toContain(hash);
    expect((await detail(boxId)).openings).toBe(5);

    // A re-seed (every start) leaves the operator's version alone.
    await seedBoxes(t.rt.database.db);
    expect((await detail(boxId)).box).toMatchObject({ version: 2, price });
  });

  it('reads and changes the RTP bounds (audited); a save outside the new bounds is refused', async () => {
    expect((await as<AdminRtpBounds>(admin, ADMIN_BOX_PATHS.rtpBounds)).body.data).toEqual({
      min_bp: 8_500,
      max_bp: 9_800,
    });
    const bad = await as(admin, ADMIN_BOX_PATHS.setRtpBounds, { min_bp: 9_500, max_bp: 9_000, reason: 'x' });
    expect(bad.body.code).toBe(ERRORS.BOX_RTP_BOUNDS_INVALID.code);
    const set = await as(admin, ADMIN_BOX_PATHS.setRtpBounds, { min_bp: 9_200, max_bp: 9_600, reason: '收紧' });
    expect(set.body.data).toEqual({ min_bp: 9_200, max_bp: 9_600 });
    const { contents, price } = table();
    const res = await as(admin, ADMIN_BOX_PATHS.saveVersion, {
      box_id: starter.box.box_id,
      price,
      contents,
      reason: 'x',
    });
    expect(res.body.code).toBe(ERRORS.BOX_RTP_OUT_OF_BOUNDS.code);
    expect(await audit('box.rtp_bounds')).toEqual([
      expect.objectContaining({
        before: { min_bp: 8_500, max_bp: 9_800 },
        after: { min_bp: 9_200, max_bp: 9_600 },
        reason: '收紧',
      }),
    ]);
    await as(admin, ADMIN_BOX_PATHS.setRtpBounds, { min_bp: 8_500, max_bp: 9_800, reason: '恢复' });
  });

  it('creates a box unpublished; publishing shows it on the site, unpublishing hides it; each audited', async () => {
    const { contents, price } = table();
    const input = {
      slug: 'console-test',
      name_zh_cn: '测试箱',
      name_zh_tw: '測試箱',
      name_en: 'Test Box',
      category_id: 1,
      price,
      contents,
      reason: '新箱子',
    };
    const made = await as<AdminBoxDetail>(admin, ADMIN_BOX_PATHS.create, input);
    expect(made.body.code).toBe(200);
    const boxId = made.body.data.box.box_id;
    expect(made.body.data.box).toMatchObject({ published: false, version: 1, price, slug: 'console-test' });
    expect(made.body.data.box.image).toBe(`/img/boxes/${boxId}.svg`);
    expect((await siteBoxes()).some((b) => b.box_id === boxId)).toBe(false);
    expect((await t.api('GET', `${BOX_PATHS.info}?box_id=${boxId}`)).body.code).toBe(ERRORS.BOX_NOT_FOUND.code);
    expect((await as(admin, ADMIN_BOX_PATHS.create, input)).body.code).toBe(ERRORS.BOX_SLUG_TAKEN.code);
    expect((await as(admin, ADMIN_BOX_PATHS.create, { ...input, slug: 'x-2', category_id: 99 })).body.code).toBe(
      ERRORS.BOX_CATEGORY_UNKNOWN.code,
    );

    const publish = (published: boolean) =>
      as<AdminBoxDetail>(admin, ADMIN_BOX_PATHS.publish, { box_id: boxId, published, reason: '上架检查' });
    expect((await publish(true)).body.data.box.published).toBe(true);
    expect((await siteBoxes()).find((b) => b.box_id === boxId)).toMatchObject({ name: '测试箱', price });
    expect((await publish(true)).body.code).toBe(ERRORS.BOX_PUBLISH_UNCHANGED.code);
    expect((await publish(false)).body.data.box.published).toBe(false);
    expect((await siteBoxes()).some((b) => b.box_id === boxId)).toBe(false);
    expect((await audit('box.create'))[0]).toMatchObject({
      target: `box:${boxId}`,
      after: expect.objectContaining({ slug: 'console-test', published: false, version: 1 }),
    });
    expect((await audit('box.publish'))[0]).toMatchObject({ after: { published: true }, reason: '上架检查' });
    expect((await audit('box.unpublish'))[0]).toMatchObject({
      before: { published: true },
      after: { published: false },
    });
    const all = (await as<AdminBoxListResponse>(admin, ADMIN_BOX_PATHS.list)).body.data.list;
    expect(all.find((b) => b.box_id === boxId)).toMatchObject({ published: false });
  });

  it('changes a box’s names, category and picture without a new odds version, audited; the seed keeps them', async () => {
    const { list, categories } = (await as<AdminBoxListResponse>(admin, ADMIN_BOX_PATHS.list)).body.data;
    // A seed box whose odds are still the seed's: the seed would rewrite everything of it but this.
    const box = list.find((b) => b.slug.startsWith('case:') && b.version === 1);
    const category = categories.find((c) => c.category_id !== box?.category_id);
    if (!box || !category) throw new Error('no seed case box, or one category only');
    const input = {
      box_id: box.box_id,
      name_zh_cn: '改名箱',
      name_zh_tw: '改名箱',
      name_en: 'Renamed Case',
      category_id: category.category_id,
      image: '',
      reason: '活动更名',
    };
    const res = await as<AdminBoxDetail>(admin, ADMIN_BOX_PATHS.updateDetails, input);
    expect(res.body.code).toBe(200);
    expect(res.body.data.box).toMatchObject({
      name_zh_cn: '改名箱',
      name_en: 'Renamed Case',
      category_id: category.category_id,
      image: box.fallback_image,
      version: box.version,
    });
    expect(res.body.data.versions).toHaveLength(1);
    expect((await as(admin, ADMIN_BOX_PATHS.updateDetails, input)).body.code).toBe(ERRORS.BOX_DETAILS_UNCHANGED.code);
    expect(
      (await as(admin, ADMIN_BOX_PATHS.updateDetails, { ...input, category_id: 99, name_en: 'x' })).body.code,
    ).toBe(ERRORS.BOX_CATEGORY_UNKNOWN.code);
    expect((await as(support, ADMIN_BOX_PATHS.updateDetails, { ...input, name_en: 'y' })).status).toBe(403);
    expect((await audit('box.details'))[0]).toMatchObject({
      target: `box:${box.box_id}`,
      before: { name_zh_cn: box.name_zh_cn, category_id: box.category_id, image: box.image },
      after: { name_zh_cn: '改名箱', category_id: category.category_id, image: box.fallback_image },
      reason: '活动更名',
    });
    expect((await siteBoxes()).find((b) => b.box_id === box.box_id)?.name).toBe('改名箱');

    // The next start's seed: the odds are still the seed's, the names and category the operator's.
    await seedBoxes(t.rt.database.db);
    expect((await detail(box.box_id)).box).toMatchObject({
      name_zh_cn: '改名箱',
      category_id: category.category_id,
      version: box.version,
    });
  });
});
