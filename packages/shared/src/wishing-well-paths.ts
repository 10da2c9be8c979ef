/**
 * Where the wishing well (许愿池, issue 22) lives, paths relative to /api (the spec names no calls:
 * ours are in wishing-well.ts and docs/promotions/wishing-well.md), and the constants its screens,
 * the fairness page and the server share without zod.
 */
export const WISHING_WELL_PATHS = {
  /** GET → wishingWellListResponse: the entries on show (signed in: with the player's balances). */
  list: '/promotion/v1/wishing-well/list',
  /** POST {entry_id, price, chance_ppm, request_id} → wishResponse: one wish, paid and rolled. */
  wish: '/promotion/v1/wishing-well/wish',
  /** GET ?page&page_size → {list, total}: the player's wishes, newest first, with their proofs. */
  records: '/promotion/v1/wishing-well/records',
} as const;

/** The admin API of the wishing well's entries (role admin; docs/operations.md "Admin API"). */
export const ADMIN_WISHING_WELL_PATHS = {
  /** GET → {list}: every entry, withdrawn ones too, with wishes, hits and what they took and gave. */
  entries: '/admin/v1/wishing-well/entries',
  /** POST adminWishInput → the entry. */
  create: '/admin/v1/wishing-well/create',
  /** POST {id, …fields to change, reason} → the entry. */
  update: '/admin/v1/wishing-well/update',
  /** POST {id, reason} → the entry: takes it off the well (wishes made stay readable). */
  withdraw: '/admin/v1/wishing-well/withdraw',
} as const;

/** What a wish is paid in: points (the `point` ledger currency) or coins (units). */
export const WISH_CURRENCIES = ['point', 'coin'] as const;
export type WishCurrency = (typeof WISH_CURRENCIES)[number];

/** The `game` part of a wish's HMAC message: "wish:<clientSeed>:<nonce>:<cursor>". */
export const WISH_GAME = 'wish';
/** A wish's roll is uniform in [0, WISH_SCALE); it hits when roll < chance (ppm of WISH_SCALE). */
export const WISH_SCALE = 1_000_000;
/**
 * What one point is worth in coin units (1/10000 yuan) when a point-priced wish's return is shown:
 * 100 units = ¥0.01, the points shop's own rate (¥1 of coins for 100 points).
 */
export const WISH_POINT_UNITS = 100;
/** The most an entry may return on average (ppm): an operator's change above it is refused. */
export const WISH_MAX_RTP_PPM = 950_000;

/** The ledger kind of a wish's debit (player → the wishing_well house account). */
export const WISH_TRANSFER_KIND = 'wishing_well';

export { WISHING_WELL_ROUTE } from './wishing-well-route.ts';
