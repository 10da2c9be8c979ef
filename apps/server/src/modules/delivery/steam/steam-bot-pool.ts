import type { Db, Tx } from '../../../db/client.ts';
import { type Clock, systemClock } from '../../../infra/clock.ts';
import type { OfferOutcome, OfferToSend, OfferUpdateHandler, TradeBot } from '../../inventory/trade-bot.ts';
import { parseTradeLink } from '../trade-link-check.ts';
import { parseMarketHashName } from './market-name.ts';
import { outcomeOfState } from './offer-state.ts';
import { botsCovering, neededCounts, offerMessage, randomSecurityCode } from './pool-rules.ts';
import {
  STEAM_ENDPOINTS,
  type SteamApi,
  SteamBotError,
  type SteamEndpoints,
  SteamSendError,
  steamApi,
} from './steam-api.ts';
import { type BotAsset, steamAssetsRepo as repo } from './steam-assets.repo.ts';
import {
  type SteamBotAccount,
  type SteamSessionProvider,
  type SteamWebSession,
  steamUserSession,
} from './steam-session.ts';

/** Plain options: the lead maps environment variables (docs/delivery.md) to these. */
export interface SteamBotPoolOptions {
  db: Db;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  bots: SteamBotAccount[];
  endpoints?: SteamEndpoints;
  /** How a bot logs in; steam-user by default. Tests give sessions of the fake Steam. */
  session?: SteamSessionProvider;
  clock?: Clock;
  /** How often pending offers are asked about (GetTradeOffer). */
  pollMs?: number;
  /** How often bot inventories are read again (new stock, assets traded away elsewhere). */
  inventoryRefreshMs?: number;
  /** How long a bot stays out of the pool after a logout, a 429 or a failure, before it logs in again. */
  reviveMs?: number;
  /** The short code in each offer's message; random by default. */
  securityCode?: () => string;
  fetchFn?: typeof fetch;
  /**
   * The adapter name the trade_offers rows of this pool's offers carry: 'steam' when the pool is
   * the trade bot, the router's ('delivery') when the delivery router sends through it.
   */
  offersBotName?: string;
  log?: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
}

/** The Steam adapter of the trade bot port, with what the marketplace fallback asks first. */
export interface SteamBotPool extends TradeBot {
  sendOffer(offer: OfferToSend): Promise<{ botOfferId: string; securityCode: string }>;
  /** True when one live bot holds a free asset for every item of the offer (else: the marketplace). */
  canSend(offer: OfferToSend): Promise<boolean>;
  /** The security code shown beside one of our offers (trade_offers id), once sent. */
  securityCodeOf(offerId: number): Promise<string | null>;
  /** Names of the bots in the pool now. */
  liveBots(): Promise<string[]>;
  /** One round of the scheduled work: revive bots, poll pending offers, refresh due inventories. */
  tick(): Promise<void>;
  refreshInventories(): Promise<void>;
}

/** Adapter name stored with each trade_offers row. */
export const STEAM_BOT_NAME = 'steam';
/** The prefix of an offer id for a send Steam refused: its cause is reported, nothing is pending at Steam. */
const REFUSED = 'refused-';

interface Bot {
  account: SteamBotAccount;
  name: string;
  api: SteamApi | null;
  /** Out of the pool until this time (epoch ms); 0 when live. */
  downUntil: number;
  /** Sends run one at a time per bot (Steam rate-limits a burst); the tail of the chain. */
  queue: Promise<unknown>;
  queued: number;
  inventoryAt: number;
}

/**
 * A pool of Steam bot accounts behind the TradeBot port (issue 24 §1). An offer is sent by one
 * bot holding every item: its assets are reserved in the database first (steam_bot_assets), the
 * offer goes to the player's trade link with a security code, and is confirmed with the bot's
 * identity secret. Outcomes come from polling GetTradeOffer for every pending offer in the
 * database, so a restart resumes them. A bot that is logged out, rate-limited or failing leaves
 * the pool for `reviveMs`; its queued sends move to another live bot.
 */
export function createSteamBotPool(opts: SteamBotPoolOptions): SteamBotPool {
  const { db } = opts;
  const clock = opts.clock ?? systemClock;
  const endpoints = opts.endpoints ?? STEAM_ENDPOINTS;
  const session = opts.session ?? steamUserSession();
  const pollMs = opts.pollMs ?? 10_000;
  const inventoryRefreshMs = opts.inventoryRefreshMs ?? 10 * 60_000;
  const reviveMs = opts.reviveMs ?? 60_000;
  const makeCode = opts.securityCode ?? randomSecurityCode;
  let handler: OfferUpdateHandler | null = null;
  let closed = false;
  /** Offers we are cancelling: a poll must not report their Canceled state as a bot fault. */
  const cancelling = new Set<string>();
  const bots: Bot[] = opts.bots.map((account) => ({
    account,
    name: account.accountName,
    api: null,
    downUntil: 0,
    queue: Promise.resolve(),
    queued: 0,
    inventoryAt: 0,
  }));
  const live = (b: Bot) => b.api !== null && b.downUntil === 0;

  function takeOut(bot: Bot, err: unknown) {
    if (bot.downUntil === 0) opts.log?.warn({ bot: bot.name, err }, 'steam bot leaves the pool');
    bot.downUntil = clock.now() + reviveMs;
    bot.api = null;
  }

  async function logIn(bot: Bot): Promise<void> {
    try {
      const s: SteamWebSession = await session(bot.account);
      bot.api = steamApi(endpoints, s, {
        identitySecret: bot.account.identitySecret,
        nowSeconds: () => Math.floor(clock.now() / 1000),
        ...(opts.fetchFn ? { fetchFn: opts.fetchFn } : {}),
      });
      bot.downUntil = 0;
      bot.inventoryAt = 0;
    } catch (err) {
      takeOut(bot, err);
    }
  }

  async function refreshBot(bot: Bot): Promise<void> {
    const api = bot.api;
    if (!api) return;
    try {
      const inv = await api.inventory();
      const keys = inv.map((a) => (a.tradable ? parseMarketHashName(a.marketHashName) : null));
      const names = [...new Set(keys.flatMap((k) => (k ? [k.nameEn] : [])))];
      const defs = await repo.catalogueByName(db, names);
      // ★ is Steam's mark of quality 7 (knives, gloves): it tells "★ Bayonet" from a sticker named alike.
      const byKey = new Map(defs.map((d) => [`${d.quality === 7}|${d.nameEn}`, d.id]));
      const assets: BotAsset[] = inv.map((a, i) => {
        const k = keys[i];
        const id = k ? byKey.get(`${k.star}|${k.nameEn}`) : undefined;
        return {
          assetId: a.assetId,
          marketHashName: a.marketHashName,
          itemDefId: id ?? null,
          exter: id !== undefined && k ? k.exter : null,
        };
      });
      await opts.transaction((tx) => repo.replaceInventory(tx, bot.name, assets, new Date(clock.now())));
      bot.inventoryAt = clock.now();
    } catch (err) {
      if (err instanceof SteamBotError) takeOut(bot, err);
      else opts.log?.error({ err, bot: bot.name }, 'steam bot inventory refresh failed');
    }
  }

  async function refreshInventories(): Promise<void> {
    await repo.releaseResolved(db);
    await Promise.all(bots.filter(live).map(refreshBot));
  }

  const ready = (async () => {
    await Promise.all(bots.map(logIn));
    await refreshInventories();
  })();

  /** Reserves every item on one live bot not in `skip`, least busy first; null when none can. */
  async function reserve(offer: OfferToSend, skip: Set<string>): Promise<{ bot: Bot; assetIds: string[] } | null> {
    const candidates = bots.filter((b) => live(b) && !skip.has(b.name));
    const counts = await repo.freeCounts(
      db,
      candidates.map((b) => b.name),
      offer.items,
    );
    const covering = new Set(botsCovering(neededCounts(offer.items), counts));
    for (const bot of candidates.filter((b) => covering.has(b.name)).sort((a, b) => a.queued - b.queued)) {
      const assetIds = await opts
        .transaction(async (tx) => {
          const ids: string[] = [];
          for (const item of offer.items) {
            const id = await repo.reserveOne(tx, bot.name, offer.offerId, item);
            // Another offer took the last copy since the count: roll back this bot's reservations.
            if (!id) throw new NotHeld();
            ids.push(id);
          }
          return ids;
        })
        .catch((err) => {
          if (err instanceof NotHeld) return null;
          throw err;
        });
      if (assetIds) return { bot, assetIds };
    }
    return null;
  }

  /** Runs `job` after the bot's earlier sends; a bot that left the pool meanwhile refuses it. */
  function enqueue<T>(bot: Bot, job: (api: SteamApi) => Promise<T>): Promise<T> {
    bot.queued++;
    const run = bot.queue.then(() => {
      if (!live(bot) || !bot.api) throw new SteamBotError(`bot ${bot.name} left the pool`, 0);
      return job(bot.api);
    });
    bot.queue = run.catch(() => undefined);
    return run.finally(() => {
      bot.queued--;
    });
  }

  function reportLater(botOfferId: string, outcome: OfferOutcome) {
    // After sendOffer returns, so the trade service has the id (it also waits for sends in flight).
    setImmediate(() => {
      void handler?.(botOfferId, outcome).catch((err) =>
        opts.log?.error({ err, botOfferId }, 'steam offer outcome could not be applied'),
      );
    });
  }

  async function sendOffer(offer: OfferToSend): Promise<{ botOfferId: string; securityCode: string }> {
    await ready;
    const securityCode = makeCode();
    const link = parseTradeLink(offer.tradeLink);
    if (!link) {
      const botOfferId = `${REFUSED}${offer.offerId}`;
      reportLater(botOfferId, { state: 'failed', failure: 'invalid_link' });
      return { botOfferId, securityCode };
    }
    const tried = new Set<string>();
    for (;;) {
      const picked = await reserve(offer, tried);
      if (!picked) throw new Error(`no live steam bot holds every item of offer ${offer.offerId}`);
      const { bot, assetIds } = picked;
      try {
        const sent = await enqueue(bot, async (api) => {
          const r = await api.sendOffer({
            partnerAccountId: link.partner,
            token: link.token,
            assetIds,
            message: offerMessage(offer.offerId, securityCode),
          });
          if (r.needsConfirmation) {
            try {
              await api.confirmOffer(r.tradeOfferId);
            } catch (err) {
              // An unconfirmed offer never reaches the player: withdraw it and let another bot try.
              await api.cancelOffer(r.tradeOfferId).catch(() => undefined);
              throw err;
            }
          }
          return r;
        });
        try {
          await repo.insertOffer(db, {
            offerId: offer.offerId,
            bot: bot.name,
            steamOfferId: sent.tradeOfferId,
            securityCode,
            createdAt: new Date(clock.now()),
          });
        } catch (err) {
          // Without its row nobody would ever poll or cancel it: withdraw it, the items come back.
          await bot.api?.cancelOffer(sent.tradeOfferId).catch(() => undefined);
          throw err;
        }
        return { botOfferId: sent.tradeOfferId, securityCode };
      } catch (err) {
        await repo.release(db, offer.offerId);
        if (err instanceof SteamSendError && err.refusal.kind === 'offer') {
          const botOfferId = `${REFUSED}${offer.offerId}`;
          reportLater(botOfferId, err.refusal.outcome);
          return { botOfferId, securityCode };
        }
        if (err instanceof SteamBotError || err instanceof SteamSendError) {
          takeOut(bot, err);
          tried.add(bot.name);
          continue;
        }
        throw err;
      }
    }
  }

  /** Asks Steam about every pending offer of a live bot; reports the ones that ended. */
  async function poll(): Promise<void> {
    if (!handler) return;
    for (const row of await repo.pending(db, opts.offersBotName ?? STEAM_BOT_NAME)) {
      if (closed) return;
      const bot = bots.find((b) => b.name === row.bot);
      if (!bot?.api || !live(bot) || cancelling.has(row.steamOfferId)) continue;
      let outcome: OfferOutcome | null;
      try {
        const offer = await bot.api.getOffer(row.steamOfferId);
        outcome = offer ? outcomeOfState(offer.trade_offer_state) : null;
      } catch (err) {
        takeOut(bot, err);
        continue;
      }
      if (!outcome || cancelling.has(row.steamOfferId)) continue;
      try {
        await handler(row.steamOfferId, outcome);
        if (outcome.state === 'accepted') await repo.removeSent(db, row.offerId);
        else await repo.release(db, row.offerId);
      } catch (err) {
        opts.log?.error({ err, steamOfferId: row.steamOfferId }, 'steam offer outcome could not be applied');
      }
    }
  }

  let chain: Promise<void> = Promise.resolve();
  let queuedTicks = 0;
  async function tickOnce(): Promise<void> {
    await ready;
    const now = clock.now();
    await Promise.all(bots.filter((b) => b.downUntil !== 0 && b.downUntil <= now).map(logIn));
    await poll();
    if (bots.some((b) => live(b) && now - b.inventoryAt >= inventoryRefreshMs)) await refreshInventories();
  }
  /** A full round that starts after this call (after any round in progress: ticks never overlap). */
  function tick(): Promise<void> {
    queuedTicks++;
    const run = chain.then(tickOnce).finally(() => {
      queuedTicks--;
    });
    chain = run.catch(() => undefined);
    return run;
  }
  const timer = setInterval(() => {
    // A slow Steam must not pile polls up: the timer skips while a round is queued.
    if (queuedTicks === 0) void tick().catch((err) => opts.log?.error({ err }, 'steam bot pool tick failed'));
  }, pollMs);
  timer.unref();

  return {
    name: STEAM_BOT_NAME,
    sendOffer,
    async cancelOffer(botOfferId) {
      if (botOfferId.startsWith(REFUSED)) return;
      const row = await repo.offerBySteamId(db, botOfferId);
      if (!row) return;
      const bot = bots.find((b) => b.name === row.bot);
      // The trade service keeps the offer pending and asks again later; its outcome still decides.
      if (!bot?.api || !live(bot)) throw new Error(`steam bot ${row.bot} is not in the pool`);
      cancelling.add(botOfferId);
      try {
        await bot.api.cancelOffer(botOfferId);
        await repo.release(db, row.offerId);
      } catch (err) {
        cancelling.delete(botOfferId);
        throw err;
      }
    },
    onUpdate(h) {
      handler = h;
      // Resume: offers left pending by an earlier process are asked about at once.
      void tick().catch((err) => opts.log?.error({ err }, 'steam bot pool tick failed'));
    },
    async canSend(offer) {
      await ready;
      const names = bots.filter(live).map((b) => b.name);
      const counts = await repo.freeCounts(db, names, offer.items);
      return botsCovering(neededCounts(offer.items), counts).length > 0;
    },
    async securityCodeOf(offerId) {
      return (await repo.offerById(db, offerId))?.securityCode ?? null;
    },
    async liveBots() {
      await ready;
      return bots.filter(live).map((b) => b.name);
    },
    tick,
    async refreshInventories() {
      await ready;
      await refreshInventories();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await ready.catch(() => undefined);
      await chain;
    },
  };
}

class NotHeld extends Error {}
