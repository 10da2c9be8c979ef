import { serverSeedHash } from '@kaixiang/game/fair';
import { DEFAULT_UPGRADE_RULES, nominalRtpPpm, quote, rollUpgrade } from '@kaixiang/game/upgrade';
import type { InventoryItem, KnapsackResponse } from '@kaixiang/shared/inventory';
import type {
  UpgradeHistoryEntry,
  UpgradeRatesResponse,
  UpgradeResponse,
  UpgradeTarget,
  UserUpgradeEntry,
} from '@kaixiang/shared/upgrade';

/** Answers shaped as the upgrade API gives them (packages/shared/src/upgrade.ts), for component tests. */

/** The server's defaults: RTP 95 %, chances 1 %–75 %, 10 items, whole fen. */
export const RATES: UpgradeRatesResponse = {
  rate_scale: 1_000_000,
  min_rate_ppm: DEFAULT_UPGRADE_RULES.minRatePpm,
  max_rate_ppm: DEFAULT_UPGRADE_RULES.maxRatePpm,
  house_edge_ppm: DEFAULT_UPGRADE_RULES.houseEdgePpm,
  rtp_ppm: nominalRtpPpm(DEFAULT_UPGRADE_RULES),
  max_stake_items: 10,
  balance_step_units: 100,
};

export function target(id: number, priceUnits: number, over: Partial<UpgradeTarget> = {}): UpgradeTarget {
  return {
    upgrade_item_id: id,
    item_id: 500 + id,
    name: `目标饰品${id}`,
    img: '',
    quality: 4,
    exter: 2,
    weapon_class: 'rifle',
    price: priceUnits,
    show_rate: 100,
    rate_ppm: null,
    ...over,
  };
}

/** A ¥100 rifle, a ¥1,000 knife, a ¥5 pistol. */
export const AK = target(7, 1_000_000, { name: 'AK-47 | 红线' });
export const KNIFE = target(9, 10_000_000, { name: '蝴蝶刀 | 渐变', weapon_class: 'knife', quality: 6 });
export const PISTOL = target(3, 50_000, { name: 'USP | 守护者', weapon_class: 'pistol', quality: 2 });

export function invItem(id: number, priceUnits: number, name: string): InventoryItem {
  return {
    id,
    item_id: 900 + id,
    name,
    code_name: `item_${id}`,
    cost_price: priceUnits,
    exter: 3,
    img: '',
    quality: 3,
    quality_rate: 0,
    status: 0,
    disposal: null,
    source: 'box',
    source_name: '新手箱',
    created_at: 1_764_000_000_000,
    retrieve_available_at: null,
    failure: null,
    offer_expires_at: null,
    offer_security_code: null,
  };
}

export function knapsack(list: InventoryItem[]): KnapsackResponse {
  return { list, total: list.length, total_price: list.reduce((s, i) => s + i.cost_price, 0) };
}

export const SERVER_SEED = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const CLIENT_SEED = 'kx-test-client';

/**
 * A real roll of the fixture's seed pair: the first nonce from `from` whose roll wins (or loses,
 * `win` false) at `ratePpm`, by the rules the server runs.
 */
export function rollFor(ratePpm: number, win: boolean, from = 1): { nonce: number; roll: number } {
  for (let nonce = from; ; nonce++) {
    const { roll } = rollUpgrade({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });
    if (roll < ratePpm === win) return { nonce, roll };
  }
}

/** upgrade-item's answer for a stake on a target, rolled by the real rules. */
export function answerFor(opts: {
  target: UpgradeTarget;
  stakeItemIds: number[];
  stakeItemsUnits: number;
  balanceUnits: number;
  win: boolean;
  moneyAfter: number;
  upgradeId?: number;
}): UpgradeResponse {
  const stake = opts.stakeItemsUnits + opts.balanceUnits;
  const q = quote(stake, opts.target.price, DEFAULT_UPGRADE_RULES);
  if (!q.ok) throw new Error(`fixture stake refused: ${q.error}`);
  const { nonce, roll } = rollFor(q.value.ratePpm, opts.win);
  return {
    upgrade_id: opts.upgradeId ?? 31,
    success: opts.win,
    target: {
      upgrade_item_id: opts.target.upgrade_item_id,
      item_id: opts.target.item_id,
      name: opts.target.name,
      img: opts.target.img,
      quality: opts.target.quality,
      exter: opts.target.exter,
      price: opts.target.price,
    },
    rate_ppm: q.value.ratePpm,
    capped: q.value.capped,
    rtp_ppm: q.value.rtpPpm,
    stake_value: stake,
    stake_balance: opts.balanceUnits,
    stake_item_ids: opts.stakeItemIds,
    user_item_id: opts.win ? 7001 : null,
    money: opts.moneyAfter,
    proof: { nonce, client_seed: CLIENT_SEED, server_seed_hash: serverSeedHash(SERVER_SEED), server_seed: null, roll },
  };
}

export function historyEntry(id: number, over: Partial<UpgradeHistoryEntry> = {}): UpgradeHistoryEntry {
  return {
    id,
    user_id: 77,
    nick_name: '升级达人',
    avatar: '',
    vip_level: 2,
    target: {
      upgrade_item_id: AK.upgrade_item_id,
      item_id: AK.item_id,
      name: AK.name,
      img: '',
      quality: AK.quality,
      exter: AK.exter,
      price: AK.price,
    },
    stake_value: 300_000,
    rate_ppm: 285_000,
    success: true,
    created_at: 1_764_000_000_000,
    ...over,
  };
}

/** One of the player's own upgrades as user-upgrade-history lists it, from an answer. */
export function myEntry(answer: UpgradeResponse, revealed: boolean): UserUpgradeEntry {
  return {
    ...historyEntry(answer.upgrade_id, {
      user_id: 42,
      nick_name: '开箱玩家',
      target: answer.target,
      stake_value: answer.stake_value,
      rate_ppm: answer.rate_ppm,
      success: answer.success,
    }),
    stake_items: answer.stake_item_ids.map((id) => ({
      id,
      item_id: 900 + id,
      name: `饰品${id}`,
      img: '',
      quality: 3,
      exter: 3,
      price: answer.stake_value - answer.stake_balance,
    })),
    stake_balance: answer.stake_balance,
    user_item_id: answer.user_item_id,
    proof: { ...answer.proof, server_seed: revealed ? SERVER_SEED : null },
  };
}
