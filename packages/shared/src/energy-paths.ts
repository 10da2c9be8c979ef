/**
 * Where the energy box (能量箱, spec 2 "Energy box and first-charge free box"; issue 22) lives,
 * paths relative to /api (the spec names the feature and its refusal but gives no calls: ours are
 * in energy.ts and docs/promotions/energy-box.md), and the constants the shell and the page need
 * without zod.
 */
export const ENERGY_PATHS = {
  /** GET → energyInfoResponse: this week's energy, the levels with their tables and states. */
  info: '/promotion/v1/energy/get-info',
  /** POST {level_id} → energyOpenResponse: opens that level's box (once a week, level reached). */
  open: '/promotion/v1/energy/open',
} as const;

/** The admin API of the energy levels (role admin; docs/operations.md "Admin API"). */
export const ADMIN_ENERGY_PATHS = {
  /** GET → {list}: every level with its table (the bag campaign's), expected value and counts. */
  levels: '/admin/v1/energy/levels',
  /** POST adminEnergyLevelInput → the level. */
  createLevel: '/admin/v1/energy/create-level',
  /** POST {id, …fields to change, reason} → the level. */
  updateLevel: '/admin/v1/energy/update-level',
} as const;

/** The page of the energy box (lazily loaded; any path with /activity hides the footer). */
export const ENERGY_ROUTE = '/activity/energyBox';

/**
 * The ledger kinds whose coin entries make energy: what the player stakes on boxes, battles,
 * upgrades and the turntable (debits), less what a battle refunded (battle_refund) and what the
 * house paid for a free opening (free_box): energy = −Σ of those entries in the period, at least 0.
 */
export const ENERGY_KINDS = [
  'box_open',
  'battle_entry',
  'battle_refund',
  'upgrade_stake',
  'turntable_bet',
  'free_box',
] as const;

/** The free boxes (首充免费箱, the trade-link box): paths relative to /api. */
export const FREE_BOX_PATHS = {
  /** GET → freeBoxesResponse: each free box, its box and where the player stands. */
  info: '/promotion/v1/free-box/get-info',
  /** POST {kind} → freeBoxOpenResponse: the free opening (once). */
  open: '/promotion/v1/free-box/open',
} as const;

export const ADMIN_FREE_BOX_PATHS = {
  /** GET → {list}: both free boxes with their box, on/off and how many were claimed. */
  list: '/admin/v1/free-boxes/list',
  /** POST {kind, box_id?, enabled?, reason} → every free box (as `list`), names in the request's language. */
  update: '/admin/v1/free-boxes/update',
} as const;

/** first_charge: after the first recharge, once per player and per real-name ID; trade_link: after binding a trade link, once per account. */
export const FREE_BOX_KINDS = ['first_charge', 'trade_link'] as const;
export type FreeBoxKind = (typeof FREE_BOX_KINDS)[number];

/** Where a free box stands for a player. */
export const FREE_BOX_STATES = ['off', 'not_eligible', 'needs_identity', 'claimable', 'claimed'] as const;
export type FreeBoxState = (typeof FREE_BOX_STATES)[number];
