import { ITEM_STATUS } from '@kaixiang/shared/inventory';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/support/accounts.ts';
import { giveItems, itemRow, setTradeLink } from '../../../test/support/items.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { until } from '../../../test/support/until.ts';
import { tradeOffers } from '../../db/schema/trade.ts';
import { createTradeService } from '../inventory/trade.service.ts';
import type { OfferOutcome, OfferUpdateHandler } from '../inventory/trade-bot.ts';
import { type BotPool, createDeliveryRouter } from './delivery-router.ts';
import { catalogueLookups } from './market/catalogue-lookups.ts';
import { type FakeMarket, startFakeMarket } from './market/fake-market.ts';
import { createMarketplaceBot } from './market/market-bot.ts';

const LINK = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_123';

/** The Steam pool as another helper builds it, reduced to what the router asks: holds the item or not, sends or throws. */
function stubPool(mode: { holds: boolean; sendThrows?: boolean }) {
  let handler: OfferUpdateHandler | null = null;
  const sent: number[] = [];
  const pool: BotPool = {
    name: 'steam',
    canSend: async () => mode.holds,
    async sendOffer(offer) {
      if (mode.sendThrows) throw new Error('every bot is logged out');
      sent.push(offer.offerId);
      return { botOfferId: `steam-${offer.offerId}` };
    },
    async cancelOffer() {},
    onUpdate(h) {
      handler = h;
    },
    async close() {},
  };
  return { pool, sent, report: (id: string, o: OfferOutcome) => handler?.(id, o) };
}

describe('delivery router: own bots first, the marketplace otherwise', () => {
  let t: TestApp;
  let fake: FakeMarket;
  const clock = fakeClock();
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    t = await startTestApp({ clock });
    fake = await startFakeMarket();
  });
  afterAll(async () => {
    for (const c of closers) await c();
    await fake.close();
    await t.close();
  });

  function deliveryWith(bots: BotPool) {
    const lookups = catalogueLookups(t.rt.database.db);
    const market = createMarketplaceBot({
      provider: 'waxpeer',
      apiUrl: fake.url,
      apiKey: fake.apiKey,
      marginBp: 500,
      unitPriceUnits: 72,
      pollMs: 10,
      timeoutMs: 60 * 60 * 1000,
      priceOf: lookups.priceOf,
      marketNameOf: lookups.marketNameOf,
    });
    const router = createDeliveryRouter({ bots, market });
    closers.push(() => router.close());
    const trade = createTradeService({
      db: t.rt.database.db,
      transaction: (fn) => t.rt.transaction(fn),
      clock,
      bus: t.rt.bus,
      bot: router,
      retrievalBlocker: async () => null,
    });
    return { router, trade, lookups };
  }

  /** A player with one item the fake market sells far below its cap. */
  async function playerWithItem(defIndex: number, lookups: ReturnType<typeof catalogueLookups>) {
    const u = await registerUser(t);
    await setTradeLink(t, u.userId, LINK);
    const [id] = await giveItems(t, u.userId, [{ defIndex, exter: 2 }]);
    const row = await itemRow(t, id as number);
    const [name] = await lookups.marketNameOf([{ userItemId: row.id, itemDefId: row.itemDefId, name: '', exter: 2 }]);
    fake.list(name as string, 1, 5);
    return { userId: u.userId, id: id as number, name: name as string };
  }
  const offerRow = async (id: number) =>
    (await t.rt.database.db.select().from(tradeOffers).where(eq(tradeOffers.id, id)))[0];
  const retrieved = (id: number) => until(async () => (await itemRow(t, id)).status === ITEM_STATUS.retrieved);

  it('an item the bots hold goes through the bots, and their outcome comes back', async () => {
    const stub = stubPool({ holds: true });
    const d = deliveryWith(stub.pool);
    const p = await playerWithItem(20, d.lookups);
    const sent = await d.trade.retrieve(p.userId, [p.id]);
    expect(await offerRow(sent.offer_id)).toMatchObject({ bot: 'delivery', botOfferId: `bot:steam-${sent.offer_id}` });
    expect(fake.purchases().filter((x) => x.name === p.name)).toEqual([]);
    await stub.report(`steam-${sent.offer_id}`, { state: 'accepted' });
    await retrieved(p.id);
  });

  it('an item no bot holds is bought on the marketplace', async () => {
    const d = deliveryWith(stubPool({ holds: false }).pool);
    const p = await playerWithItem(21, d.lookups);
    const sent = await d.trade.retrieve(p.userId, [p.id]);
    expect((await offerRow(sent.offer_id))?.botOfferId).toMatch(/^mkt:\d+@\d+:\d+$/);
    const [purchase] = fake.purchases().filter((x) => x.name === p.name);
    fake.deliver(purchase?.id as number);
    await retrieved(p.id);
  });

  it('falls back to the marketplace when the bots said yes but could not send', async () => {
    const d = deliveryWith(stubPool({ holds: true, sendThrows: true }).pool);
    const p = await playerWithItem(22, d.lookups);
    const sent = await d.trade.retrieve(p.userId, [p.id]);
    expect((await offerRow(sent.offer_id))?.botOfferId).toMatch(/^mkt:/);
    fake.deliver(fake.purchases().filter((x) => x.name === p.name)[0]?.id as number);
    await retrieved(p.id);
  });

  it('after a restart the router resumes the marketplace purchases of pending offers', async () => {
    const first = deliveryWith(stubPool({ holds: false }).pool);
    const p = await playerWithItem(23, first.lookups);
    const sent = await first.trade.retrieve(p.userId, [p.id]);
    await first.router.close();

    const second = deliveryWith(stubPool({ holds: false }).pool);
    const pending = await t.rt.database.db
      .select({ botOfferId: tradeOffers.botOfferId })
      .from(tradeOffers)
      .where(and(eq(tradeOffers.bot, 'delivery'), eq(tradeOffers.state, 'pending')));
    second.router.resume(pending.flatMap((r) => (r.botOfferId ? [{ botOfferId: r.botOfferId }] : [])));
    fake.deliver(fake.purchases().filter((x) => x.name === p.name)[0]?.id as number);
    await retrieved(p.id);
    expect((await offerRow(sent.offer_id))?.state).toBe('accepted');
  });
});
