import { z } from 'zod';
import { WEAPON_CLASSES } from './items.ts';
import { recordId } from './record-id.ts';
import { playerVipLevel } from './vip.ts';

/**
 * Contract of the upgrade (装备升级; spec 1 §3, spec 2 §2/§3/§7, issue 13; rules in
 * packages/game/src/upgrade.ts and docs/games/upgrade.md "Upgrade"). Amounts are integer units
 * (1/10000 yuan); rates are integers in ppm of UPGRADE_RATE_SCALE; times epoch ms.
 */
export {
  UPGRADE_BALANCE_STEP_UNITS,
  UPGRADE_GAME,
  UPGRADE_MAX_STAKE_ITEMS,
  UPGRADE_PATHS,
  UPGRADE_RATE_SCALE,
} from './upgrade-paths.ts';

export const UPGRADE_SORTS = ['price_asc', 'price_desc'] as const;

/** A filter amount: units, within what a bigint price column holds and a JSON number keeps exact. */
const units = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const upgradeCategory = z.object({
  /** A weapon class (WEAPON_CLASSES): what get-upgrade-list's `category` takes. */
  category: z.enum(WEAPON_CLASSES),
  name: z.string(),
  /** How many targets it holds. */
  count: z.number().int(),
});
export const upgradeCategoriesResponse = z.object({ list: z.array(upgradeCategory) });
export type UpgradeCategoriesResponse = z.infer<typeof upgradeCategoriesResponse>;

/** The server's limits (get-upgrade-min-max-rate). Every rate is ppm of rate_scale. */
export const upgradeRatesResponse = z.object({
  rate_scale: z.number().int(),
  /** The least chance an upgrade may have; a smaller one is refused. */
  min_rate_ppm: z.number().int(),
  /** The most chance an upgrade may have ("upgrade shows a maximum probability"); more is capped. */
  max_rate_ppm: z.number().int(),
  house_edge_ppm: z.number().int(),
  /** rate_scale − house_edge_ppm: what an uncapped upgrade returns on average. */
  rtp_ppm: z.number().int(),
  max_stake_items: z.number().int(),
  /** A balance stake is a multiple of this many units (whole fen). */
  balance_step_units: z.number().int(),
});
export type UpgradeRatesResponse = z.infer<typeof upgradeRatesResponse>;

export const upgradeListRequest = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(100).default(24),
  category: z.enum(WEAPON_CLASSES).optional(),
  /** Part of the name, in the request's language. */
  keyword: z.string().max(50).optional(),
  sort: z.enum(UPGRADE_SORTS).default('price_asc'),
  min_price: units.optional(),
  max_price: units.optional(),
  /**
   * A stake's value: only the targets it can reach (worth more than it, with at least the min
   * rate), each with its chance as rate_ppm.
   */
  stake_value: units.optional(),
});

export const upgradeTarget = z.object({
  /** The target's id (what upgrade-item takes). */
  upgrade_item_id: z.number().int(),
  /** The catalogue item. */
  item_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  quality: z.number().int(),
  /** Wear grade 1..6. */
  exter: z.number().int(),
  weapon_class: z.enum(WEAPON_CLASSES),
  /** What the item is worth once won (its sale price), units. */
  price: z.number().int(),
  /** Weight of this entry in the screen's random pick (spec 1 §3). */
  show_rate: z.number().int(),
  /** With stake_value: that stake's chance on this target, ppm (capped at the max rate); else null. */
  rate_ppm: z.number().int().nullable(),
});
export type UpgradeTarget = z.infer<typeof upgradeTarget>;
export const upgradeListResponse = z.object({ list: z.array(upgradeTarget), total: z.number().int() });
export type UpgradeListResponse = z.infer<typeof upgradeListResponse>;

export const upgradeItemHistoryRequest = z.object({
  /** One target's upgrades; everybody's latest upgrades without it. */
  upgrade_item_id: recordId.optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(100).default(20),
});

/** What was won (or aimed at): the target as it was at the upgrade. */
export const upgradeRecordTarget = z.object({
  upgrade_item_id: z.number().int(),
  item_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  quality: z.number().int(),
  exter: z.number().int(),
  price: z.number().int(),
});

export const upgradeHistoryEntry = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  nick_name: z.string(),
  avatar: z.string(),
  vip_level: playerVipLevel,
  target: upgradeRecordTarget,
  /** What was staked, units: the items' prices plus the balance. */
  stake_value: z.number().int(),
  rate_ppm: z.number().int(),
  success: z.boolean(),
  created_at: z.number().int(),
});
export type UpgradeHistoryEntry = z.infer<typeof upgradeHistoryEntry>;
export const upgradeHistoryResponse = z.object({ list: z.array(upgradeHistoryEntry), total: z.number().int() });

/**
 * The public inputs of one upgrade roll: with the revealed server seed, roll =
 * rollUpgrade({serverSeed, clientSeed, nonce}) and it won iff roll < rate_ppm.
 */
export const upgradeProof = z.object({
  nonce: z.number().int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  /** Null until the player rotates the seed pair (goods/v1/fair/rotate-seed). */
  server_seed: z.string().nullable(),
  /** In [0, rate_scale). */
  roll: z.number().int(),
});
export type UpgradeProof = z.infer<typeof upgradeProof>;

export const upgradeStakeItem = z.object({
  /** The user item (inventory row) id. */
  id: z.number().int(),
  item_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  quality: z.number().int(),
  exter: z.number().int(),
  price: z.number().int(),
});

export const userUpgradeEntry = upgradeHistoryEntry.extend({
  stake_items: z.array(upgradeStakeItem),
  stake_balance: z.number().int(),
  /** The inventory row of the won target; null when the upgrade failed. */
  user_item_id: z.number().int().nullable(),
  proof: upgradeProof,
});
export type UserUpgradeEntry = z.infer<typeof userUpgradeEntry>;
export const userUpgradeHistoryResponse = z.object({ list: z.array(userUpgradeEntry), total: z.number().int() });

/**
 * One upgrade. `item_ids` are the player's own items (normal or retrieval failed), `balance` the
 * coins staked besides (units, a multiple of balance_step_units; checked by the server, so any
 * number passes the schema). `request_id` (8–64 of [A-Za-z0-9_-], a UUID in practice) makes a
 * retried request roll once: a replay answers the first result.
 */
export const upgradeRequest = z.object({
  upgrade_item_id: recordId,
  item_ids: z.array(recordId).max(100).default([]),
  balance: z.number().default(0),
  request_id: z.string(),
});

export const upgradeResponse = z.object({
  upgrade_id: z.number().int(),
  success: z.boolean(),
  target: upgradeRecordTarget,
  /** The chance the roll used, ppm. */
  rate_ppm: z.number().int(),
  /** True when the stake bought more than the max rate (the chance was capped). */
  capped: z.boolean(),
  /** This upgrade's own average return, ppm of the stake (rtp_ppm when not capped, a hair less). */
  rtp_ppm: z.number().int(),
  stake_value: z.number().int(),
  stake_balance: z.number().int(),
  stake_item_ids: z.array(z.number().int()),
  /** The won item's inventory row; null when the upgrade failed. */
  user_item_id: z.number().int().nullable(),
  /** Coin balance afterwards. */
  money: z.number().int(),
  proof: upgradeProof,
});
export type UpgradeResponse = z.infer<typeof upgradeResponse>;
