import type { Db } from '../../db/client.ts';
import { commandTiers, vipLevels } from '../../db/schema/vip.ts';

const Y = 10_000;

/**
 * Levels 0..10 (docs/vip-and-rewards.md "VIP levels"): cumulative recharge in CNY, one-time upgrade reward in CNY,
 * recharge bonus in hundredths of a percent, exclusive red packet in CNY.
 */
export const VIP_LEVEL_TABLE: readonly [
  level: number,
  thresholdCny: number,
  rewardCny: number,
  bonusBp: number,
  redPacketCny: number,
][] = [
  [0, 0, 0, 0, 0],
  [1, 100, 2, 50, 1],
  [2, 500, 8, 100, 3],
  [3, 1_000, 15, 150, 5],
  [4, 3_000, 38, 200, 10],
  [5, 8_000, 88, 250, 20],
  [6, 20_000, 188, 300, 50],
  [7, 50_000, 388, 400, 100],
  [8, 100_000, 688, 500, 200],
  [9, 200_000, 1_288, 600, 400],
  [10, 500_000, 2_888, 800, 1_000],
];

/** Command tiers: [type 1 day / 2 week / 3 month, recharge needed CNY, reward CNY, key]. */
export const COMMAND_TIER_TABLE: readonly [type: 1 | 2 | 3, moneyCny: number, rewardCny: number, key: string][] = [
  [1, 100, 1, 'KX-DAY-100'],
  [1, 500, 6, 'KX-DAY-500'],
  [2, 1_000, 15, 'KX-WEEK-1000'],
  [2, 3_000, 50, 'KX-WEEK-3000'],
  [3, 5_000, 88, 'KX-MONTH-5000'],
  [3, 20_000, 388, 'KX-MONTH-20000'],
];

/** Idempotent: existing rows (possibly edited by an operator) are left alone. */
export async function seedVip(db: Db): Promise<void> {
  await db
    .insert(vipLevels)
    .values(
      VIP_LEVEL_TABLE.map(([level, threshold, reward, bonusBp, redPacket]) => ({
        level,
        thresholdUnits: threshold * Y,
        rewardUnits: reward * Y,
        bonusBp,
        redPacketUnits: redPacket * Y,
      })),
    )
    .onConflictDoNothing({ target: vipLevels.level });
  await db
    .insert(commandTiers)
    .values(
      COMMAND_TIER_TABLE.map(([type, money, reward, key], i) => ({
        type,
        moneyUnits: money * Y,
        rewardUnits: reward * Y,
        key,
        sort: i,
      })),
    )
    .onConflictDoNothing({ target: commandTiers.key });
}
