import { ITEM_STATUS, RETRIEVE_COOLDOWN_MS } from '@kaixiang/shared/inventory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../../test/support/accounts.ts';
import { catalogueRows, giveItems, itemRow, setTradeLink } from '../../../../test/support/items.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { until } from '../../../../test/support/until.ts';
import { steamBotAssets } from '../../../db/schema/delivery.ts';
import { tradeOffers } from '../../../db/schema/trade.ts';
import { noRetrievalBlocker } from '../../inventory/inventory.hooks.ts';
import { createTradeService } from '../../inventory/trade.service.ts';
import { type FakeSteam, startFakeSteam } from '../fake-steam/fake-steam.ts';
import { marketHashName } from './market-name.ts';
import { TRADE_OFFER_STATE } from './offer-state.ts';
import { createSteamBotPool, type SteamBotPool } from './steam-bot-pool.ts';
import type { SteamBotAccount } from './steam-session.ts';

const REVIVE_MS = 60_000;

describe('delivering items through the Steam bot pool (fake Steam)', () => {
  let t: TestApp;
  let fake: FakeSteam;
  let accounts: SteamBotAccount[];
  const clock = fakeClock();
  const pools: SteamBotPool[] = [];
  let defs: Awaited<ReturnType<typeof catalogueRows>>;
  let nextDef = 0;
  let nextPartner = 500_000;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    fake = await startFakeSteam();
    accounts = [fake.addBot('bot1'), fake.addBot('bot2')];
    defs = (await catalogueRows(t, 200)).filter((d) => d.wearMin !== null && d.wearMin < 0.3 && d.wearMax! > 0.2);
  });
  afterAll(async () => {
    for (const p of pools) await p.close();
    await fake.close();
    await t.close();
  });

  const db = () => t.rt.database.db;
  /** A pool and a trade service on the test database, as the lead wires them. */
  const start = () => {
    const pool = createSteamBotPool({
      db: db(),
      transaction: (fn) => t.rt.transaction(fn),
      bots: accounts,
      endpoints: fake.endpoints,
      session: (a) => fake.session(a.accountName),
      clock,
      pollMs: 20,
      reviveMs: REVIVE_MS,
      inventoryRefreshMs: 3_600_000,
    });
    pools.push(pool);
    const trade = createTradeService({
      db: db(),
      transaction: (fn) => t.rt.transaction(fn),
      clock,
      bus: t.rt.bus,
      bot: pool,
      retrievalBlocker: noRetrievalBlocker,
    });
    return { pool, trade };
  };
  let svc: ReturnType<typeof start>;
  beforeAll(() => {
    svc = start();
  });

  /** A catalogue item (Field-Tested) no other test uses, and its Steam name. */
  const freshItem = () => {
    const def = defs[nextDef++];
    if (!def) throw new Error('not enough catalogue rows');
    return { def, name: marketHashName({ nameEn: def.nameEn, exter: 3, star: def.quality === 7 }) };
  };
  /** A player holding `n` of the item, with a trade link the fake knows (or `partner` overrides). */
  const player = async (
    defId: number,
    n = 1,
    partner: Partial<{ token: string; privateInventory: boolean; tradeBanned: boolean; holdDays: number }> = {},
    linkToken?: string,
  ) => {
    const u = await registerUser(t);
    const accountId = nextPartner++;
    const token = partner.token ?? 'AbCd_123';
    fake.setPartner(accountId, { ...partner, token });
    await setTradeLink(
      t,
      u.userId,
      `https://steamcommunity.com/tradeoffer/new/?partner=${accountId}&token=${linkToken ?? token}`,
    );
    const ids = await giveItems(
      t,
      u.userId,
      Array.from({ length: n }, () => ({ defId, exter: 3 })),
    );
    return { userId: u.userId, ids };
  };
  const stock = async (bot: string, name: string, n = 1) => {
    const ids = fake.addAssets(
      bot,
      Array.from({ length: n }, () => name),
    );
    await svc.pool.refreshInventories();
    return ids;
  };
  const offerRow = async (id: number) => (await db().select().from(tradeOffers).where(eq(tradeOffers.id, id)))[0];
  const steamIdOf = async (id: number) => (await offerRow(id))?.botOfferId ?? '';
  const itemIs = (id: number, status: number) => until(async () => (await itemRow(t, id)).status === status);

  it('retrieve → the player accepts: retrieved, the asset leaves the pool, the code is in the message', async () => {
    const { def, name } = freshItem();
    const [asset] = await stock('bot1', name);
    const p = await player(def.id);
    const offer = {
      offerId: 0,
      userId: p.userId,
      tradeLink: '',
      items: [{ userItemId: 0, itemDefId: def.id, name: '', exter: 3 }],
    };
    expect(await svc.pool.canSend(offer)).toBe(true);
    const { offer_id } = await svc.trade.retrieve(p.userId, p.ids);
    expect(await svc.pool.canSend(offer)).toBe(false);

    const steamId = await steamIdOf(offer_id);
    const sent = fake.offer(steamId);
    expect(sent).toMatchObject({
      bot: 'bot1',
      assetIds: [asset],
      confirmed: true,
      trade_offer_state: TRADE_OFFER_STATE.Active,
    });
    const code = await svc.pool.securityCodeOf(offer_id);
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    expect(sent.message).toContain(code);

    fake.accept(steamId);
    await itemIs(p.ids[0] as number, ITEM_STATUS.retrieved);
    expect(await offerRow(offer_id)).toMatchObject({ state: 'accepted', failure: null });
    await until(
      async () =>
        (
          await db()
            .select()
            .from(steamBotAssets)
            .where(eq(steamBotAssets.assetId, asset as string))
        ).length === 0,
    );
  });

  it('decline → retrieval failed, and a new retrieval only after 5 minutes, with the asset free again', async () => {
    const { def, name } = freshItem();
    await stock('bot2', name);
    const p = await player(def.id);
    const { offer_id } = await svc.trade.retrieve(p.userId, p.ids);
    fake.decline(await steamIdOf(offer_id));
    await itemIs(p.ids[0] as number, ITEM_STATUS.retrieveFailed);
    expect(await itemRow(t, p.ids[0] as number)).toMatchObject({ failure: 'declined' });
    await expect(svc.trade.retrieve(p.userId, p.ids)).rejects.toMatchObject({ key: 'RETRIEVE_COOLDOWN' });
    clock.advance(RETRIEVE_COOLDOWN_MS);
    const again = await svc.trade.retrieve(p.userId, p.ids);
    expect(fake.offer(await steamIdOf(again.offer_id)).bot).toBe('bot2');
  });

  it('a trade hold: the offer waits in escrow, then the items are retrieved', async () => {
    const { def, name } = freshItem();
    await stock('bot1', name);
    const p = await player(def.id, 1, { holdDays: 3 });
    const { offer_id } = await svc.trade.retrieve(p.userId, p.ids);
    const steamId = await steamIdOf(offer_id);
    fake.accept(steamId);
    expect(fake.offer(steamId).trade_offer_state).toBe(TRADE_OFFER_STATE.InEscrow);
    // Two full polls see InEscrow and leave the offer pending.
    await svc.pool.tick();
    await svc.pool.tick();
    expect((await itemRow(t, p.ids[0] as number)).status).toBe(ITEM_STATUS.retrieving);
    expect((await offerRow(offer_id))?.state).toBe('pending');
    fake.endEscrow(steamId);
    await itemIs(p.ids[0] as number, ITEM_STATUS.retrieved);
  });

  it.each([
    ['a wrong token', {}, 'Wrong_12', 'invalid_link'],
    ['a trade ban', { tradeBanned: true }, undefined, 'trade_restricted'],
    ['a private inventory', { privateInventory: true }, undefined, 'private_inventory'],
  ] as const)(
    'a send Steam refuses for %s fails with its cause, the asset stays free',
    async (_, partner, token, failure) => {
      const { def, name } = freshItem();
      await stock('bot1', name);
      const p = await player(def.id, 1, partner, token);
      await svc.trade.retrieve(p.userId, p.ids);
      await itemIs(p.ids[0] as number, ITEM_STATUS.retrieveFailed);
      expect(await itemRow(t, p.ids[0] as number)).toMatchObject({ failure, retrieveAvailableAt: null });
      const free = await db().select().from(steamBotAssets).where(eq(steamBotAssets.marketHashName, name));
      expect(free.map((a) => a.reservedOfferId)).toEqual([null]);
    },
  );

  it('a trade link Steam would never take fails as invalid_link without calling Steam', async () => {
    const { def, name } = freshItem();
    await stock('bot1', name);
    const p = await player(def.id);
    await setTradeLink(t, p.userId, 'https://steamcommunity.com/tradeoffer/new/?partner=12&token=short');
    await svc.trade.retrieve(p.userId, p.ids);
    await itemIs(p.ids[0] as number, ITEM_STATUS.retrieveFailed);
    expect((await itemRow(t, p.ids[0] as number)).failure).toBe('invalid_link');
  });

  it('no bot holds the item: the send fails as bot_fault (the lead falls back to the marketplace on canSend)', async () => {
    const { def } = freshItem();
    const p = await player(def.id);
    await expect(svc.trade.retrieve(p.userId, p.ids)).rejects.toMatchObject({ key: 'UNAVAILABLE' });
    expect(await itemRow(t, p.ids[0] as number)).toMatchObject({
      status: ITEM_STATUS.retrieveFailed,
      failure: 'bot_fault',
    });
  });

  it.each([
    ['Canceled', TRADE_OFFER_STATE.Canceled],
    ['CanceledBySecondFactor', TRADE_OFFER_STATE.CanceledBySecondFactor],
    ['InvalidItems', TRADE_OFFER_STATE.InvalidItems],
  ] as const)('Steam reports %s: bot_fault', async (_, state) => {
    const { def, name } = freshItem();
    await stock('bot1', name);
    const p = await player(def.id);
    const { offer_id } = await svc.trade.retrieve(p.userId, p.ids);
    fake.setOfferState(await steamIdOf(offer_id), state);
    await itemIs(p.ids[0] as number, ITEM_STATUS.retrieveFailed);
    expect(await offerRow(offer_id)).toMatchObject({ state: 'failed', failure: 'bot_fault' });
  });

  it('the 12-hour expiry cancels the offer at Steam and the item is back', async () => {
    const { def, name } = freshItem();
    await stock('bot1', name);
    const p = await player(def.id);
    const { offer_id } = await svc.trade.retrieve(p.userId, p.ids);
    expect(await svc.trade.expireNow(offer_id)).toBe(true);
    expect(fake.offer(await steamIdOf(offer_id)).trade_offer_state).toBe(TRADE_OFFER_STATE.Canceled);
    expect(await itemRow(t, p.ids[0] as number)).toMatchObject({ status: ITEM_STATUS.normal, failure: 'expired' });
    await svc.pool.tick();
    expect((await offerRow(offer_id))?.state).toBe('expired');
  });

  it('a restart mid-offer: a new pool on the same database resolves the pending offer', async () => {
    const { def, name } = freshItem();
    await stock('bot1', name);
    const p = await player(def.id);
    const { offer_id } = await svc.trade.retrieve(p.userId, p.ids);
    const steamId = await steamIdOf(offer_id);
    await svc.pool.close();
    fake.accept(steamId);
    svc = start();
    await itemIs(p.ids[0] as number, ITEM_STATUS.retrieved);
    expect((await offerRow(offer_id))?.state).toBe('accepted');
  });

  it.each([
    ['rate limited (429)', 'rate_limited'],
    ['logged out (401)', 'logged_out'],
  ] as const)('a bot %s leaves the pool; its queued offers go through another bot', async (_, mode) => {
    const { def, name } = freshItem();
    await stock('bot1', name, 3);
    fake.addAssets('bot2', [name, name, name]);
    await svc.pool.refreshInventories();
    expect(await svc.pool.liveBots()).toEqual(['bot1', 'bot2']);
    fake.setBotMode('bot1', mode);
    const players = await Promise.all([player(def.id), player(def.id), player(def.id)]);
    const sent = await Promise.all(players.map((p) => svc.trade.retrieve(p.userId, p.ids)));
    expect(await svc.pool.liveBots()).toEqual(['bot2']);
    for (const s of sent) {
      const steamId = await steamIdOf(s.offer_id);
      expect(fake.offer(steamId).bot).toBe('bot2');
      fake.accept(steamId);
    }
    for (const p of players) await itemIs(p.ids[0] as number, ITEM_STATUS.retrieved);
    // bot1 still holds three copies, but it is out of the pool: canSend ignores it.
    const offer = {
      offerId: 0,
      userId: 0,
      tradeLink: '',
      items: [{ userItemId: 0, itemDefId: def.id, name: '', exter: 3 }],
    };
    expect(await svc.pool.canSend(offer)).toBe(false);
    // After reviveMs it logs in again, once Steam lets it.
    fake.setBotMode('bot1', 'ok');
    clock.advance(REVIVE_MS);
    await svc.pool.tick();
    expect(await svc.pool.liveBots()).toEqual(['bot1', 'bot2']);
    expect(await svc.pool.canSend(offer)).toBe(true);
  });

  it('concurrent retrievals never reserve the same asset', async () => {
    const { def, name } = freshItem();
    await stock('bot1', name, 2);
    fake.addAssets('bot2', [name]);
    await svc.pool.refreshInventories();
    const players = await Promise.all(Array.from({ length: 6 }, () => player(def.id)));
    const results = await Promise.allSettled(players.map((p) => svc.trade.retrieve(p.userId, p.ids)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(3);
    const sentAssets = (
      await Promise.all(
        ok.map(
          async (r) =>
            fake.offer(await steamIdOf((r as PromiseFulfilledResult<{ offer_id: number }>).value.offer_id)).assetIds,
        ),
      )
    ).flat();
    expect(new Set(sentAssets).size).toBe(3);
    const rows = await db().select().from(steamBotAssets).where(eq(steamBotAssets.marketHashName, name));
    expect(new Set(rows.map((r) => r.reservedOfferId)).size).toBe(3);
    const failed = await Promise.all(players.map(async (p) => (await itemRow(t, p.ids[0] as number)).failure));
    expect(failed.filter((f) => f === 'bot_fault')).toHaveLength(3);
  });
});
