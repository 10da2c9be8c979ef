import { randomUUID } from 'node:crypto';
import { luckyRoll } from '@kaixiang/game/lucky';
import { ADMIN_PATHS, type AuditLogResponse } from '@kaixiang/shared/admin';
import {
  BOX_PATHS,
  type BoxListResponse,
  FAIRNESS_PATHS,
  type OpenBoxResponse,
  type SelfHistoryEntry,
} from '@kaixiang/shared/boxes';
import { ERRORS } from '@kaixiang/shared/errors';
import {
  LUCKY_ADMIN_PATHS,
  LUCKY_PATHS,
  type LuckyActivityResponse,
  type LuckyPlayersResponse,
  type LuckyWindow,
} from '@kaixiang/shared/lucky';
import { and, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { fairSeeds } from '../../db/schema/boxes.ts';
import { boxOpenings } from '../../db/schema/games.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { luckyPlayers } from '../../db/schema/lucky.ts';

const HOUR = 3_600_000;
const AWARD = 88_800;

/**
 * The lucky player through HTTP (PGlite, or PostgreSQL + Redis when TEST_DATABASE_URL is set):
 * the admin API, openings outside and inside a window, steered to a lucky roll.
 */
describe('the lucky player', () => {
  let t: TestApp;
  let admin: TestUser;
  let box: { box_id: number; price: number };
  // The server's clock, moved by the test: a window ends when the test says so.
  const clock = fakeClock();
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { BOX_TICKER_DELAY_MS: '0' } });
    admin = await registerUser(t, { nick_name: '活动管理员' });
    await setRole(t, admin, 'admin');
    const list = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const cheapest = list.categories.flatMap((c) => c.boxes).sort((a, b) => a.price - b.price)[0];
    if (!cheapest) throw new Error('no boxes');
    box = cheapest;
  });
  afterAll(() => t.close());

  const db = () => t.rt.database.db;
  const now = () => t.rt.clock.now();
  const as = <T = unknown>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    asUser<T>(t, u.tokens.access_token, method, path, body);
  const schedule = (body: Record<string, unknown>, u: TestUser = admin) =>
    as<LuckyWindow>(u, 'POST', LUCKY_ADMIN_PATHS.windows, body);
  const open = (u: TestUser, count: number, requestId: string = randomUUID()) =>
    as<OpenBoxResponse>(u, 'POST', BOX_PATHS.open, { box_id: box.box_id, count, request_id: requestId });
  const money = async (u: TestUser) =>
    (await as<{ std_money: number }>(u, 'GET', '/usercenter/v1/user/get-std-money')).body.data.std_money;

  /** A player with money, whose next `count` boxes' lucky rolls satisfy `wanted` (a client seed found for it). */
  async function steeredPlayer(wanted: (rolls: number[]) => boolean, count = 1) {
    const u = await registerUser(t);
    await credit(t, u.userId, box.price * 100);
    await as(u, 'GET', FAIRNESS_PATHS.seed); // makes the active pair
    const [seed] = await db()
      .select()
      .from(fairSeeds)
      .where(and(eq(fairSeeds.userId, u.userId), isNull(fairSeeds.revealedAt)));
    if (!seed) throw new Error('no seed pair');
    for (let i = 0; i < 100_000; i++) {
      const clientSeed = `lucky-${i}`;
      const rolls = Array.from({ length: count }, (_, k) =>
        luckyRoll({ serverSeed: seed.serverSeed, clientSeed, nonce: seed.nonce + k }),
      );
      if (!wanted(rolls)) continue;
      expect((await as(u, 'POST', FAIRNESS_PATHS.setClientSeed, { client_seed: clientSeed })).body.code).toBe(200);
      return { u, rolls };
    }
    throw new Error('no client seed steers there');
  }

  describe('outside a window', () => {
    it('the page says when the next one is (the seeded new-year window), and an opening rolls nothing', async () => {
      const activity = (await t.api<LuckyActivityResponse>('GET', LUCKY_PATHS.activity)).body.data;
      expect(activity.current).toBeNull();
      expect(activity.odds).toBe(108);
      expect(activity.next).toMatchObject({ award: AWARD });
      expect(activity.next?.start_time).toBeGreaterThan(now());
      // Even a player whose next lucky roll would be 0: no window, no roll, no award.
      const { u } = await steeredPlayer((r) => r[0] === 0);
      const before = await money(u);
      const res = await open(u, 1);
      expect(res.body.code).toBe(200);
      expect(res.body.data.items[0]).not.toHaveProperty('lucky');
      expect(res.body.data.money).toBe(before - box.price);
      const [row] = await db().select().from(boxOpenings).where(eq(boxOpenings.userId, u.userId));
      expect(row?.luckyRoll).toBeNull();
      expect(await db().select().from(luckyPlayers).where(eq(luckyPlayers.userId, u.userId))).toEqual([]);
    });
  });

  describe('the admin API', () => {
    it('refuses a player, and every refusal changes nothing', async () => {
      const player = await registerUser(t);
      const start = now() + HOUR;
      const body = { start_time: start, end_time: start + HOUR, award: AWARD };
      const refused = await schedule(body, player);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe(ERRORS.ADMIN_ONLY.code);
      expect((await as(player, 'GET', LUCKY_ADMIN_PATHS.windows)).body.code).toBe(ERRORS.ADMIN_ONLY.code);
      const cases: [Record<string, unknown>, keyof typeof ERRORS][] = [
        [{ ...body, award: 0 }, 'LUCKY_AWARD_INVALID'],
        [{ ...body, award: 88_850 }, 'LUCKY_AWARD_INVALID'], // not whole fen
        [{ ...body, award: 100_000_100 }, 'LUCKY_AWARD_INVALID'],
        [{ ...body, end_time: start }, 'LUCKY_WINDOW_INVALID'],
        [{ ...body, start_time: now() - HOUR }, 'LUCKY_WINDOW_INVALID'],
        [{ ...body, end_time: start + 91 * 24 * HOUR }, 'LUCKY_WINDOW_INVALID'],
        [{ ...body, award: '8.88' }, 'VALIDATION_FAILED'],
      ];
      for (const [b, key] of cases) {
        const res = await as(admin, 'POST', LUCKY_ADMIN_PATHS.windows, b);
        expect(res.body.code, JSON.stringify(b)).toBe(ERRORS[key].code);
      }
      const en = await t.api('POST', LUCKY_ADMIN_PATHS.windows, {
        headers: { authorization: `Bearer ${admin.tokens.access_token}` },
        body: { ...body, award: 1 },
        lang: 'en-US',
      });
      expect(en.body).toMatchObject({ msg: 'The award must be whole fen from ¥0.01 to ¥10,000' });
      const audit = await as<AuditLogResponse>(admin, 'GET', `${ADMIN_PATHS.auditLog}?action=lucky`);
      expect(audit.body.data.total).toBe(0);
    });

    it('schedules, changes and cancels windows, each change in the audit log with who made it', async () => {
      const start = now() + 10 * HOUR;
      const made = await schedule({ start_time: start, end_time: start + HOUR, award: 10_000, reason: '周末活动' });
      expect(made.body.code).toBe(200);
      const id = made.body.data.id;
      // Another window may not overlap it.
      const clash = await schedule({ start_time: start + HOUR / 2, end_time: start + 2 * HOUR, award: 10_000 });
      expect(clash.body.code).toBe(ERRORS.LUCKY_WINDOW_OVERLAP.code);
      const moved = await as<LuckyWindow>(admin, 'POST', LUCKY_ADMIN_PATHS.update, {
        id,
        start_time: start,
        end_time: start + 2 * HOUR,
        award: 20_000,
        reason: '延长',
      });
      expect(moved.body.data).toMatchObject({ id, end_time: start + 2 * HOUR, award: 20_000 });
      const listed = (
        await as<{ list: { id: number; status: string; expected_units_per_opening: number }[] }>(
          admin,
          'GET',
          LUCKY_ADMIN_PATHS.windows,
        )
      ).body.data.list.find((w) => w.id === id);
      expect(listed).toMatchObject({ status: 'scheduled', expected_units_per_opening: 20_000 / 108 });
      expect((await as(admin, 'POST', LUCKY_ADMIN_PATHS.cancel, { id, reason: '取消' })).body.code).toBe(200);
      expect((await as(admin, 'POST', LUCKY_ADMIN_PATHS.cancel, { id })).body.code).toBe(
        ERRORS.LUCKY_WINDOW_ENDED.code,
      );
      expect((await as(admin, 'POST', LUCKY_ADMIN_PATHS.cancel, { id: 999_999 })).body.code).toBe(
        ERRORS.LUCKY_WINDOW_NOT_FOUND.code,
      );
      const audit = (await as<AuditLogResponse>(admin, 'GET', `${ADMIN_PATHS.auditLog}?target=lucky_window:${id}`)).body
        .data;
      expect(audit.list.map((e) => [e.action, e.admin_id, e.reason])).toEqual([
        ['lucky.window.cancel', admin.userId, '取消'],
        ['lucky.window.update', admin.userId, '延长'],
        ['lucky.window.schedule', admin.userId, '周末活动'],
      ]);
      expect(audit.list[1]).toMatchObject({ before: { award: 10_000 }, after: { award: 20_000 } });
    });
  });

  describe('during a window', () => {
    let windowId: number;
    beforeAll(async () => {
      const res = await schedule({ start_time: now(), end_time: now() + 2 * HOUR, award: AWARD });
      expect(res.body.code).toBe(200);
      windowId = res.body.data.id;
    });

    it('a lucky opening pays the award once, in the opening, and the page lists the player', async () => {
      const { u } = await steeredPlayer((r) => r[0] === 0);
      const before = await money(u);
      const requestId = randomUUID();
      const res = await open(u, 1, requestId);
      expect(res.body.code).toBe(200);
      expect(res.body.data.items[0]?.lucky).toEqual({ roll: 0, award: AWARD });
      expect(res.body.data.money).toBe(before - box.price + AWARD);
      expect(await money(u)).toBe(before - box.price + AWARD);
      // The same request again: the first answer, nothing paid twice.
      const again = await open(u, 1, requestId);
      expect(again.body.data).toEqual(res.body.data);
      const paid = await db().select().from(luckyPlayers).where(eq(luckyPlayers.userId, u.userId));
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ windowId, awardUnits: AWARD, boxId: box.box_id });
      const transfers = await db()
        .select()
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.idemKey, `lucky_award:${paid[0]?.openingId}`));
      expect(transfers.map((x) => x.kind)).toEqual(['lucky_award']);
      // The page: the running window, the odds and the player.
      const activity = (await t.api<LuckyActivityResponse>('GET', LUCKY_PATHS.activity)).body.data;
      expect(activity.current).toMatchObject({ id: windowId, award: AWARD });
      const players = (
        await t.api<LuckyPlayersResponse>('GET', `${LUCKY_PATHS.players}?page=1&page_size=10`, { lang: 'en-US' })
      ).body.data;
      expect(players.window_id).toBe(windowId);
      expect(players.list[0]).toMatchObject({ user_id: u.userId, box_id: box.box_id, award: AWARD });
      expect(players.list[0]?.box_name).toMatch(/[A-Za-z]/);
      // The player's own history shows the lucky roll beside the item's.
      const mine = (await as<{ list: SelfHistoryEntry[] }>(u, 'GET', `${BOX_PATHS.selfHistory}?page=1&page_size=10`))
        .body.data.list;
      expect(mine[0]?.lucky).toEqual({ roll: 0, award: AWARD });
      await expectLedgerBalanced(t);
    });

    it('an unlucky opening in the window records its roll and pays nothing', async () => {
      const { u, rolls } = await steeredPlayer((r) => r[0] !== 0);
      const before = await money(u);
      const res = await open(u, 1);
      expect(res.body.data.items[0]?.lucky).toEqual({ roll: rolls[0], award: 0 });
      expect(res.body.data.money).toBe(before - box.price);
      expect(await db().select().from(luckyPlayers).where(eq(luckyPlayers.userId, u.userId))).toEqual([]);
    });

    it('ten boxes at once roll once each and pay every lucky one, once', async () => {
      const { u, rolls } = await steeredPlayer((r) => r.filter((x) => x === 0).length >= 2, 10);
      const lucky = rolls.flatMap((r, i) => (r === 0 ? [i] : []));
      const before = await money(u);
      const res = await open(u, 10);
      expect(res.body.code).toBe(200);
      expect(res.body.data.items.map((i) => i.lucky?.roll)).toEqual(rolls);
      expect(res.body.data.items.flatMap((i, k) => (i.lucky?.award === AWARD ? [k] : []))).toEqual(lucky);
      expect(res.body.data.money).toBe(before - 10 * box.price + lucky.length * AWARD);
      const paid = await db().select().from(luckyPlayers).where(eq(luckyPlayers.userId, u.userId));
      expect(paid).toHaveLength(lucky.length);
      await expectLedgerBalanced(t);
    });

    it('players opening at the same moment are each paid once', async () => {
      const players = await Promise.all([0, 1, 2, 3].map(() => steeredPlayer((r) => r[0] === 0)));
      const before = await Promise.all(players.map(({ u }) => money(u)));
      const answers = await Promise.all(players.map(({ u }) => open(u, 1)));
      expect(answers.map((a) => a.body.data.items[0]?.lucky)).toEqual(players.map(() => ({ roll: 0, award: AWARD })));
      for (const [i, { u }] of players.entries()) {
        expect(await money(u)).toBe((before[i] ?? 0) - box.price + AWARD);
        expect(await db().select().from(luckyPlayers).where(eq(luckyPlayers.userId, u.userId))).toHaveLength(1);
      }
      await expectLedgerBalanced(t);
    });

    it('a running window keeps its start and cannot be cancelled, but may end early; then nothing is rolled', async () => {
      const w = (await t.api<LuckyActivityResponse>('GET', LUCKY_PATHS.activity)).body.data.current;
      if (!w) throw new Error('no running window');
      const moveStart = await as(admin, 'POST', LUCKY_ADMIN_PATHS.update, { ...w, start_time: w.start_time + 1 });
      expect(moveStart.body.code).toBe(ERRORS.LUCKY_WINDOW_STARTED.code);
      expect((await as(admin, 'POST', LUCKY_ADMIN_PATHS.cancel, { id: w.id })).body.code).toBe(
        ERRORS.LUCKY_WINDOW_STARTED.code,
      );
      const ended = await as(admin, 'POST', LUCKY_ADMIN_PATHS.update, { ...w, end_time: now() + 1_000 });
      expect(ended.body.code).toBe(200);
      clock.advance(1_000);
      const { u } = await steeredPlayer((r) => r[0] === 0);
      const res = await open(u, 1);
      expect(res.body.data.items[0]).not.toHaveProperty('lucky');
      const activity = (await t.api<LuckyActivityResponse>('GET', LUCKY_PATHS.activity)).body.data;
      expect(activity.current).toBeNull();
      // The page still lists the last window's lucky players.
      const list = (await t.api<LuckyPlayersResponse>('GET', LUCKY_PATHS.players)).body.data;
      expect(list.window_id).toBe(w.id);
      expect(list.total).toBe((await db().select().from(luckyPlayers).where(eq(luckyPlayers.windowId, w.id))).length);
      expect(list.total).toBeGreaterThanOrEqual(7);
    });
  });
});
