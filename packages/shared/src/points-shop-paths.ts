/**
 * Where the points shop (积分商城, issue 22) lives, paths relative to /api (the spec names the
 * feature but gives no calls: ours are in points-shop.ts and docs/promotions/points-shop.md), and
 * the constants the shell and the shop's screens need without zod.
 */
export const POINTS_SHOP_PATHS = {
  /** GET → pointsShopListResponse: the entries on show (signed in: with the player's points and limits). */
  list: '/promotion/v1/points-shop/list',
  /** POST {entry_id, price, request_id} → pointsShopBuyResponse: buys one. */
  buy: '/promotion/v1/points-shop/buy',
  /** GET ?page&page_size → {list, total}: the player's purchases, newest first. */
  records: '/promotion/v1/points-shop/records',
} as const;

/** The admin API of the shop's entries (role admin; docs/operations.md "Admin API"). */
export const ADMIN_POINTS_SHOP_PATHS = {
  /** GET → {list}: every entry, withdrawn ones too, with what it sold and cost. */
  entries: '/admin/v1/points-shop/entries',
  /** POST adminPointsShopInput → the entry. */
  create: '/admin/v1/points-shop/create',
  /** POST {id, …fields to change, reason} → the entry. */
  update: '/admin/v1/points-shop/update',
  /** POST {id, add, reason} → the entry: raises a limited entry's stock by `add`. */
  addStock: '/admin/v1/points-shop/add-stock',
  /** POST {id, reason} → the entry: takes it off the shop (bought goods stay bought). */
  withdraw: '/admin/v1/points-shop/withdraw',
} as const;

/** What an entry sells: a catalogue item (to the inventory), coins (to the balance) or lucky bags. */
export const POINTS_SHOP_KINDS = ['item', 'coin', 'bag'] as const;
export type PointsShopKind = (typeof POINTS_SHOP_KINDS)[number];

/** A per-player limit counts the purchases of one China day, or of all time. */
export const POINTS_SHOP_LIMIT_PERIODS = ['day', 'ever'] as const;
export type PointsShopLimitPeriod = (typeof POINTS_SHOP_LIMIT_PERIODS)[number];

/** Where an entry stands for a player: buyable, not yet, no longer, none left. */
export const POINTS_SHOP_STATES = ['on', 'upcoming', 'ended', 'sold_out'] as const;
export type PointsShopState = (typeof POINTS_SHOP_STATES)[number];

/** The ledger kind of a purchase's transfers (the points paid; the coins of a coin entry). */
export const POINTS_SHOP_TRANSFER_KIND = 'points_shop';

/** The shop's page: under /activity, beside the sign-in calendar (the footer is hidden there). */
export const POINTS_SHOP_ROUTE = '/activity/pointsShop';
