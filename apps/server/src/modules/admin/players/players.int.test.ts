import { randomUUID } from 'node:crypto';
import {
  ADMIN_PLAYER_PATHS,
  type PlayerDetail,
  type PlayerRecordKind,
  type PlayerRecordsPage,
  type PlayerSearchResponse,
} from '@kaixiang/shared/admin-players';
import { BOX_PATHS, type BoxListResponse, type OpenBoxResponse } from '@kaixiang/shared/boxes';
import { ERRORS } from '@kaixiang/shared/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { giveItems } from '../../../../test/support/items.ts';
import { credit, expectLedgerBalanced } from '../../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { rechargeOrders } from '../../../db/schema/payments.ts';
import { tradeOffers } from '../../../db/schema/trade.ts';
import { users } from '../../../db/schema/users.ts';
import { searchPageSql } from './players.repo.ts';

/** The console's Players reads: who may call them, the search, a player's page and records. */
describe('console players: access, search, a player’s page, records', () => {
  let t: TestApp;
  let admin: TestUser;
  let support: TestUser;
  let finance: TestUser;
  let player: TestUser;
  let wolf: TestUser;
  let invitee: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await registerUser(t, { nick_name: '运营' });
    support = await registerUser(t, { nick_name: '客服' });
    finance = await registerUser(t, { nick_name: '财务' });
    await setRole(t, admin, 'admin');
    await setRole(t, support, 'support');
    await setRole(t, finance, 'finance');
    player = await registerUser(t, { nick_name: 'AlphaWolf' });
    wolf = await registerUser(t, { nick_name: 'wolfalpha' });
    const [row] = await t.rt.database.db.select().from(users).where(eq(users.id, player.userId));
    invitee = await registerUser(t, { nick_name: '下线', invite_code: row?.superInviteCode ?? '' });
    await t.rt.database.db
      .update(users)
      .set({
        email: 'Alpha.Player@Example.com',
        steamId: '76561198000000001',
        steamLink: 'https://steamcommunity.com/tradeoffer/new/?partner=39734273&token=abcDEF12',
        realName: '张三丰',
        identityType: 1,
        identityVerifiedAt: new Date(t.rt.clock.now()),
        idNumberHash: 'hmac-of-the-id',
      })
      .where(eq(users.id, player.userId));
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const get = <T>(u: TestUser, path: string, lang?: string) =>
    t.api<T>('GET', path, { headers: bearer(u.tokens.access_token), ...(lang ? { lang } : {}) });
  const search = async (q: string, extra = '') =>
    (await get<PlayerSearchResponse>(admin, `${ADMIN_PLAYER_PATHS.search}?q=${encodeURIComponent(q)}${extra}`)).body
      .data;
  const records = <K extends PlayerRecordKind>(userId: number, kind: K, extra = '') =>
    get<PlayerRecordsPage<K>>(admin, `${ADMIN_PLAYER_PATHS.records}?user_id=${userId}&kind=${kind}${extra}`);

  it('answers staff holding players.read; a player is refused with ADMIN_ONLY', async () => {
    const paths = [
      `${ADMIN_PLAYER_PATHS.search}?q=alpha`,
      `${ADMIN_PLAYER_PATHS.detail}?user_id=${player.userId}`,
      `${ADMIN_PLAYER_PATHS.records}?user_id=${player.userId}&kind=ledger`,
    ];
    for (const path of paths) {
      const refused = await get(player, path, 'en-US');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: ERRORS.ADMIN_ONLY.code, msg: 'Only an administrator can do this' });
      for (const staff of [admin, support, finance]) expect((await get(staff, path)).body.code).toBe(200);
    }
    expect((await t.api('GET', paths[0] ?? '')).body.code).toBe(ERRORS.UNAUTHENTICATED.code);
  });

  it('finds a player by id, phone, phone suffix, e-mail, Steam id, invite code and nickname', async () => {
    const [row] = await t.rt.database.db.select().from(users).where(eq(users.id, player.userId));
    const code = row?.superInviteCode ?? '';
    const hit = (list: PlayerSearchResponse['list']) => list.find((p) => p.user_id === player.userId);

    const byId = await search(String(player.userId));
    expect(byId.list[0]).toMatchObject({ user_id: player.userId, match: 'id' });
    // Staff see the whole phone number (docs/console/players.md).
    expect((await search(player.mobile)).list).toEqual([
      expect.objectContaining({ user_id: player.userId, mobile: player.mobile, match: 'phone' }),
    ]);
    expect(hit((await search(player.mobile.slice(-4))).list)?.match).toBe('phone_suffix');
    expect((await search('alpha.player@EXAMPLE.com')).list).toEqual([
      expect.objectContaining({ user_id: player.userId, email: 'Alpha.Player@Example.com', match: 'email' }),
    ]);
    expect((await search('76561198000000001')).list[0]).toMatchObject({
      user_id: player.userId,
      steam_id: '76561198000000001',
      match: 'steam_id',
    });
    expect(hit((await search(code.toLowerCase())).list)).toMatchObject({ invite_code: code, match: 'invite_code' });

    // A nickname by its beginning in any case; its middle only when asked.
    const prefix = await search('ALPHAW');
    expect(prefix.list.map((p) => [p.user_id, p.match])).toEqual([[player.userId, 'nick_name']]);
    expect((await search('alpha')).list.map((p) => p.user_id)).toEqual([player.userId]);
    const contains = await search('alpha', '&contains=1');
    expect(contains.list.map((p) => [p.user_id, p.match])).toEqual([
      [player.userId, 'nick_name'],
      [wolf.userId, 'nick_name_contains'],
    ]);
    expect(contains.total).toBe(2);
    // What staff type is text, not a pattern.
    expect((await search('%', '&contains=1')).total).toBe(0);
    expect((await search('_lpha')).total).toBe(0);
  });

  it('lists the newest accounts without a query, pages, and shows the coin balance and ban', async () => {
    await credit(t, player.userId, 123_400);
    const all = await search('');
    const [count] = (
      (await t.rt.database.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(all.total).toBe(count?.n);
    expect(all.list.map((p) => p.user_id)).toEqual([...all.list.map((p) => p.user_id)].sort((a, b) => b - a));
    expect(all.list[0]).toMatchObject({ user_id: invitee.userId, match: 'recent', banned: false, role: 'player' });
    const page2 = await search('', '&page=2&page_size=1');
    expect(page2.list.map((p) => p.user_id)).toEqual([all.list[1]?.user_id]);
    expect((await search(player.mobile)).list[0]).toMatchObject({ balance: 123_400, closed: false });
    expect((await search(support.mobile)).list[0]).toMatchObject({ role: 'support' });
    expect((await search('nobody-like-this')).list).toEqual([]);
  });

  it('serves every kind of search from an index: no scan of users unless a nickname’s middle is asked for', async () => {
    const plan = async (text: string, contains: boolean) =>
      t.rt.database.db.transaction(async (tx) => {
        // Tiny test tables would be scanned anyway; forbidding the scan shows whether an index can serve it.
        await tx.execute(sql`set local enable_seqscan = off`);
        const r = (await tx.execute(
          sql`explain ${searchPageSql({ text, contains, limit: 20, offset: 0 })}`,
        )) as unknown as {
          rows: Record<string, string>[];
        };
        return r.rows.map((row) => Object.values(row)[0]).join('\n');
      });
    for (const q of ['12', player.mobile, player.mobile.slice(-4), 'a@b.cn', '76561198000000001', 'K7PQ2M', 'alpha']) {
      expect(await plan(q, false), q).not.toMatch(/Seq Scan on users/);
    }
    expect(await plan('alpha', true)).toMatch(/Seq Scan on users/);
  });

  it('shows a player’s page: profile, balances, identity masked, live sessions, counts', async () => {
    const second = await login(t, player.mobile, player.password, { 'user-agent': 'Mozilla/5.0 (iPhone)' });
    expect(second.body.code).toBe(200);
    const res = await get<PlayerDetail>(admin, `${ADMIN_PLAYER_PATHS.detail}?user_id=${player.userId}`);
    expect(res.body.code).toBe(200);
    const d = res.body.data;
    expect(d.profile).toMatchObject({
      user_id: player.userId,
      nick_name: 'AlphaWolf',
      role: 'player',
      mobile: player.mobile,
      email: 'Alpha.Player@Example.com',
      steam_id: '76561198000000001',
      trade_link: 'https://steamcommunity.com/tradeoffer/new/?partner=39734273&token=abcDEF12',
      inviter: null,
      vip_level: 0,
      banned_at: null,
      closed_at: null,
    });
    expect(d.profile.last_login_at).toBeGreaterThan(0);
    expect(d.balances).toEqual({ coin: 123_400, quota: 0, point: 0 });
    expect(d.identity).toEqual({
      verified: true,
      real_name: '张*丰',
      identity_type: 1,
      verified_at: expect.any(Number),
    });
    expect(JSON.stringify(d)).not.toContain('hmac-of-the-id');
    expect(d.sessions).toHaveLength(2);
    expect(d.sessions.map((s) => s.user_agent)).toContain('Mozilla/5.0 (iPhone)');
    expect(d.sessions[0]).toMatchObject({ ip: expect.any(String), refreshed_at: null });
    expect(d.counts).toMatchObject({ invitees: 1, openings: 0, recharges: 0, items_held: 0 });

    const child = (await get<PlayerDetail>(admin, `${ADMIN_PLAYER_PATHS.detail}?user_id=${invitee.userId}`)).body.data;
    expect(child.profile.inviter).toEqual({ user_id: player.userId, nick_name: 'AlphaWolf' });
    expect(child.identity).toMatchObject({ verified: false, real_name: '', identity_type: null });

    const missing = await get(admin, `${ADMIN_PLAYER_PATHS.detail}?user_id=99999999`, 'en-US');
    expect(missing.body).toMatchObject({ code: ERRORS.PLAYER_NOT_FOUND.code, msg: 'No such player' });
  });

  it('pages each kind of record, newest first', async () => {
    const db = t.rt.database.db;
    const boxes = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const box = boxes.categories.flatMap((c) => c.boxes).sort((a, b) => a.price - b.price)[0];
    if (!box) throw new Error('no boxes');
    await credit(t, wolf.userId, box.price);
    const opened = await t.api<OpenBoxResponse>('POST', BOX_PATHS.open, {
      body: { box_id: box.box_id, count: 1, request_id: randomUUID() },
      headers: bearer(wolf.tokens.access_token),
    });
    expect(opened.body.code).toBe(200);
    const [given] = await giveItems(t, wolf.userId, [{ price: 5_000, status: 3, sourceName: '手动' }]);
    const now = new Date(t.rt.clock.now());
    await db.insert(rechargeOrders).values({
      orderSn: `T${wolf.userId}`,
      userId: wolf.userId,
      tierId: 1,
      payMode: 'alipay',
      provider: 'sandbox',
      amountUnits: 100_000,
      realPriceUnits: 100_000,
      bonusUnits: 5_000,
      status: 2,
      expiresAt: now,
      createdAt: now,
      paidAt: now,
    });
    await db.insert(tradeOffers).values({
      userId: wolf.userId,
      itemIds: [given ?? 0],
      tradeLink: 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=abcdefgh',
      state: 'accepted',
      bot: 'sandbox',
      createdAt: now,
      expiresAt: now,
      resolvedAt: now,
    });

    const ledger = (await records(wolf.userId, 'ledger')).body.data;
    expect(ledger).toMatchObject({ kind: 'ledger', total: 2 });
    expect(ledger.list.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['box_open', -box.price, 0],
      ['test_credit', box.price, box.price],
    ]);
    expect((await records(wolf.userId, 'ledger', '&currency=point')).body.data).toEqual({
      kind: 'ledger',
      list: [],
      total: 0,
    });
    const openings = (await records(wolf.userId, 'openings')).body.data;
    expect(openings).toMatchObject({ kind: 'openings', total: 1 });
    expect(openings.list[0]).toMatchObject({ box_id: box.box_id, box_name: box.name, box_price: box.price });
    const items = (await records(wolf.userId, 'items', '&page_size=1')).body.data;
    expect(items).toMatchObject({ kind: 'items', total: 2, list: [{ id: given, status: 3, source_name: '手动' }] });
    expect((await records(wolf.userId, 'recharges')).body.data).toMatchObject({
      total: 1,
      list: [{ order_sn: `T${wolf.userId}`, amount: 100_000, bonus: 5_000, status: 2 }],
    });
    expect((await records(wolf.userId, 'retrievals')).body.data).toMatchObject({
      total: 1,
      list: [{ item_ids: [given], state: 'accepted' }],
    });
    expect((await records(player.userId, 'invitees')).body.data).toMatchObject({
      total: 1,
      list: [{ user_id: invitee.userId, nick_name: '下线', banned: false }],
    });
    for (const kind of ['upgrades', 'battles'] as const)
      expect((await records(wolf.userId, kind)).body.data).toEqual({ kind, list: [], total: 0 });
    const counts = (await get<PlayerDetail>(admin, `${ADMIN_PLAYER_PATHS.detail}?user_id=${wolf.userId}`)).body.data
      .counts;
    expect(counts).toMatchObject({ openings: 1, recharges: 1, recharged_units: 100_000, items_held: 1 });

    expect((await records(wolf.userId, 'secrets' as PlayerRecordKind)).body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    expect((await records(99999999, 'ledger')).body.code).toBe(ERRORS.PLAYER_NOT_FOUND.code);
  });
});
