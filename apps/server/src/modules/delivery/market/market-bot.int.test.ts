import { ITEM_STATUS } from '@kaixiang/shared/inventory';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../../test/support/accounts.ts';
import { giveItems, itemRow, setTradeLink } from '../../../../test/support/items.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { until } from '../../../../test/support/until.ts';
import { tradeOffers } from '../../../db/schema/trade.ts';
import { createTradeService } from '../../inventory/trade.service.ts';
import { catalogueLookups } from './catalogue-lookups.ts';
import { type FakeMarket, startFakeMarket } from './fake-market.ts';
import { createMarketplaceBot, type MarketplaceBot } from './market-bot.ts';
import { priceCap } from './market-rules.ts';

const LINK = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_123';
const RULE = { marginBp: 500, unitPriceUnits: 72 };
const TIMEOUT_MS = 60 * 60 * 1000;

describe('delivery by marketplace purchase (fake Waxpeer)', () => {
  let t: TestApp;
  let fake: FakeMarket;
  const clock = fakeClock();
  /** The adapter's own clock: the purchase timeout moves only when a test moves it. */
  let marketNow = Date.UTC(2026, 10, 21, 8, 0, 0);
  const errors: [unknown, string][] = [];
  const open: MarketplaceBot[] = [];

  beforeAll(async () => {
    t = await startTestApp({ clock });
    fake = await startFakeMarket();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await fake.close();
    await t.close();
  });

  /** A marketplace adapter and a trade service on it, as the lead wires them. */
  function deliveryWith() {
    const lookups = catalogueLookups(t.rt.database.db);
    const bot = createMarketplaceBot({
      provider: 'waxpeer',
      apiUrl: fake.url,
      apiKey: fake.apiKey,
      ...RULE,
      pollMs: 10,
      timeoutMs: TIMEOUT_MS,
      lookupGraceMs: 60_000,
      priceOf: lookups.priceOf,
      marketNameOf: lookups.marketNameOf,
      now: () => marketNow,
      log: { error: (obj, msg) => errors.push([obj, msg]), warn: () => undefined },
    });
    open.push(bot);
    const trade = createTradeService({
      db: t.rt.database.db,
      transaction: (fn) => t.rt.transaction(fn),
      clock,
      bus: t.rt.bus,
      bot,
      retrievalBlocker: async () => null,
    });
    return { bot, trade, lookups };
  }

  let delivery: ReturnType<typeof deliveryWith>;
  beforeAll(() => {
    delivery = deliveryWith();
  });

  /** A player holding items of these catalogue rows, each listed on the fake at `priceOver` market units from its cap. */
  async function playerWith(defIndexes: number[], priceOver = -1, link = LINK) {
    const u = await registerUser(t);
    await setTradeLink(t, u.userId, link);
    const ids = await giveItems(
      t,
      u.userId,
      defIndexes.map((defIndex) => ({ defIndex, exter: 3 })),
    );
    const rows = await Promise.all(ids.map((id) => itemRow(t, id)));
    const items = rows.map((r) => ({ userItemId: r.id, itemDefId: r.itemDefId, name: '', exter: r.exter }));
    const names = await delivery.lookups.marketNameOf(items);
    const caps = (await delivery.lookups.priceOf(items)).map((v) => priceCap(v, RULE));
    names.forEach((n, i) => {
      fake.list(n, (caps[i] as number) + priceOver, 5);
    });
    return { userId: u.userId, ids, names, caps };
  }

  const offerRow = async (id: number) =>
    (await t.rt.database.db.select().from(tradeOffers).where(eq(tradeOffers.id, id)))[0];
  const purchasesOf = (names: string[]) => fake.purchases().filter((p) => names.includes(p.name));
  const statusIs = (id: number, status: number) => until(async () => (await itemRow(t, id)).status === status);

  it('buys at most the cap, to the player’s link, and the delivery retrieves the item', async () => {
    const p = await playerWith([1]);
    const sent = await delivery.trade.retrieve(p.userId, p.ids);
    const [purchase] = purchasesOf(p.names);
    expect(purchase).toMatchObject({ max_price: p.caps[0], partner: '123456789', token: 'AbCd_123', status: 0 });
    const offer = await offerRow(sent.offer_id);
    expect(offer).toMatchObject({ bot: 'market', state: 'pending' });
    expect(offer?.botOfferId).toBe(`${sent.offer_id}@${marketNow}:${purchase?.id}`);
    expect((await itemRow(t, p.ids[0] as number)).status).toBe(ITEM_STATUS.retrieving);

    fake.deliver(purchase?.id as number);
    await statusIs(p.ids[0] as number, ITEM_STATUS.retrieved);
    expect(await offerRow(sent.offer_id)).toMatchObject({ state: 'accepted', failure: null });
  });

  it('a seller who does not send: retrieval failed (bot_fault), the item back, and a retry buys again', async () => {
    const p = await playerWith([2]);
    const sent = await delivery.trade.retrieve(p.userId, p.ids);
    fake.fail((purchasesOf(p.names)[0]?.id ?? 0) as number, 'Seller failed to accept');
    await statusIs(p.ids[0] as number, ITEM_STATUS.retrieveFailed);
    expect(await offerRow(sent.offer_id)).toMatchObject({ state: 'failed', failure: 'bot_fault' });
    expect((await itemRow(t, p.ids[0] as number)).failure).toBe('bot_fault');

    await delivery.trade.retrieve(p.userId, p.ids);
    expect(purchasesOf(p.names)).toHaveLength(2);
  });

  it("maps the marketplace's reasons to the player's causes", async () => {
    const p = await playerWith([3]);
    const sent = await delivery.trade.retrieve(p.userId, p.ids);
    fake.fail(
      purchasesOf(p.names)[0]?.id as number,
      "We couldn't validate your trade link, either your inventory is private or you can't trade",
    );
    await statusIs(p.ids[0] as number, ITEM_STATUS.retrieveFailed);
    expect(await offerRow(sent.offer_id)).toMatchObject({ state: 'failed', failure: 'private_inventory' });

    // Refused at purchase time: nothing bought, the cause still reaches the player.
    const q = await playerWith([4]);
    fake.refuseBuys('Invalid tradelink');
    try {
      const s = await delivery.trade.retrieve(q.userId, q.ids);
      await statusIs(q.ids[0] as number, ITEM_STATUS.retrieveFailed);
      expect(await offerRow(s.offer_id)).toMatchObject({ state: 'failed', failure: 'invalid_link' });
    } finally {
      fake.refuseBuys(null);
    }
    expect(purchasesOf(q.names)).toEqual([]);
  });

  it('nothing is bought when the cheapest listing is above the cap (or there is none)', async () => {
    const p = await playerWith([5], +1);
    const buys = fake.calls('buy-one-p2p-name');
    await expect(delivery.trade.retrieve(p.userId, p.ids)).rejects.toMatchObject({ key: 'UNAVAILABLE' });
    expect(fake.calls('buy-one-p2p-name')).toBe(buys);
    expect(purchasesOf(p.names)).toEqual([]);
    expect(await itemRow(t, p.ids[0] as number)).toMatchObject({
      status: ITEM_STATUS.retrieveFailed,
      failure: 'bot_fault',
    });

    // Out of stock: the same.
    fake.list(p.names[0] as string, 1, 0);
    await expect(delivery.trade.retrieve(p.userId, p.ids)).rejects.toMatchObject({ key: 'UNAVAILABLE' });
    expect(fake.calls('buy-one-p2p-name')).toBe(buys);
  });

  it('a purchase past MARKET_TIMEOUT_MS fails as bot_fault and the item comes back', async () => {
    const p = await playerWith([6]);
    const sent = await delivery.trade.retrieve(p.userId, p.ids);
    expect(purchasesOf(p.names)).toHaveLength(1);
    // Still pending a while later: nothing happens before the timeout.
    marketNow += TIMEOUT_MS - 1;
    const polls = fake.calls('check-many-steam');
    await until(async () => fake.calls('check-many-steam') > polls + 2);
    expect((await offerRow(sent.offer_id))?.state).toBe('pending');

    marketNow += 1;
    await statusIs(p.ids[0] as number, ITEM_STATUS.retrieveFailed);
    expect(await offerRow(sent.offer_id)).toMatchObject({ state: 'failed', failure: 'bot_fault' });
  });

  it('a restart mid-purchase: a new adapter resumes the pending offers from the database', async () => {
    const p = await playerWith([7]);
    const first = deliveryWith();
    const sent = await first.trade.retrieve(p.userId, p.ids);
    await first.bot.close();

    const second = deliveryWith();
    const pending = await t.rt.database.db
      .select({ botOfferId: tradeOffers.botOfferId })
      .from(tradeOffers)
      .where(and(eq(tradeOffers.bot, 'market'), eq(tradeOffers.state, 'pending')));
    second.bot.resume(pending.flatMap((r) => (r.botOfferId ? [{ botOfferId: r.botOfferId }] : [])));
    fake.deliver(purchasesOf(p.names)[0]?.id as number);
    await statusIs(p.ids[0] as number, ITEM_STATUS.retrieved);
    expect((await offerRow(sent.offer_id))?.state).toBe('accepted');
  });

  it('a buy whose answer was lost is found by its project id', async () => {
    const p = await playerWith([8]);
    fake.dropNextBuyAnswer();
    const sent = await delivery.trade.retrieve(p.userId, p.ids);
    expect((await offerRow(sent.offer_id))?.botOfferId).toMatch(/:\?$/);
    const [purchase] = purchasesOf(p.names);
    expect(purchase?.project_id).toBe(`kx-${sent.offer_id}-0`);
    fake.deliver(purchase?.id as number);
    await statusIs(p.ids[0] as number, ITEM_STATUS.retrieved);
  });

  it('several items: all delivered is accepted; a partial delivery stays delivered and is logged', async () => {
    const p = await playerWith([9, 10]);
    await delivery.trade.retrieve(p.userId, p.ids);
    const [a, b] = purchasesOf(p.names);
    fake.deliver(a?.id as number);
    // One delivered, one still pending: nothing decided yet.
    const polls = fake.calls('check-many-steam');
    await until(async () => fake.calls('check-many-steam') > polls + 2);
    expect((await itemRow(t, p.ids[0] as number)).status).toBe(ITEM_STATUS.retrieving);

    fake.fail(b?.id as number, 'Buyer failed to accept');
    await statusIs(p.ids[0] as number, ITEM_STATUS.retrieved);
    expect((await itemRow(t, p.ids[1] as number)).status).toBe(ITEM_STATUS.retrieved);
    expect(errors.some(([, msg]) => msg.startsWith('marketplace partial delivery'))).toBe(true);
  });

  it('the 12-hour expiry cannot withdraw a purchase in progress, and can once it was cancelled', async () => {
    const p = await playerWith([11]);
    const sent = await delivery.trade.retrieve(p.userId, p.ids);
    const botOfferId = (await offerRow(sent.offer_id))?.botOfferId as string;
    await expect(delivery.bot.cancelOffer(botOfferId)).rejects.toThrow(/in progress/);
    fake.fail(purchasesOf(p.names)[0]?.id as number);
    await delivery.bot.cancelOffer(botOfferId);
  });
});
