import type { OfferToSend, OfferUpdateHandler, TradeBot } from '../inventory/trade-bot.ts';

/** The house's own bots as the router needs them: a TradeBot that says whether it holds the items. */
export type BotPool = TradeBot & {
  canSend(offer: OfferToSend): Promise<boolean>;
  /** Pending offers after a restart, when the pool resumes its own (ids without our prefix). */
  resume?(pending: readonly { botOfferId: string }[]): void;
};

/** The marketplace adapter as the router needs it (market/market-bot.ts). */
export type MarketRoute = TradeBot & { resume?(pending: readonly { botOfferId: string }[]): void };

export interface DeliveryRouter extends TradeBot {
  /** The DB's pending offers of bot 'delivery' after a start: each goes back to the adapter that sent it. */
  resume(pending: readonly { botOfferId: string }[]): void;
}

const BOT = 'bot:';
const MARKET = 'mkt:';

/** Which route an id of ours belongs to, and the adapter's own id. */
export function routeOf(botOfferId: string): { route: 'bots' | 'market'; id: string } | null {
  if (botOfferId.startsWith(BOT)) return { route: 'bots', id: botOfferId.slice(BOT.length) };
  if (botOfferId.startsWith(MARKET)) return { route: 'market', id: botOfferId.slice(MARKET.length) };
  return null;
}

/**
 * Delivery (issue 24 §1): one TradeBot in front of the house's bots and the marketplace. An offer
 * goes through the bots when they hold its items, else it is bought on the marketplace; when the
 * bots said yes but then could not send, the marketplace is tried once. Ids carry the route
 * (`bot:` / `mkt:`), so a cancel and each adapter's updates find their way back, and the trade
 * service stores one bot name ('delivery') for both.
 */
export function createDeliveryRouter(opts: {
  bots: BotPool;
  market: MarketRoute;
  log?: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
}): DeliveryRouter {
  const { bots, market } = opts;
  let handler: OfferUpdateHandler | null = null;
  const forward = (prefix: string) => async (id: string, outcome: Parameters<OfferUpdateHandler>[1]) => {
    if (handler) await handler(`${prefix}${id}`, outcome);
  };
  bots.onUpdate(forward(BOT));
  market.onUpdate(forward(MARKET));

  async function viaMarket(offer: OfferToSend) {
    const { botOfferId } = await market.sendOffer(offer);
    return { botOfferId: `${MARKET}${botOfferId}` };
  }

  return {
    name: 'delivery',
    async sendOffer(offer) {
      const held = await bots.canSend(offer).catch((err) => {
        opts.log?.warn({ err, offerId: offer.offerId }, 'bot pool could not say whether it holds the items');
        return false;
      });
      if (!held) return viaMarket(offer);
      try {
        const { botOfferId } = await bots.sendOffer(offer);
        return { botOfferId: `${BOT}${botOfferId}` };
      } catch (err) {
        // No bot could take it after all (logged out, rate-limited, the asset gone): buy it instead.
        opts.log?.warn({ err, offerId: offer.offerId }, 'bots could not send: falling back to the marketplace');
        return viaMarket(offer);
      }
    },
    async cancelOffer(botOfferId) {
      const r = routeOf(botOfferId);
      if (!r) throw new Error(`not a delivery offer id: ${botOfferId}`);
      await (r.route === 'bots' ? bots : market).cancelOffer(r.id);
    },
    onUpdate(h) {
      handler = h;
    },
    resume(pending) {
      const forRoute = (route: 'bots' | 'market') =>
        pending.flatMap((p) => {
          const r = routeOf(p.botOfferId);
          return r?.route === route ? [{ botOfferId: r.id }] : [];
        });
      bots.resume?.(forRoute('bots'));
      market.resume?.(forRoute('market'));
    },
    async close() {
      await Promise.all([bots.close(), market.close()]);
    },
  };
}
