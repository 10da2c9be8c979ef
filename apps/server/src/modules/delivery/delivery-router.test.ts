import { describe, expect, it } from 'vitest';
import type { OfferOutcome, OfferToSend, OfferUpdateHandler } from '../inventory/trade-bot.ts';
import { type BotPool, createDeliveryRouter, type MarketRoute, routeOf } from './delivery-router.ts';

const offer: OfferToSend = { offerId: 1, userId: 1, tradeLink: 'https://x/?partner=2&token=t', items: [] };

/** A stub adapter that records calls and lets the test play its updates. */
function stub(name: string, opts: { canSend?: boolean | 'throw'; sendThrows?: boolean } = {}) {
  let handler: OfferUpdateHandler | null = null;
  const calls: string[] = [];
  const resumed: string[] = [];
  const bot: BotPool & MarketRoute = {
    name,
    async canSend() {
      if (opts.canSend === 'throw') throw new Error('pool down');
      return opts.canSend ?? true;
    },
    async sendOffer(o) {
      calls.push(`send:${o.offerId}`);
      if (opts.sendThrows) throw new Error(`${name} cannot send`);
      return { botOfferId: `${name}-${o.offerId}` };
    },
    async cancelOffer(id) {
      calls.push(`cancel:${id}`);
    },
    onUpdate(h) {
      handler = h;
    },
    resume(pending) {
      resumed.push(...pending.map((p) => p.botOfferId));
    },
    async close() {
      calls.push('close');
    },
  };
  return { bot, calls, resumed, play: (id: string, o: OfferOutcome) => handler?.(id, o) };
}

describe('delivery router', () => {
  it('sends through the bots when they hold the items, else through the marketplace', async () => {
    const bots = stub('b');
    const market = stub('m');
    const router = createDeliveryRouter({ bots: bots.bot, market: market.bot });
    expect(router.name).toBe('delivery');
    expect(await router.sendOffer(offer)).toEqual({ botOfferId: 'bot:b-1' });
    expect(market.calls).toEqual([]);

    const none = stub('b', { canSend: false });
    const m2 = stub('m');
    const r2 = createDeliveryRouter({ bots: none.bot, market: m2.bot });
    expect(await r2.sendOffer(offer)).toEqual({ botOfferId: 'mkt:m-1' });
    expect(none.calls).toEqual([]);
    // A pool that cannot answer is a pool without the items.
    const down = createDeliveryRouter({ bots: stub('b', { canSend: 'throw' }).bot, market: stub('m').bot });
    expect(await down.sendOffer(offer)).toEqual({ botOfferId: 'mkt:m-1' });
  });

  it('falls back to the marketplace once when the bots cannot send after all', async () => {
    const bots = stub('b', { sendThrows: true });
    const market = stub('m');
    const router = createDeliveryRouter({ bots: bots.bot, market: market.bot });
    expect(await router.sendOffer(offer)).toEqual({ botOfferId: 'mkt:m-1' });
    expect([bots.calls, market.calls]).toEqual([['send:1'], ['send:1']]);

    const failing = stub('m', { sendThrows: true });
    const r2 = createDeliveryRouter({ bots: stub('b', { sendThrows: true }).bot, market: failing.bot });
    await expect(r2.sendOffer(offer)).rejects.toThrow('m cannot send');
    expect(failing.calls).toEqual(['send:1']);
  });

  it('routes cancels, updates and resumes back by the prefix', async () => {
    const bots = stub('b');
    const market = stub('m');
    const router = createDeliveryRouter({ bots: bots.bot, market: market.bot });
    const seen: [string, OfferOutcome][] = [];
    router.onUpdate(async (id, o) => {
      seen.push([id, o]);
    });
    await router.cancelOffer('bot:b-1');
    await router.cancelOffer('mkt:9@1:7001');
    await expect(router.cancelOffer('sbx-1')).rejects.toThrow();
    expect([bots.calls, market.calls]).toEqual([['cancel:b-1'], ['cancel:9@1:7001']]);

    await bots.play('b-2', { state: 'declined' });
    await market.play('9@1:7001', { state: 'accepted' });
    expect(seen).toEqual([
      ['bot:b-2', { state: 'declined' }],
      ['mkt:9@1:7001', { state: 'accepted' }],
    ]);

    router.resume([{ botOfferId: 'bot:b-3' }, { botOfferId: 'mkt:4@1:7002' }, { botOfferId: 'other' }]);
    expect([bots.resumed, market.resumed]).toEqual([['b-3'], ['4@1:7002']]);
    expect(routeOf('mkt:x')).toEqual({ route: 'market', id: 'x' });

    await router.close();
    expect([bots.calls.at(-1), market.calls.at(-1)]).toEqual(['close', 'close']);
  });
});
