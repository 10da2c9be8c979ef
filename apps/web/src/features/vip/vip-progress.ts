import { VIP_MAX_LEVEL, VIP_PROGRESS_PERCENT_PER_LEVEL, type VipLevelConfig } from '@kaixiang/shared/vip';

/**
 * The progress bar (spec 2 §9): 10 % per level reached, plus the share of the way to the next
 * level's threshold, so the bar moves with every recharge and is full at the top level.
 */
export function vipProgressPercent(levels: readonly VipLevelConfig[], level: number, exp: number): number {
  if (level >= VIP_MAX_LEVEL) return 100;
  const current = levels.find((l) => l.level === level);
  const next = levels.find((l) => l.level === level + 1);
  const base = Math.max(0, level) * VIP_PROGRESS_PERCENT_PER_LEVEL;
  if (!current || !next || next.recharge_num <= current.recharge_num) return base;
  const share = (exp - current.recharge_num) / (next.recharge_num - current.recharge_num);
  return Math.min(100, base + Math.max(0, Math.min(1, share)) * VIP_PROGRESS_PERCENT_PER_LEVEL);
}

/** award_desc is the recharge bonus in hundredths of a percent: 150 → "1.5". */
export function bonusPercentText(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const frac = Math.abs(hundredths % 100);
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}
