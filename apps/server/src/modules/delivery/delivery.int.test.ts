import { randomUUID } from 'node:crypto';
import { ITEM_PATHS, ITEM_STATUS, type KnapsackResponse } from '@kaixiang/shared/inventory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { giveItems, itemRow, setTradeLink } from '../../../test/support/items.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { until } from '../../../test/support/until.ts';
import { tradeOffers } from '../../db/schema/trade.ts';
import { type FakeSteam, startFakeSteam } from './fake-steam/fake-steam.ts';
import { catalogueLookups } from './market/catalogue-lookups.ts';
import { type FakeMarket, startFakeMarket } from './market/fake-market.ts';

/**
 * Retrieval through the whole site with TRADE_BOT=steam and a marketplace configured, against the
 * local fakes of Steam and Waxpeer (docs/delivery.md): the app wires the pool, the marketplace and
 * the router from its config, and the player's requests go through HTTP.
 */
describe('delivery to Steam through the site (fake Steam and marketplace)', () => {
  let steam: FakeSteam;
  let market: FakeMarket;
  let t: TestApp;
  const others: TestApp[] = [];
  let nextPartner = 700_000;
  let env: Record<string, string>;

  beforeAll(async () => {
    steam = await startFakeSteam();
    market = await startFakeMarket();
    const bots = [steam.addBot('kx-bot-1')];
    env = {
      TRADE_BOT: 'steam',
      STEAM_BOTS: JSON.stringify(bots),
      STEAM_API_KEY: 'fake-steam-key',
      STEAM_COMMUNITY_URL: steam.endpoints.communityUrl,
      STEAM_API_URL: steam.endpoints.apiUrl,
      STEAM_POLL_MS: '20',
      MARKET_PROVIDER: 'waxpeer',
      MARKET_API_KEY: market.apiKey,
      MARKET_API_URL: market.url,
      MARKET_POLL_MS: '20',
    };
    t = await startTestApp({ env, steamSession: (a) => steam.session(a.accountName) });
  });
  afterAll(async () => {
    for (const o of others) await o.close();
    await t.close();
    await market.close();
    await steam.close();
  });

  /** A player holding one item of catalogue row `defIndex`, with a trade link the fake Steam knows. */
  async function player(defIndex: number, partner: { privateInventory?: boolean } = {}) {
    const u = await registerUser(t);
    const accountId = nextPartner++;
    steam.setPartner(accountId, { token: 'AbCd_123', ...partner });
    await setTradeLink(t, u.userId, `https://steamcommunity.com/tradeoffer/new/?partner=${accountId}&token=AbCd_123`);
    const [id] = await giveItems(t, u.userId, [{ defIndex, exter: 3 }]);
    const row = await itemRow(t, id as number);
    const [name] = await catalogueLookups(t.rt.database.db).marketNameOf([
      { userItemId: row.id, itemDefId: row.itemDefId, name: '', exter: 3 },
    ]);
    return { u, id: id as number, name: name as string };
  }
  const retrieve = (u: TestUser, id: number) =>
    asUser<{ offer_id: number }>(t, u.tokens.access_token, 'POST', ITEM_PATHS.retrieve, {
      ids: [id],
      request_id: randomUUID(),
    });
  const offerRow = async (id: number) =>
    (await t.rt.database.db.select().from(tradeOffers).where(eq(tradeOffers.id, id)))[0];
  const itemIs = (id: number, status: number) => until(async () => (await itemRow(t, id)).status === status);

  it('an item a bot holds goes by trade offer from that bot, with its security code', async () => {
    const p = await player(30);
    steam.addAssets('kx-bot-1', [p.name]);
    await t.app.inventory.steamPool?.refreshInventories();
    const res = await retrieve(p.u, p.id);
    expect(res.body.code).toBe(200);
    const offer = await offerRow(res.body.data.offer_id);
    expect(offer).toMatchObject({ bot: 'delivery', state: 'pending' });
    const steamId = (offer?.botOfferId ?? '').replace(/^bot:/, '');
    expect(offer?.botOfferId).toBe(`bot:${steamId}`);
    const code = await t.app.inventory.steamPool?.securityCodeOf(res.body.data.offer_id);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(steam.offer(steamId)?.message).toContain(code);
    // The player's inventory shows the same code beside the item while the offer is open.
    const listed = await asUser<KnapsackResponse>(t, p.u.tokens.access_token, 'POST', ITEM_PATHS.knapsack, {});
    expect(listed.body.data.list.find((i) => i.id === p.id)?.offer_security_code).toBe(code);
    expect(market.purchases().filter((x) => x.name === p.name)).toEqual([]);
    steam.accept(steamId);
    await itemIs(p.id, ITEM_STATUS.retrieved);
  });

  it('an item no bot holds is bought on the marketplace, sent straight to the player', async () => {
    const p = await player(31);
    market.list(p.name, 1, 3);
    const res = await retrieve(p.u, p.id);
    expect(res.body.code).toBe(200);
    expect((await offerRow(res.body.data.offer_id))?.botOfferId).toMatch(/^mkt:/);
    const [purchase] = market.purchases().filter((x) => x.name === p.name);
    expect(purchase).toBeDefined();
    market.deliver(purchase?.id as number);
    await itemIs(p.id, ITEM_STATUS.retrieved);
  });

  it('refuses a private inventory before any offer, in the player language, and keeps the item', async () => {
    const p = await player(32, { privateInventory: true });
    const res = await t.api('POST', ITEM_PATHS.retrieve, {
      body: { ids: [p.id], request_id: randomUUID() },
      headers: { authorization: `Bearer ${p.u.tokens.access_token}` },
      lang: 'en-US',
    });
    expect(res.body).toMatchObject({ error: 'RETRIEVE_INVENTORY_PRIVATE' });
    expect(res.body.msg).toMatch(/private/);
    expect((await itemRow(t, p.id)).status).toBe(ITEM_STATUS.normal);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'a marketplace purchase survives the process that took it: another process resumes it',
    async () => {
      const p = await player(33);
      market.list(p.name, 1, 3);
      const res = await retrieve(p.u, p.id);
      expect(res.body.code).toBe(200);
      // A second process of the same deployment starts, and the first one stops following.
      const second = await startTestApp({ env, sharing: t, steamSession: (a) => steam.session(a.accountName) });
      others.push(second);
      await t.app.inventory.close();
      const [purchase] = market.purchases().filter((x) => x.name === p.name);
      market.deliver(purchase?.id as number);
      await itemIs(p.id, ITEM_STATUS.retrieved);
    },
  );
});
