/**
 * The marketplace as the purchase adapter needs it (STYLE.md §4): the cheapest listing of some
 * items, a purchase sent by the seller straight to a trade link, and the purchases' states. One
 * implementation today, Waxpeer's documented HTTP API (waxpeer-client.ts); the test fake serves
 * the same endpoints. Prices are the marketplace's minor units (Waxpeer: 1000 = $1).
 */
export interface MarketClient {
  /** The cheapest listing's price per market hash name; a name nobody sells is absent. */
  cheapest(names: readonly string[]): Promise<Map<string, number>>;
  /**
   * Buys the cheapest listing at most `maxPrice`, the seller sending to the trade link. A refusal
   * (no stock under the price, bad link, purchases off) is `{ ok: false, reason }`; a request
   * that got no answer throws (the purchase may exist: look it up by `projectId`).
   */
  buy(req: BuyRequest): Promise<{ ok: true; id: string } | { ok: false; reason: string }>;
  /** Purchases by the ids `buy` returned; unknown ids are absent. */
  statuses(ids: readonly string[]): Promise<MarketTrade[]>;
  /** Purchases by our project ids. */
  byProjectId(projectIds: readonly string[]): Promise<MarketTrade[]>;
  /**
   * Withdraws purchases still in progress, where the marketplace lets a buyer do so. Waxpeer
   * documents no buyer cancel (its trades cancel themselves: 6 minutes, 11-15 minutes, at most 6
   * hours): then absent.
   */
  cancel?(ids: readonly string[]): Promise<void>;
}

export interface BuyRequest {
  name: string;
  maxPrice: number;
  partner: string;
  token: string;
  projectId: string;
}

/** A purchase's state at the marketplace. */
export interface MarketTrade {
  id: string;
  projectId: string | null;
  /** delivered: the player has it; failed: cancelled, with the marketplace's reason. */
  state: 'pending' | 'delivered' | 'failed';
  reason: string | null;
}
