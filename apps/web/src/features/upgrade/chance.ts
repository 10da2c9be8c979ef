import { type QuoteError, quote, stakeForRate, type UpgradeRules } from '@kaixiang/game/upgrade';
import type { UpgradeRatesResponse } from '@kaixiang/shared/upgrade';

/**
 * What the screen shows before the roll, computed with the rules the server runs
 * (packages/game/src/upgrade.ts) from the limits it publishes: the same integers, so the chance on
 * the dial is the chance the roll will use.
 */
export function rulesOf(rates: UpgradeRatesResponse): UpgradeRules {
  return { houseEdgePpm: rates.house_edge_ppm, minRatePpm: rates.min_rate_ppm, maxRatePpm: rates.max_rate_ppm };
}

export type Chance =
  /** No target or nothing staked yet. */
  | { kind: 'none' }
  | { kind: 'ok'; ratePpm: number; capped: boolean; rtpPpm: number }
  /** The server would refuse it: the stake is worth the target or more, or the chance is under the min. */
  | { kind: 'refused'; reason: Exclude<QuoteError, 'STAKE_EMPTY'> };

export function chanceOf(stakeUnits: number, targetUnits: number | null, rates: UpgradeRatesResponse): Chance {
  if (targetUnits === null || stakeUnits <= 0) return { kind: 'none' };
  const q = quote(stakeUnits, targetUnits, rulesOf(rates));
  if (q.ok) return { kind: 'ok', ratePpm: q.value.ratePpm, capped: q.value.capped, rtpPpm: q.value.rtpPpm };
  return q.error === 'STAKE_EMPTY' ? { kind: 'none' } : { kind: 'refused', reason: q.error };
}

const floorTo = (units: number, step: number) => Math.floor(units / step) * step;
const ceilTo = (units: number, step: number) => Math.ceil(units / step) * step;

/**
 * The balance slider's right end, in units (a multiple of the step, whole fen): what the player
 * has, and with a target no more than brings the whole stake to the max rate (stakeForRate; the
 * step rounded up so the max is reached, not missed by a fen) and always under the target's value.
 * Past that more balance would buy no chance, or be refused.
 */
export function balanceMaxUnits(opts: {
  moneyUnits: number;
  itemsUnits: number;
  targetUnits: number | null;
  rates: UpgradeRatesResponse;
}): number {
  const step = opts.rates.balance_step_units;
  let max = floorTo(Math.max(0, opts.moneyUnits), step);
  if (opts.targetUnits !== null) {
    const atMaxRate = stakeForRate(opts.targetUnits, opts.rates.max_rate_ppm, rulesOf(opts.rates));
    max = Math.min(max, ceilTo(Math.max(0, atMaxRate - opts.itemsUnits), step));
    max = Math.min(max, floorTo(opts.targetUnits - opts.itemsUnits - 1, step));
  }
  return Math.max(0, max);
}

/** A rate in ppm as a percentage with `decimals` places, cut, never rounded up ("37.50%"). */
export function formatPpm(ppm: number, decimals = 2): string {
  const per = 10 ** (4 - decimals);
  const cut = Math.floor(ppm / per);
  const whole = Math.floor(cut / 10 ** decimals);
  const frac = String(cut % 10 ** decimals).padStart(decimals, '0');
  return decimals > 0 ? `${whole}.${frac}%` : `${whole}%`;
}

/**
 * A uniform integer in [0, n) from the browser's secure generator (rejection sampling, no modulo
 * bias): the random pick's draw.
 */
export function secureRandomBelow(n: number): number {
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`n ${n} outside [1, 2^32]`);
  const limit = 2 ** 32 - (2 ** 32 % n);
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    const v = buf[0] ?? 0;
    if (v < limit) return v % n;
  }
}
