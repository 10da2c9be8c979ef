import type { ErrorKey } from '@kaixiang/shared/errors';
import { and, eq, isNotNull } from 'drizzle-orm';
import { tradeOffers } from '../../db/schema/trade.ts';
import type { Runtime } from '../../runtime.ts';
import { createSandboxTradeBot, type SandboxTradeBot } from '../inventory/sandbox-trade-bot.ts';
import type { TradeBot } from '../inventory/trade-bot.ts';
import { createDeliveryRouter, type DeliveryRouter } from './delivery-router.ts';
import { catalogueLookups } from './market/catalogue-lookups.ts';
import { createMarketplaceBot } from './market/market-bot.ts';
import { STEAM_ENDPOINTS, type SteamEndpoints } from './steam/steam-api.ts';
import { createSteamBotPool, type SteamBotPool } from './steam/steam-bot-pool.ts';
import { parseSteamBots, type SteamSessionProvider } from './steam/steam-session.ts';
import { checkTradeLink } from './trade-link-check.ts';

type Log = { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };

/** What the inventory module gets: the trade bot port's adapter the config chooses, and its extras. */
export interface Delivery {
  bot: TradeBot;
  /** The sandbox adapter (TRADE_BOT=sandbox): the dev page drives it. */
  sandbox: SandboxTradeBot | null;
  /** The Steam pool (TRADE_BOT=steam): the security code of an offer. */
  pool: SteamBotPool | null;
  /**
   * Checks the player's trade link before an offer is made (TRADE_BOT=steam): the refusal, or
   * null to go ahead. The sandbox checks nothing beyond the binding's format check.
   */
  checkLink: ((link: string) => Promise<ErrorKey | null>) | null;
  /** After the trade service has taken the bot's updates: pending offers are followed again. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds retrieval's delivery from the config (docs/delivery.md): the sandbox by default; with
 * TRADE_BOT=steam the Steam bot pool of STEAM_BOTS, and, when MARKET_PROVIDER is set, the delivery
 * router that buys from the marketplace what no bot holds. `session` replaces steam-user's login
 * (tests: the fake Steam's sessions).
 */
export function createDelivery(rt: Runtime, opts: { log?: Log; session?: SteamSessionProvider } = {}): Delivery {
  const { config } = rt;
  const db = rt.database.db;
  if (config.TRADE_BOT === 'sandbox') {
    const sandbox = createSandboxTradeBot({
      mode: config.SANDBOX_TRADE_MODE ?? (config.NODE_ENV === 'production' ? 'manual' : 'auto_accept'),
      delayMs: config.SANDBOX_TRADE_DELAY_MS,
    });
    return { bot: sandbox, sandbox, pool: null, checkLink: null, resume: async () => {}, close: () => sandbox.close() };
  }
  const endpoints: SteamEndpoints = {
    communityUrl: config.STEAM_COMMUNITY_URL ?? STEAM_ENDPOINTS.communityUrl,
    apiUrl: config.STEAM_API_URL ?? STEAM_ENDPOINTS.apiUrl,
  };
  const routed = config.MARKET_PROVIDER !== undefined;
  const pool = createSteamBotPool({
    db,
    transaction: (fn) => rt.transaction(fn),
    bots: parseSteamBots(config.STEAM_BOTS ?? ''),
    endpoints,
    ...(opts.session ? { session: opts.session } : {}),
    clock: rt.clock,
    pollMs: config.STEAM_POLL_MS,
    inventoryRefreshMs: config.STEAM_INVENTORY_REFRESH_MS,
    reviveMs: config.STEAM_BOT_REVIVE_MS,
    // Routed, the trade service stores the router's name with every offer.
    ...(routed ? { offersBotName: 'delivery' } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  });
  let router: DeliveryRouter | null = null;
  if (config.MARKET_PROVIDER) {
    const lookups = catalogueLookups(db);
    const market = createMarketplaceBot({
      provider: config.MARKET_PROVIDER,
      apiUrl: config.MARKET_API_URL ?? 'https://api.waxpeer.com',
      apiKey: config.MARKET_API_KEY ?? '',
      marginBp: config.MARKET_MARGIN_BP,
      unitPriceUnits: config.MARKET_UNIT_PRICE_UNITS,
      pollMs: config.MARKET_POLL_MS,
      timeoutMs: config.MARKET_TIMEOUT_MS,
      priceOf: lookups.priceOf,
      marketNameOf: lookups.marketNameOf,
      now: () => rt.clock.now(),
      ...(opts.log ? { log: opts.log } : {}),
    });
    router = createDeliveryRouter({ bots: pool, market, ...(opts.log ? { log: opts.log } : {}) });
  }
  const bot: TradeBot = router ?? pool;
  return {
    bot,
    sandbox: null,
    pool,
    async checkLink(link) {
      const r = await checkTradeLink(link, { apiKey: config.STEAM_API_KEY, endpoints });
      if (r.result === 'invalid_link') return 'TRADE_LINK_INVALID';
      if (r.result === 'private_inventory') return 'RETRIEVE_INVENTORY_PRIVATE';
      if (r.result === 'trade_hold') return 'RETRIEVE_TRADE_HOLD';
      return null;
    },
    async resume() {
      // The pool follows its own pending offers from the database on every tick; the marketplace
      // keeps its purchases in memory, so a start hands it the router's pending offers.
      if (!router) return;
      const rows = await db
        .select({ botOfferId: tradeOffers.botOfferId })
        .from(tradeOffers)
        .where(
          and(eq(tradeOffers.state, 'pending'), eq(tradeOffers.bot, router.name), isNotNull(tradeOffers.botOfferId)),
        );
      router.resume(rows.flatMap((r) => (r.botOfferId ? [{ botOfferId: r.botOfferId }] : [])));
    },
    close: () => bot.close(),
  };
}
