import { randomUUID } from 'node:crypto';
import { verifyBag } from '@kaixiang/game/bags';
import { ADMIN_PATHS, type AuditLogResponse } from '@kaixiang/shared/admin';
import { ADMIN_BAG_PATHS, type AdminCampaign } from '@kaixiang/shared/admin-bags';
import { BAG_PATHS, type BagRecordResponse, type BagTableResponse } from '@kaixiang/shared/bags';
import { BOX_PATHS, type BoxListResponse, type OpenBoxResponse } from '@kaixiang/shared/boxes';
import { FAIRNESS_PATHS } from '@kaixiang/shared/boxes-paths';
import {
  ADMIN_ENERGY_PATHS,
  type AdminEnergyLevel,
  ENERGY_PATHS,
  type EnergyInfoResponse,
  type EnergyOpenResponse,
} from '@kaixiang/shared/energy';
import { ERRORS } from '@kaixiang/shared/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { balancesOf } from '../ledger/ledger.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The energy box through HTTP on the embedded database: energy from real openings, levels, once a week, fairness, admin. */
describe('energy box: get-info, open, the admin API', () => {
  const clock = fakeClock();
  let t: TestApp;
  let admin: TestUser;
  let box: { box_id: number; price: number };
  let level1: AdminEnergyLevel;
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { BOX_TICKER_DELAY_MS: '0' } });
    admin = await registerUser(t, { nick_name: '运营' });
    await setRole(t, admin, 'admin');
    const list = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const cheapest = list.categories.flatMap((c) => c.boxes).sort((a, b) => a.price - b.price)[0];
    if (!cheapest) throw new Error('no boxes');
    box = cheapest;
    const levels = (await as<{ list: AdminEnergyLevel[] }>(admin, ADMIN_ENERGY_PATHS.levels)).body.data.list;
    const first = levels.find((l) => l.level === 1);
    if (!first) throw new Error('no seeded level 1');
    // Level 1 at two openings of the cheapest box, so a test reaches it with real openings.
    const changed = await as<AdminEnergyLevel>(admin, ADMIN_ENERGY_PATHS.updateLevel, {
      id: first.id,
      energy: box.price * 2,
      reason: '测试',
    });
    expect(changed.body.code).toBe(200);
    level1 = changed.body.data;
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  function as<T>(u: TestUser, path: string, body?: unknown, lang?: string) {
    return t.api<T>(body === undefined ? 'GET' : 'POST', path, {
      headers: bearer(u.tokens.access_token),
      ...(body === undefined ? {} : { body }),
      ...(lang ? { lang } : {}),
    });
  }
  const info = async (u: TestUser, lang?: string) => {
    const res = await as<EnergyInfoResponse>(u, ENERGY_PATHS.info, undefined, lang);
    expect(res.body.code).toBe(200);
    return res.body.data;
  };
  const openLevel = (u: TestUser, levelId: number, lang?: string) =>
    as<EnergyOpenResponse>(u, ENERGY_PATHS.open, { level_id: levelId }, lang);
  const openBox = async (u: TestUser) => {
    const res = await as<OpenBoxResponse>(u, BOX_PATHS.open, {
      box_id: box.box_id,
      count: 1,
      request_id: randomUUID(),
    });
    expect(res.body.code).toBe(200);
  };
  const coins = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;
  const energyBags = async (u: TestUser) =>
    (await as<BagRecordResponse>(u, `${BAG_PATHS.record}?page=1&page_size=50`)).body.data.list.filter(
      (b) => b.source === 'energy',
    );

  it('needs a login', async () => {
    expect((await t.api('GET', ENERGY_PATHS.info)).body.code).toBe(401);
    expect((await t.api('POST', ENERGY_PATHS.open, { body: { level_id: 1 } })).body.code).toBe(401);
  });

  it('refuses a level not reached with the spec’s message, and gives nothing', async () => {
    const u = await registerUser(t);
    const before = await info(u);
    expect(before.energy).toBe(0);
    expect(before.levels.map((l) => l.state)).toEqual(before.levels.map(() => 'locked'));
    expect(before.levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5]);
    for (const l of before.levels) {
      expect(l.table.entries.reduce((s, e) => s + e.tickets, 0)).toBe(l.table.ticket_total);
      expect(l.table.ev).toBeGreaterThan(0);
    }
    const zh = await openLevel(u, level1.id);
    expect(zh.status).toBe(409);
    expect(zh.body).toMatchObject({ code: ERRORS.ENERGY_LEVEL_NOT_REACHED.code, msg: '您还未达到该能量等级' });
    const en = await openLevel(u, level1.id, 'en-US');
    expect(en.body.msg).toBe("You haven't reached the energy level yet");
    const tw = await openLevel(u, level1.id, 'zh-TW');
    expect(tw.body.msg).toBe('您還未達到該能量等級');
    // One opening is not enough either.
    await credit(t, u.userId, box.price);
    await openBox(u);
    expect((await info(u)).energy).toBe(box.price);
    expect((await openLevel(u, level1.id)).body.code).toBe(ERRORS.ENERGY_LEVEL_NOT_REACHED.code);
    expect(await energyBags(u)).toEqual([]);
    expect((await openLevel(u, 999_999)).body.code).toBe(ERRORS.ENERGY_LEVEL_NOT_FOUND.code);
  });

  it('counts real box openings as energy; a reached level opens once a week from its table', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, box.price * 2);
    await openBox(u);
    await openBox(u);
    const reached = await info(u);
    expect(reached.energy).toBe(box.price * 2);
    const l1 = reached.levels.find((l) => l.id === level1.id);
    expect(l1?.state).toBe('open');
    expect(reached.levels.filter((l) => l.level > 1).every((l) => l.state === 'locked')).toBe(true);

    const before = await coins(u);
    const res = await openLevel(u, level1.id);
    expect(res.body.code).toBe(200);
    const r = res.body.data;
    const entry = l1?.table.entries.find((e) => r.proof.ticket >= e.ticket_from && r.proof.ticket < e.ticket_to);
    expect(entry?.amount).toBe(r.get_money);
    expect(r).toMatchObject({ level: 1, name: '青铜能量箱', money: before + r.get_money });
    expect(r.proof.table_hash).toBe(l1?.table.table_hash);
    expect(await coins(u)).toBe(before + r.get_money);

    const after = await info(u);
    expect(after.levels.find((l) => l.id === level1.id)).toMatchObject({
      state: 'opened',
      opened: { bag_id: r.bag_id, get_money: r.get_money },
    });
    const again = await openLevel(u, level1.id, 'en-US');
    expect(again.body).toMatchObject({
      code: ERRORS.ENERGY_ALREADY_OPENED.code,
      msg: 'You have already opened this energy box this week',
    });
    expect(await coins(u)).toBe(before + r.get_money);
    // The opening is a bag in the player's record, opened, source energy.
    expect((await energyBags(u)).map((b) => [b.id, b.state, b.get_money])).toEqual([[r.bag_id, 1, r.get_money]]);
  });

  it('draws with the player’s seed pair: the opening verifies once the pair is rotated', async () => {
    const u = await registerUser(t);
    await as(u, FAIRNESS_PATHS.setClientSeed, { client_seed: 'energy-seed' });
    await credit(t, u.userId, box.price * 2);
    await openBox(u);
    await openBox(u);
    const r = (await openLevel(u, level1.id)).body.data;
    expect(r.proof).toMatchObject({ client_seed: 'energy-seed', server_seed: null });
    await as(u, FAIRNESS_PATHS.rotate, {});
    const [bag] = await energyBags(u);
    const p = bag?.proof;
    if (!bag || !p?.server_seed) throw new Error('the energy bag has no revealed seed');
    expect(bag.id).toBe(r.bag_id);
    const table = (
      await t.api<BagTableResponse>(
        'GET',
        `${BAG_PATHS.table}?campaign_id=${bag.campaign_id}&version=${p.table_version}`,
      )
    ).body.data;
    const check = verifyBag({
      serverSeed: p.server_seed,
      serverSeedHash: p.server_seed_hash,
      clientSeed: p.client_seed,
      nonce: p.nonce,
      entries: table.entries.map((e) => ({ amountUnits: e.amount, tickets: e.tickets })),
      tableHash: p.table_hash,
      ticket: p.ticket,
      amountUnits: r.get_money,
    });
    expect(check.valid).toBe(true);
  });

  it('admin API: players refused; levels checked, audited with who made the change', async () => {
    const player = await registerUser(t);
    for (const [path, body] of [
      [ADMIN_ENERGY_PATHS.levels, undefined],
      [ADMIN_ENERGY_PATHS.createLevel, { level: 9, energy: 1, campaign_id: 1 }],
      [ADMIN_ENERGY_PATHS.updateLevel, { id: level1.id, enabled: false }],
    ] as const) {
      const res = await as(player, path, body);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ERRORS.ADMIN_ONLY.code);
    }
    const campaigns = (await as<{ list: AdminCampaign[] }>(admin, ADMIN_BAG_PATHS.campaigns)).body.data.list;
    const grant = campaigns.find((c) => c.kind === 'grant');
    const energyCampaign = campaigns.find((c) => c.kind === 'energy');
    if (!grant || !energyCampaign) throw new Error('seeded campaigns missing');
    const wrongKind = await as(admin, ADMIN_ENERGY_PATHS.createLevel, {
      level: 9,
      energy: 10_000,
      campaign_id: grant.id,
    });
    expect(wrongKind.body.code).toBe(ERRORS.ENERGY_CAMPAIGN_INVALID.code);
    const taken = await as(admin, ADMIN_ENERGY_PATHS.createLevel, {
      level: 1,
      energy: 10_000,
      campaign_id: energyCampaign.id,
    });
    expect(taken.body.code).toBe(ERRORS.ENERGY_LEVEL_TAKEN.code);
    const bad = await as(admin, ADMIN_ENERGY_PATHS.createLevel, { level: 0, energy: -1, campaign_id: 1 });
    expect(bad.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    expect((await as<{ list: AdminEnergyLevel[] }>(admin, ADMIN_ENERGY_PATHS.levels)).body.data.list).toHaveLength(5);

    const made = await as<AdminEnergyLevel>(admin, ADMIN_ENERGY_PATHS.createLevel, {
      level: 6,
      energy: 1_000_000_000,
      campaign_id: energyCampaign.id,
      reason: '新等级',
    });
    expect(made.body.code).toBe(200);
    expect(made.body.data).toMatchObject({ level: 6, enabled: true, ev: energyCampaign.table.ev });
    const off = await as<AdminEnergyLevel>(admin, ADMIN_ENERGY_PATHS.updateLevel, {
      id: made.body.data.id,
      enabled: false,
      reason: '下线',
    });
    expect(off.body.data.enabled).toBe(false);
    // A disabled level is not shown and cannot be opened.
    expect((await info(player)).levels.some((l) => l.level === 6)).toBe(false);
    expect((await openLevel(player, made.body.data.id)).body.code).toBe(ERRORS.ENERGY_LEVEL_NOT_FOUND.code);

    const log = (await as<AuditLogResponse>(admin, `${ADMIN_PATHS.auditLog}?action=energy.level`)).body.data.list;
    const targets = log.map((a) => [a.action, a.target, a.admin_id]);
    expect(targets).toContainEqual(['energy.level.create', `energy_level:${made.body.data.id}`, admin.userId]);
    expect(targets).toContainEqual(['energy.level.update', `energy_level:${made.body.data.id}`, admin.userId]);
    expect(targets).toContainEqual(['energy.level.update', `energy_level:${level1.id}`, admin.userId]);
    // Refused changes recorded nothing.
    expect(log.filter((a) => a.action === 'energy.level.create')).toHaveLength(1);
  });

  it('a new China week starts from no energy: an opened level is locked again until reached again', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, box.price * 2);
    await openBox(u);
    await openBox(u);
    expect((await openLevel(u, level1.id)).body.code).toBe(200);
    clock.advance(WEEK_MS);
    const relogged = await login(t, u.mobile, u.password);
    expect(relogged.body.code).toBe(200);
    const fresh = { ...u, tokens: relogged.body.data };
    const next = await info(fresh);
    expect(next.energy).toBe(0);
    expect(next.levels.find((l) => l.id === level1.id)).toMatchObject({ state: 'locked', opened: null });
    expect((await openLevel(fresh, level1.id)).body.code).toBe(ERRORS.ENERGY_LEVEL_NOT_REACHED.code);
    await credit(t, u.userId, box.price * 2);
    await openBox(fresh);
    await openBox(fresh);
    expect((await openLevel(fresh, level1.id)).body.code).toBe(200);
    expect((await energyBags(fresh)).map((b) => b.state)).toEqual([1, 1]);
  });
});
