import type { BotFailure, OfferOutcome } from '../../inventory/trade-bot.ts';
import { marketHashName as steamMarketHashName } from '../steam/market-name.ts';

/**
 * The marketplace purchase's pure rules (docs/delivery-marketplace.md): the item's Steam market
 * hash name, the price cap, what a marketplace's failure text means to the player, how one offer's
 * purchases are written into its `bot_offer_id`, and when a set of purchases settles the offer.
 */

/** What naming needs of a catalogue item (item_defs). */
export interface NamedDef {
  nameEn: string;
  /** 7 is a ★ knife or gloves (QUALITY_LABELS). */
  quality: number;
}

/**
 * The Steam market hash name a marketplace lists the item under: "★ " before knives and gloves,
 * the exterior in brackets for a painted item (grade 6 is a vanilla ★, which has none). Our items
 * are never StatTrak (the price table prices them without it), so no "StatTrak™ " prefix.
 */
export function marketHashName(def: NamedDef, exter: number): string {
  // One rule for both routes: the bots match their assets by the same name (steam/market-name.ts).
  return steamMarketHashName({ nameEn: def.nameEn, exter, star: def.quality === 7 });
}

/** How the cap is computed: the margin on top of the item's value, and the exchange rate. */
export interface PriceCapRule {
  /** Basis points over the item's value we accept to pay (300 = 3 %). */
  marginBp: number;
  /** What one marketplace minor unit costs in our units (1/10000 yuan); Waxpeer's unit is $0.001. */
  unitPriceUnits: number;
}

/**
 * The most we pay for an item, in marketplace minor units: its value plus the margin, converted
 * at the rate and rounded down (a cap is never exceeded by rounding). Integer arithmetic only.
 */
export function priceCap(valueUnits: number, rule: PriceCapRule): number {
  if (!Number.isSafeInteger(valueUnits) || valueUnits < 0) throw new RangeError(`bad value ${valueUnits}`);
  if (!Number.isSafeInteger(rule.marginBp) || rule.marginBp < 0) throw new RangeError(`bad margin ${rule.marginBp}`);
  if (!Number.isSafeInteger(rule.unitPriceUnits) || rule.unitPriceUnits <= 0) {
    throw new RangeError(`bad rate ${rule.unitPriceUnits}`);
  }
  const capped = (BigInt(valueUnits) * BigInt(10_000 + rule.marginBp)) / (10_000n * BigInt(rule.unitPriceUnits));
  return Number(capped);
}

/**
 * What a marketplace's reason text means for the player (the FAQ's causes). Waxpeer's documented
 * texts: "Invalid tradelink", "Your tradelink is incorect, please update it", "Missing partner",
 * "We couldn't validate your trade link, either your inventory is private or you can't trade",
 * "Please set your steam inventory public", "You're banned for not accepting trades", "User has
 * VACBAN or Game Ban", "...they have a trade ban". Anything else (seller did not send, item gone,
 * system busy) is ours to own: bot_fault.
 */
export function failureOfReason(reason: string | null | undefined): BotFailure {
  const r = (reason ?? '').toLowerCase();
  if (/inventory is private|inventory public|private inventory/.test(r)) return 'private_inventory';
  if (/trade ban|trade hold|tradeban|vacban|game ban|banned|can't trade|cannot trade|restricted/.test(r)) {
    return 'trade_restricted';
  }
  if (/invalid trade ?link|trade ?link is incorr?ect|missing (partner|token)|wrong trade ?link/.test(r)) {
    return 'invalid_link';
  }
  return 'bot_fault';
}

/** The failures the player can fix (their link, inventory, trade hold): reported even when nothing was bought. */
export const isPlayerSideFailure = (f: BotFailure) => f !== 'bot_fault';

/** Partner and token of a Steam trade link, or null when it is not one. */
export function parseTradeLink(link: string): { partner: string; token: string } | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  const partner = url.searchParams.get('partner') ?? '';
  const token = url.searchParams.get('token') ?? '';
  if (!/^\d{1,10}$/.test(partner) || !/^[\w-]{1,16}$/.test(token)) return null;
  return { partner, token };
}

/**
 * One item's purchase as written in the offer: the marketplace's purchase id; 'unknown' when the
 * buy request got no answer (it may or may not have happened: looked up by its project id);
 * 'none' when the marketplace refused to sell, with why.
 */
export type PurchaseRef = { kind: 'id'; id: string } | { kind: 'unknown' } | { kind: 'none'; failure: BotFailure };

/** What `bot_offer_id` holds for a marketplace offer: everything needed to resume it after a restart. */
export interface MarketOfferRef {
  offerId: number;
  /** When the purchases started (epoch ms): MARKET_TIMEOUT_MS counts from here. */
  startedAtMs: number;
  /** One per item, in the offer's item order. */
  purchases: PurchaseRef[];
}

const FAILURE_CODES: Record<BotFailure, string> = {
  invalid_link: 'L',
  private_inventory: 'P',
  trade_restricted: 'R',
  bot_fault: 'F',
};
const FAILURE_BY_CODE = new Map(Object.entries(FAILURE_CODES).map(([f, c]) => [c, f as BotFailure]));

/**
 * `<offerId>@<startedAtMs>:<p>,<p>...`, p = a purchase id (digits), `?` (unknown) or `-L`/`-P`/
 * `-R`/`-F` (not bought, and why). Unique per offer (the offer id), so the (bot, bot_offer_id)
 * index holds.
 */
export function encodeOfferRef(ref: MarketOfferRef): string {
  const parts = ref.purchases.map((p) =>
    p.kind === 'id' ? p.id : p.kind === 'unknown' ? '?' : `-${FAILURE_CODES[p.failure]}`,
  );
  return `${ref.offerId}@${ref.startedAtMs}:${parts.join(',')}`;
}

/** The inverse of encodeOfferRef; null for anything else. */
export function decodeOfferRef(text: string): MarketOfferRef | null {
  const m = /^(\d+)@(\d+):(.+)$/.exec(text);
  if (!m) return null;
  const purchases: PurchaseRef[] = [];
  for (const part of (m[3] as string).split(',')) {
    if (/^[\w-]{1,40}$/.test(part) && !part.startsWith('-')) purchases.push({ kind: 'id', id: part });
    else if (part === '?') purchases.push({ kind: 'unknown' });
    else {
      const failure = part.startsWith('-') ? FAILURE_BY_CODE.get(part.slice(1)) : undefined;
      if (!failure) return null;
      purchases.push({ kind: 'none', failure });
    }
  }
  const offerId = Number(m[1]);
  const startedAtMs = Number(m[2]);
  if (!Number.isSafeInteger(offerId) || !Number.isSafeInteger(startedAtMs)) return null;
  return { offerId, startedAtMs, purchases };
}

/** Our own id of one item's purchase at the marketplace (Waxpeer's project_id), to find it without an answer. */
export const projectIdOf = (offerId: number, index: number) => `kx-${offerId}-${index}`;

/** Where one purchase stands. */
export type PurchaseState = { state: 'pending' } | { state: 'delivered' } | { state: 'failed'; failure: BotFailure };

/** The outcome of an offer once its purchases say so, and whether it was a partial delivery. */
export interface Settlement {
  outcome: OfferOutcome;
  /** Items (by index) not delivered while others were: the operator compensates (the doc). */
  undelivered: number[];
}

/**
 * When an offer's purchases settle it. While any is pending (and the time is not up) nothing is
 * decided. All delivered: accepted. None delivered: failed, with the first cause the player can
 * fix, else bot_fault (the items come back as retrieval failed and may be retried). Some
 * delivered: accepted, with the rest listed for the operator — the items that reached the
 * player's Steam account must not come back too, and the player decides per item whether to
 * accept a seller's trade, so returning everything would be a repeatable way to double an item.
 * At the timeout a purchase still pending counts as failed (bot_fault).
 */
export function settle(purchases: readonly PurchaseState[], timedOut: boolean): Settlement | null {
  const states = purchases.map((p) =>
    p.state === 'pending' && timedOut ? ({ state: 'failed', failure: 'bot_fault' } as const) : p,
  );
  if (states.some((p) => p.state === 'pending')) return null;
  const undelivered = states.flatMap((p, i) => (p.state === 'delivered' ? [] : [i]));
  if (undelivered.length === 0) return { outcome: { state: 'accepted' }, undelivered };
  if (undelivered.length < states.length) return { outcome: { state: 'accepted' }, undelivered };
  const failures = states.flatMap((p) => (p.state === 'failed' ? [p.failure] : []));
  const failure = failures.find(isPlayerSideFailure) ?? 'bot_fault';
  return { outcome: { state: 'failed', failure }, undelivered };
}
