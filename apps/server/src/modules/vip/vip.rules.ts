import {
  COMMAND_TZ_OFFSET_MS,
  type CommandType,
  VIP_CLAIMABLE,
  VIP_CLAIMED,
  VIP_NOT_REACHED,
  VIP_RETENTION_PERCENT,
} from '@kaixiang/shared/vip';

/** Pure VIP and command-period rules: no I/O, time comes in as an argument (STYLE.md §2). */

export interface LevelDef {
  id: number;
  level: number;
  thresholdUnits: number;
  rewardUnits: number;
}

/** The highest level whose threshold the experience reaches (levels sorted or not; level 0 needs 0). */
export function levelFor(levels: readonly LevelDef[], expUnits: number): number {
  let best = 0;
  for (const l of levels) if (expUnits >= l.thresholdUnits && l.level > best) best = l.level;
  return best;
}

export function thresholdOf(levels: readonly LevelDef[], level: number): number {
  return levels.find((l) => l.level === level)?.thresholdUnits ?? 0;
}

/**
 * isComplete of one level for a player (spec 2 §3): claimed → 1; reached → 0 when it has a reward,
 * 1 when there is nothing to claim (level 0); above the player's level → 2.
 */
export function completion(def: LevelDef, currentLevel: number, claimed: boolean): 0 | 1 | 2 {
  if (claimed) return VIP_CLAIMED;
  if (def.level > currentLevel) return VIP_NOT_REACHED;
  return def.rewardUnits > 0 ? VIP_CLAIMABLE : VIP_CLAIMED;
}

/**
 * Monthly retention (spec 2 §4): a player at `level` keeps it when the month's recharge reaches 30 %
 * of that level's threshold, else drops one level. Demotion takes experience down to the lower
 * level's threshold, so the next level is regained by recharging the gap again. Returns the extra
 * units to deduct (0 = kept).
 */
export function retentionDeduction(levels: readonly LevelDef[], expUnits: number, monthUnits: number): number {
  const level = levelFor(levels, expUnits);
  if (level === 0) return 0;
  const threshold = thresholdOf(levels, level);
  // Integer comparison: monthUnits / threshold >= 30 / 100.
  if (monthUnits * 100 >= threshold * VIP_RETENTION_PERCENT) return 0;
  return expUnits - thresholdOf(levels, level - 1);
}

const DAY_MS = 86_400_000;

/** Start of the China-time (UTC+8) day, ISO week (Monday) or month containing `nowMs`, as a UTC instant. */
export function periodStart(type: CommandType, nowMs: number): number {
  const local = new Date(nowMs + COMMAND_TZ_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  let startLocal: number;
  if (type === 1) startLocal = Date.UTC(y, m, d);
  else if (type === 2) startLocal = Date.UTC(y, m, d) - ((local.getUTCDay() + 6) % 7) * DAY_MS;
  else startLocal = Date.UTC(y, m, 1);
  return startLocal - COMMAND_TZ_OFFSET_MS;
}

/** Start of the China-time month `offset` months from the one containing `nowMs` (-1 = previous). */
export function monthStart(nowMs: number, offset = 0): number {
  const local = new Date(nowMs + COMMAND_TZ_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + offset, 1) - COMMAND_TZ_OFFSET_MS;
}
