/**
 * Where the upgrade (装备升级) API lives, paths relative to /api (spec 2 §7 goods/v1/upgrade/*),
 * and the constants its screen and the fairness page need. Apart from the schemas in upgrade.ts:
 * a first load can name them without zod.
 */
export const UPGRADE_PATHS = {
  /** GET: the target categories (weapon classes that have targets), with how many each holds. */
  categories: '/goods/v1/upgrade/get-category-list',
  /** GET: the limits and the house edge: min and max rate, RTP, the stake limits. */
  rates: '/goods/v1/upgrade/get-upgrade-min-max-rate',
  /** POST {page, page_size, category?, keyword?, sort?, min_price?, max_price?, stake_value?}: targets. */
  list: '/goods/v1/upgrade/get-upgrade-list',
  /** POST {upgrade_item_id?, page, page_size}: everybody's recent upgrades (of one target when given). */
  itemHistory: '/goods/v1/upgrade/upgrade-item-history',
  /** POST {upgrade_item_id, item_ids, balance, request_id}: stake and roll. */
  upgrade: '/goods/v1/upgrade/upgrade-item',
  /** GET ?page&page_size: the player's own upgrades, each with what the fairness page needs. */
  userHistory: '/goods/v1/upgrade/user-upgrade-history',
} as const;

/** The `game` part of the HMAC message of an upgrade roll: "upgrade:<clientSeed>:<nonce>:<cursor>". */
export const UPGRADE_GAME = 'upgrade';
/**
 * Rates (chance, limits, house edge, RTP) are integers in parts per million of this scale; the
 * roll is a uniform integer in [0, UPGRADE_RATE_SCALE) and wins when it is below the rate.
 */
export const UPGRADE_RATE_SCALE = 1_000_000;
/** At most this many items in one upgrade's stake (UPGRADE_TOO_MANY_ITEMS says 10: keep them in step). */
export const UPGRADE_MAX_STAKE_ITEMS = 10;
/** A balance stake is whole fen: a multiple of this many units (1/10000 yuan). */
export const UPGRADE_BALANCE_STEP_UNITS = 100;
