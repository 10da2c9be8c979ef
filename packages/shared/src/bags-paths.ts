/**
 * Where the lucky bag (福袋) API lives, paths relative to /api (spec 2 §7 promotion calls
 * blessing-bag has-bag / get-bag / get-record and bag/get; the spec gives no payloads: ours are in
 * bags.ts and docs/promotions/bags.md), and the constants the shell, the bag screens and the
 * fairness page need. Apart from the schemas: the shell's bag icon names them without zod.
 */
export const BAG_PATHS = {
  /** GET → hasBagResponse: whether the player holds an unopened bag (the icon), how many. */
  hasBag: '/promotion/v1/blessing-bag/has-bag',
  /** POST {} → openBagResponse: opens the player's oldest unopened bag (the icon's button). */
  getBag: '/promotion/v1/blessing-bag/get-bag',
  /** POST {bag_id} → openBagResponse: opens that one of the player's bags (from the record). */
  open: '/promotion/v1/bag/get',
  /** GET ?page&page_size&state → {list, total}: the player's bags, newest first, with proofs. */
  record: '/promotion/v1/blessing-bag/get-record',
  /** GET ?campaign_id&version → bagTableResponse: a campaign's published amount table (public). */
  table: '/promotion/v1/blessing-bag/get-table',
} as const;

/** The admin API of the bags (role admin; docs/operations.md "Admin API"). */
export const ADMIN_BAG_PATHS = {
  /** GET → {list}: every campaign with its current table, expected value and counts. */
  campaigns: '/admin/v1/bags/campaigns',
  /** POST adminCampaignInput → the campaign. */
  createCampaign: '/admin/v1/bags/create-campaign',
  /** POST {id, …fields to change, reason} → the campaign; a new table is a new version. */
  updateCampaign: '/admin/v1/bags/update-campaign',
  /** POST {campaign_id, user_id, count, reason} → {granted}: bags given by hand (compensation). */
  grant: '/admin/v1/bags/grant-bags',
} as const;

/** The `game` part of the HMAC message of a bag roll: "bag:<clientSeed>:<nonce>:<cursor>". */
export const BAG_GAME = 'bag';
/** Every bag table's tickets sum to this; a roll is a ticket in [0, BAG_TICKETS). */
export const BAG_TICKETS = 1_000_000;
/** One opening request per this long per player (spec 2 §4, §9: lucky bag cooldown 3 s). */
export const BAG_OPEN_COOLDOWN_MS = 3_000;

/**
 * How a campaign gives its bags (docs/promotions/bags.md "Campaigns"); `energy`: the table of an
 * energy box level, given only when the player opens that level (docs/promotions/energy-box.md).
 */
export const BAG_CAMPAIGN_KINDS = ['daily_recharge', 'vip_level', 'grant', 'energy'] as const;
export type BagCampaignKind = (typeof BAG_CAMPAIGN_KINDS)[number];

/** Where a player's bag came from. */
export const BAG_SOURCES = [
  'daily_recharge',
  'vip_level',
  'mail',
  'redeem',
  'admin',
  'sign_in',
  'points_shop',
  'energy',
] as const;
export type BagSource = (typeof BAG_SOURCES)[number];

/** A bag's state: 0 unopened, 1 opened. */
export const BAG_STATE = { unopened: 0, opened: 1 } as const;

/** Socket event on room user:{id} when the player's unopened bags change (given or opened). */
export const BAG_COUNT_EVENT = 'bag_count';

export interface BagCountPush {
  count: number;
}
