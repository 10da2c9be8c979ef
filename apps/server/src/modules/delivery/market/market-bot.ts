import type { OfferToSend, OfferUpdateHandler, TradeBot } from '../../inventory/trade-bot.ts';
import type { MarketClient, MarketTrade } from './market-client.ts';
import {
  decodeOfferRef,
  encodeOfferRef,
  failureOfReason,
  isPlayerSideFailure,
  type MarketOfferRef,
  type PurchaseRef,
  type PurchaseState,
  parseTradeLink,
  priceCap,
  projectIdOf,
  settle,
} from './market-rules.ts';
import { createWaxpeerClient } from './waxpeer-client.ts';

/** The marketplaces we can buy from (MARKET_PROVIDER). */
export const MARKET_PROVIDERS = ['waxpeer'] as const;
export type MarketProvider = (typeof MARKET_PROVIDERS)[number];

export type OfferItem = OfferToSend['items'][number];

export interface MarketplaceBotOptions {
  provider: MarketProvider;
  /** MARKET_API_URL (Waxpeer: https://api.waxpeer.com; the tests: the fake's address). */
  apiUrl: string;
  /** MARKET_API_KEY: the house's account, which pays; never in the repo. */
  apiKey: string;
  /** MARKET_MARGIN_BP: how far above the item's value we still buy (basis points). */
  marginBp: number;
  /** MARKET_UNIT_PRICE_UNITS: what one marketplace minor unit costs in our units (Waxpeer's $0.001 ≈ 72). */
  unitPriceUnits: number;
  /** MARKET_POLL_MS: how often pending purchases are checked. */
  pollMs: number;
  /** MARKET_TIMEOUT_MS: a purchase not settled this long after it started fails (bot_fault). */
  timeoutMs: number;
  /** One HTTP request's limit (default 15 s). */
  requestTimeoutMs?: number;
  /** A buy that got no answer and is still not found by its project id this long after: never happened (default 2 min). */
  lookupGraceMs?: number;
  /** Each item's value in units, in the order given (the catalogue's PriceBook: catalogue-lookups.ts). */
  priceOf(items: readonly OfferItem[]): Promise<number[]>;
  /** Each item's Steam market hash name, in the order given (catalogue-lookups.ts). */
  marketNameOf(items: readonly OfferItem[]): Promise<string[]>;
  now?: () => number;
  log?: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
  /** Another client than the provider's HTTP one (tests of the adapter's own logic). */
  client?: MarketClient;
}

/** The marketplace adapter: a TradeBot that also resumes the purchases a restart left pending. */
export interface MarketplaceBot extends TradeBot {
  /** Polls again the purchases of pending offers (the DB's pending offers of this bot, after a start). */
  resume(pending: readonly { botOfferId: string }[]): void;
}

/** Thrown by sendOffer when nothing was bought (no listing under the cap, purchases off): the items return. */
export class MarketUnavailableError extends Error {
  constructor(
    message: string,
    readonly detail: unknown,
  ) {
    super(message);
    this.name = 'MarketUnavailableError';
  }
}

interface Tracked {
  ref: MarketOfferRef;
  states: PurchaseState[];
}

const stateOfRef = (p: PurchaseRef): PurchaseState =>
  p.kind === 'none' ? { state: 'failed', failure: p.failure } : { state: 'pending' };

function stateOfTrade(t: MarketTrade): PurchaseState {
  if (t.state === 'delivered') return { state: 'delivered' };
  if (t.state === 'failed') return { state: 'failed', failure: failureOfReason(t.reason) };
  return { state: 'pending' };
}

/**
 * Delivery by purchase (issue 24 §1, docs/delivery-marketplace.md): for each item of the offer,
 * buy the cheapest listing at most its value plus the margin from a peer-to-peer marketplace,
 * whose seller sends it straight to the player's trade link; poll until every purchase is
 * delivered, cancelled or past the timeout, then report the offer's outcome once. Paid from the
 * house's marketplace balance: no ledger change here. Everything needed to resume lives in the
 * offer's bot_offer_id (market-rules.ts), so no schema change.
 */
export function createMarketplaceBot(opts: MarketplaceBotOptions): MarketplaceBot {
  const now = opts.now ?? Date.now;
  const lookupGraceMs = opts.lookupGraceMs ?? 120_000;
  const log = opts.log ?? { error: () => undefined, warn: () => undefined };
  const client =
    opts.client ??
    createWaxpeerClient({ apiUrl: opts.apiUrl, apiKey: opts.apiKey, timeoutMs: opts.requestTimeoutMs ?? 15_000 });
  const rule = { marginBp: opts.marginBp, unitPriceUnits: opts.unitPriceUnits };
  const tracked = new Map<string, Tracked>();
  let handler: OfferUpdateHandler | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  function schedule() {
    if (timer || running || closed || tracked.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      running = tick()
        .catch((err) => log.error({ err }, 'marketplace poll failed'))
        .finally(() => {
          running = null;
          schedule();
        });
    }, opts.pollMs);
    timer.unref();
  }

  function track(ref: MarketOfferRef): string {
    const botOfferId = encodeOfferRef(ref);
    if (!tracked.has(botOfferId)) tracked.set(botOfferId, { ref, states: ref.purchases.map(stateOfRef) });
    schedule();
    return botOfferId;
  }

  /** The marketplace's view of these offers' purchases: by purchase id, and by project id for the unknown. */
  async function look(entries: readonly Tracked[]) {
    const ids: string[] = [];
    const projects: string[] = [];
    for (const t of entries) {
      t.ref.purchases.forEach((p, i) => {
        if (t.states[i]?.state !== 'pending') return;
        if (p.kind === 'id') ids.push(p.id);
        else if (p.kind === 'unknown') projects.push(projectIdOf(t.ref.offerId, i));
      });
    }
    const byId = new Map((ids.length ? await client.statuses(ids) : []).map((t) => [t.id, t]));
    const byProject = new Map(
      (projects.length ? await client.byProjectId(projects) : []).map((t) => [t.projectId ?? '', t]),
    );
    return { byId, byProject };
  }

  /** Applies what the marketplace said to one offer's purchases. */
  function update(t: Tracked, seen: Awaited<ReturnType<typeof look>>, at: number) {
    t.ref.purchases.forEach((p, i) => {
      if (t.states[i]?.state !== 'pending') return;
      if (p.kind === 'id') {
        const trade = seen.byId.get(p.id);
        if (trade) t.states[i] = stateOfTrade(trade);
      } else if (p.kind === 'unknown') {
        const trade = seen.byProject.get(projectIdOf(t.ref.offerId, i));
        if (trade) {
          t.ref.purchases[i] = { kind: 'id', id: trade.id };
          t.states[i] = stateOfTrade(trade);
        } else if (at - t.ref.startedAtMs > lookupGraceMs) {
          // The marketplace never recorded it: the buy did not happen.
          t.states[i] = { state: 'failed', failure: 'bot_fault' };
        }
      }
    });
  }

  const pendingIds = (t: Tracked) =>
    t.ref.purchases.flatMap((p, i) => (p.kind === 'id' && t.states[i]?.state === 'pending' ? [p.id] : []));

  async function tick() {
    const entries = [...tracked.entries()];
    // No decision without a fresh answer: a marketplace that is down must not fail purchases that
    // may have been delivered. The next poll tries again.
    const seen = await look(entries.map(([, t]) => t));
    const at = now();
    for (const [botOfferId, t] of entries) {
      update(t, seen, at);
      const timedOut = at - t.ref.startedAtMs >= opts.timeoutMs;
      const stillPending = pendingIds(t);
      if (timedOut && stillPending.length > 0) {
        log.warn({ botOfferId, ids: stillPending }, 'marketplace purchases timed out: cancelling');
        await client.cancel?.(stillPending).catch((err) => log.warn({ err, botOfferId }, 'marketplace cancel failed'));
      }
      const s = settle(t.states, timedOut);
      if (!s) continue;
      if (s.outcome.state === 'accepted' && s.undelivered.length > 0) {
        // Decided in settle(): the delivered items stay delivered; these need the operator.
        log.error(
          { botOfferId, offerId: t.ref.offerId, undelivered: s.undelivered, states: t.states },
          'marketplace partial delivery: compensate the player for the undelivered items',
        );
      }
      if (!handler) continue;
      try {
        await handler(botOfferId, s.outcome);
        tracked.delete(botOfferId);
      } catch (err) {
        // Kept: the trade service applies an outcome once, so the next poll may report it again.
        log.error({ err, botOfferId }, 'marketplace outcome could not be applied');
      }
    }
  }

  /** Buys each item; throws only when nothing was bought. */
  async function buyAll(offer: OfferToSend, link: { partner: string; token: string }) {
    const [names, values] = await Promise.all([opts.marketNameOf(offer.items), opts.priceOf(offer.items)]);
    const caps = values.map((v) => priceCap(v, rule));
    // All listed under their caps before anything is bought: a partial purchase is the case to avoid.
    const cheapest = await client.cheapest(names);
    const short = offer.items.flatMap((item, i) => {
      const price = cheapest.get(names[i] as string);
      return price !== undefined && price <= (caps[i] as number)
        ? []
        : [{ userItemId: item.userItemId, name: names[i], cap: caps[i], cheapest: price ?? null }];
    });
    if (short.length > 0) throw new MarketUnavailableError('no listing under the price cap', short);

    const purchases: PurchaseRef[] = [];
    for (const [i, name] of names.entries()) {
      const req = {
        name,
        maxPrice: caps[i] as number,
        ...link,
        projectId: projectIdOf(offer.offerId, i),
      };
      let answer: Awaited<ReturnType<MarketClient['buy']>>;
      try {
        answer = await client.buy(req);
      } catch (err) {
        // No answer: it may have been bought. Polled by its project id.
        log.warn({ err, offerId: offer.offerId, name }, 'marketplace buy got no answer');
        purchases.push({ kind: 'unknown' });
        continue;
      }
      if (answer.ok) {
        purchases.push({ kind: 'id', id: answer.id });
        continue;
      }
      const failure = failureOfReason(answer.reason);
      const nothingYet = purchases.every((p) => p.kind === 'none');
      if (nothingYet && isPlayerSideFailure(failure)) {
        // The trade link is the same for every item: the player's fix, reported as such.
        return offer.items.map((): PurchaseRef => ({ kind: 'none', failure }));
      }
      if (nothingYet) throw new MarketUnavailableError(`marketplace refused: ${answer.reason}`, req);
      log.warn({ offerId: offer.offerId, name, reason: answer.reason }, 'marketplace refused one item of an offer');
      purchases.push({ kind: 'none', failure });
    }
    return purchases;
  }

  async function cancelOffer(botOfferId: string): Promise<void> {
    const ref = tracked.get(botOfferId)?.ref ?? decodeOfferRef(botOfferId);
    if (!ref) throw new Error(`not a marketplace offer: ${botOfferId}`);
    const t: Tracked = tracked.get(botOfferId) ?? { ref, states: ref.purchases.map(stateOfRef) };
    update(t, await look([t]), now());
    if (t.states.some((s) => s.state === 'delivered')) {
      throw new Error('a purchase of this offer was delivered: it cannot be withdrawn');
    }
    const ids = pendingIds(t);
    if (ids.length > 0 && client.cancel) {
      await client.cancel(ids);
      update(t, await look([t]), now());
    }
    if (t.states.some((s) => s.state !== 'failed')) {
      // The seller may still send: the offer stays pending and its outcome decides.
      throw new Error('marketplace purchases still in progress: cannot withdraw');
    }
    tracked.delete(botOfferId);
  }

  return {
    name: 'market',
    async sendOffer(offer) {
      const startedAtMs = now();
      const link = parseTradeLink(offer.tradeLink);
      const purchases = link
        ? await buyAll(offer, link)
        : offer.items.map((): PurchaseRef => ({ kind: 'none', failure: 'invalid_link' }));
      return { botOfferId: track({ offerId: offer.offerId, startedAtMs, purchases }) };
    },
    cancelOffer,
    onUpdate(h) {
      handler = h;
    },
    resume(pending) {
      for (const { botOfferId } of pending) {
        const ref = decodeOfferRef(botOfferId);
        if (!ref) log.warn({ botOfferId }, 'not a marketplace offer id: not resumed');
        else track(ref);
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
