import { type BagEntry, verifyBag } from '@kaixiang/game/bags';
import {
  BAG_OPEN_COOLDOWN_MS,
  BAG_PATHS,
  type BagRecordResponse,
  type BagTableResponse,
  type HasBagResponse,
  type OpenBagResponse,
} from '@kaixiang/shared/bags';
import { FAIRNESS_PATHS } from '@kaixiang/shared/boxes-paths';
import { ERRORS } from '@kaixiang/shared/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { giveBags } from '../../../test/support/bags.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { balancesOf } from '../ledger/ledger.ts';

const entriesOf = (t: BagTableResponse): BagEntry[] =>
  t.entries.map((e) => ({ amountUnits: e.amount, tickets: e.tickets }));

/** Lucky bags through HTTP on the embedded database: holding, opening, the 3 s rule, the record, fairness. */
describe('lucky bags: has-bag, get-bag, bag/get, get-record, get-table', () => {
  const clock = fakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const call = <T>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    asUser<T>(t, u.tokens.access_token, method, path, body);
  const hasBag = async (u: TestUser) => (await call<HasBagResponse>(u, 'GET', BAG_PATHS.hasBag)).body.data;
  const getBag = (u: TestUser, lang?: string) =>
    t.api<OpenBagResponse>('POST', BAG_PATHS.getBag, {
      body: {},
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
      ...(lang ? { lang } : {}),
    });
  const coins = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;
  const pastCooldown = () => clock.advance(BAG_OPEN_COOLDOWN_MS);

  it('needs a login, except for a published table', async () => {
    for (const path of [BAG_PATHS.hasBag, BAG_PATHS.record]) expect((await t.api('GET', path)).body.code).toBe(401);
    expect((await t.api('POST', BAG_PATHS.getBag, { body: {} })).body.code).toBe(401);
    expect((await t.api('POST', BAG_PATHS.open, { body: { bag_id: 1 } })).body.code).toBe(401);
    const table = await t.api<BagTableResponse>('GET', `${BAG_PATHS.table}?campaign_id=1`);
    expect(table.body.code).toBe(200);
    expect(table.body.data.entries.reduce((s, e) => s + e.tickets, 0)).toBe(table.body.data.ticket_total);
  });

  it('shows no bag until one is given, then opens it: the amount from the table, credited once', async () => {
    const u = await registerUser(t);
    expect(await hasBag(u)).toEqual({ has_bag: false, count: 0, next: null });
    const campaignId = await giveBags(t, u.userId, 2);
    const held = await hasBag(u);
    expect(held).toMatchObject({ has_bag: true, count: 2, next: { campaign_id: campaignId, name: '幸运福袋' } });

    const before = await coins(u);
    const opened = await getBag(u);
    expect(opened.body.code).toBe(200);
    const r = opened.body.data;
    expect(r.bag_id).toBe(held.next?.bag_id);
    expect(r.count).toBe(1);
    const table = (await t.api<BagTableResponse>('GET', `${BAG_PATHS.table}?campaign_id=${campaignId}`)).body.data;
    const entry = table.entries.find((e) => r.proof.ticket >= e.ticket_from && r.proof.ticket < e.ticket_to);
    expect(entry?.amount).toBe(r.get_money);
    expect(r.proof).toMatchObject({ table_version: table.version, table_hash: table.table_hash, server_seed: null });
    expect(r.money).toBe(before + r.get_money);
    expect(await coins(u)).toBe(before + r.get_money);

    // The record lists both, newest first: the second still unopened, the first with its proof.
    const record = (await call<BagRecordResponse>(u, 'GET', `${BAG_PATHS.record}?page=1&page_size=10`)).body.data;
    expect(record.total).toBe(2);
    expect(record.list.map((b) => b.state)).toEqual([0, 1]);
    expect(record.list[0]).toMatchObject({ get_money: null, opened_at: null, proof: null, source: 'admin' });
    expect(record.list[1]).toMatchObject({ id: r.bag_id, get_money: r.get_money, proof: r.proof });
    const unopened = await call<BagRecordResponse>(u, 'GET', `${BAG_PATHS.record}?state=0`);
    expect(unopened.body.data.list.map((b) => b.id)).toEqual([record.list[0]?.id]);
  });

  it('takes one opening request per 3 s per player, with the spec’s message, whatever the outcome', async () => {
    const u = await registerUser(t);
    await giveBags(t, u.userId, 2);
    pastCooldown();
    expect((await getBag(u)).body.code).toBe(200);
    const again = await getBag(u);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: ERRORS.BAG_TOO_FREQUENT.code, msg: '操作频繁，请稍微再试' });
    clock.advance(BAG_OPEN_COOLDOWN_MS - 1);
    expect((await getBag(u, 'en-US')).body.msg).toBe('Too many requests, please try again shortly');
    clock.advance(BAG_OPEN_COOLDOWN_MS);
    expect((await getBag(u)).body.code).toBe(200);
    // Nothing left: refused in the player's language, and that request counted too.
    clock.advance(BAG_OPEN_COOLDOWN_MS);
    expect((await getBag(u, 'zh-TW')).body).toMatchObject({ code: ERRORS.BAG_NONE.code, msg: '暫無可開啟的福袋' });
    expect((await getBag(u)).body.code).toBe(ERRORS.BAG_TOO_FREQUENT.code);
    // Another player has a 3 s of their own.
    const other = await registerUser(t);
    await giveBags(t, other.userId);
    expect((await getBag(other)).body.code).toBe(200);
  });

  it('bag/get opens the named bag of the player’s only, once', async () => {
    const u = await registerUser(t);
    const stranger = await registerUser(t);
    await giveBags(t, u.userId, 2);
    const [newer, older] = (await call<BagRecordResponse>(u, 'GET', BAG_PATHS.record)).body.data.list;
    pastCooldown();
    expect((await call(stranger, 'POST', BAG_PATHS.open, { bag_id: newer?.id })).body.code).toBe(
      ERRORS.BAG_NOT_FOUND.code,
    );
    pastCooldown();
    const opened = await call<OpenBagResponse>(u, 'POST', BAG_PATHS.open, { bag_id: newer?.id });
    expect(opened.body.data).toMatchObject({ bag_id: newer?.id, count: 1 });
    pastCooldown();
    const before = await coins(u);
    const twice = await call(u, 'POST', BAG_PATHS.open, { bag_id: newer?.id });
    expect(twice.body).toMatchObject({ code: ERRORS.BAG_ALREADY_OPENED.code, msg: '该福袋已开启' });
    expect(await coins(u)).toBe(before);
    expect((await hasBag(u)).next?.bag_id).toBe(older?.id);
    pastCooldown();
    expect((await call(u, 'POST', BAG_PATHS.open, { bag_id: 0 })).body.code).toBe(ERRORS.VALIDATION_FAILED.code);
  });

  it('rolls with the player’s seed pair (one nonce per bag, as a box), verifiable once the pair is rotated', async () => {
    const u = await registerUser(t);
    await giveBags(t, u.userId, 3);
    await call(u, 'POST', FAIRNESS_PATHS.setClientSeed, { client_seed: 'my-bag-seed' });
    const nonces: number[] = [];
    for (let i = 0; i < 3; i++) {
      pastCooldown();
      const r = await getBag(u);
      expect(r.body.data.proof.client_seed).toBe('my-bag-seed');
      nonces.push(r.body.data.proof.nonce);
    }
    expect(nonces).toEqual([nonces[0], (nonces[0] ?? 0) + 1, (nonces[0] ?? 0) + 2]);
    const seed = (await call<{ active: { nonce: number } }>(u, 'GET', FAIRNESS_PATHS.seed)).body.data;
    expect(seed.active.nonce).toBe((nonces[0] ?? 0) + 3);

    const hidden = (await call<BagRecordResponse>(u, 'GET', BAG_PATHS.record)).body.data.list;
    expect(hidden.every((b) => b.proof?.server_seed === null)).toBe(true);
    await call(u, 'POST', FAIRNESS_PATHS.rotate, {});
    const list = (await call<BagRecordResponse>(u, 'GET', BAG_PATHS.record)).body.data.list;
    for (const b of list) {
      const p = b.proof;
      if (!p?.server_seed) throw new Error(`bag ${b.id} has no revealed seed`);
      const table = (
        await t.api<BagTableResponse>(
          'GET',
          `${BAG_PATHS.table}?campaign_id=${b.campaign_id}&version=${p.table_version}`,
        )
      ).body.data;
      const check = verifyBag({
        serverSeed: p.server_seed,
        serverSeedHash: p.server_seed_hash,
        clientSeed: p.client_seed,
        nonce: p.nonce,
        entries: entriesOf(table),
        tableHash: p.table_hash,
        ticket: p.ticket,
        amountUnits: b.get_money ?? -1,
      });
      expect(check.valid).toBe(true);
    }
  });

  it('answers a missing campaign or table version with a clear refusal', async () => {
    const none = await t.api('GET', `${BAG_PATHS.table}?campaign_id=99999`, { lang: 'en-US' });
    expect(none.body).toMatchObject({
      code: ERRORS.BAG_CAMPAIGN_NOT_FOUND.code,
      msg: 'This lucky bag campaign does not exist',
    });
    expect((await t.api('GET', `${BAG_PATHS.table}?campaign_id=1&version=99`)).body.code).toBe(
      ERRORS.BAG_CAMPAIGN_NOT_FOUND.code,
    );
  });
});
