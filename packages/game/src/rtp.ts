/**
 * Realised RTP and the range chance alone allows (issue 23, docs/transparency.md): pure
 * statistics over outcomes already recorded. No I/O; every amount is in units (1/10000 yuan).
 *
 * Each game's outcome is a sum of independent outcomes (openings, upgrades, turntable rounds).
 * Adding their means and variances gives the distribution of the total won; by the central limit
 * theorem it is close to normal once there are many, so the total lands within 3 standard
 * deviations of its expectation 99.7 % of the time. Divided by what was paid this is the range of
 * RTP that chance alone explains. Floats are fine here: these are published statistics, never
 * money that moves (the sums of paid and won stay integers).
 */

import {
  areaWins,
  TURNTABLE_AREAS,
  TURNTABLE_INNER_FIRST,
  TURNTABLE_INNER_WEIGHTS,
  TURNTABLE_MULTIPLIERS,
  TURNTABLE_OUTER_WEIGHTS,
} from './turntable-wheel.ts';

/** How many standard deviations the published range spans on each side (99.7 % of a normal). */
export const RTP_RANGE_SIGMAS = 3;

/** Mean (units) and variance (units²) of one outcome, or of a sum of independent outcomes. */
export interface Moments {
  mean: number;
  variance: number;
}

/** One entry of an odds table: its tickets and what it pays. */
export interface OddsRow {
  tickets: number;
  priceUnits: number;
}

/**
 * One opening of a box with this odds table: μ = Σ p_i v_i, σ² = Σ p_i (v_i − μ)², p_i = tickets_i / Σ tickets.
 */
export function oddsMoments(rows: readonly OddsRow[]): Moments {
  const total = rows.reduce((s, r) => s + r.tickets, 0);
  if (!(total > 0)) throw new RangeError('an odds table needs tickets');
  const mean = rows.reduce((s, r) => s + (r.tickets / total) * r.priceUnits, 0);
  const variance = rows.reduce((s, r) => s + (r.tickets / total) * (r.priceUnits - mean) ** 2, 0);
  return { mean, variance };
}

/** One upgrade: wins `targetUnits` with chance p = ratePpm / 10⁶, else nothing (a Bernoulli). */
export function upgradeMoments(ratePpm: number, targetUnits: number): Moments {
  const p = ratePpm / 1_000_000;
  return { mean: p * targetUnits, variance: p * (1 - p) * targetUnits ** 2 };
}

/**
 * One turntable round's multiplier payouts for `areaUnits` (everybody's stakes in the round, by
 * area 0–14), over the 9 × 4 joint draws of the two wheels. A round is one draw, so all its stakes
 * are one outcome: players who backed the same area win together, and their variances must not
 * be added as if they were independent. The jackpot is not in here (its payout depends on the
 * pool the earlier rounds left, not on this round's rules alone); nor the per-player floor of the
 * 6/5 area (under a unit per player).
 */
export function turntableRoundMoments(areaUnits: readonly number[]): Moments {
  if (areaUnits.length !== TURNTABLE_AREAS) throw new RangeError(`a round has ${TURNTABLE_AREAS} areas`);
  const outerTotal = TURNTABLE_OUTER_WEIGHTS.reduce((s, w) => s + w, 0);
  const innerTotal = TURNTABLE_INNER_WEIGHTS.reduce((s, w) => s + w, 0);
  let m1 = 0;
  let m2 = 0;
  TURNTABLE_OUTER_WEIGHTS.forEach((ow, outIcon) => {
    TURNTABLE_INNER_WEIGHTS.forEach((iw, i) => {
      const innerIcon = TURNTABLE_INNER_FIRST + i;
      const p = (ow / outerTotal) * (iw / innerTotal);
      let won = 0;
      for (let area = 0; area < TURNTABLE_AREAS; area++) {
        const stake = areaUnits[area] ?? 0;
        if (stake > 0 && areaWins(area, outIcon, innerIcon)) {
          const m = TURNTABLE_MULTIPLIERS[area]!;
          won += (stake * m.num) / m.den;
        }
      }
      m1 += p * won;
      m2 += p * won * won;
    });
  });
  return { mean: m1, variance: Math.max(0, m2 - m1 * m1) };
}

/** The sum of independent outcomes' moments. */
export function addMoments(a: Moments, b: Moments, times = 1): Moments {
  return { mean: a.mean + b.mean * times, variance: a.variance + b.variance * times };
}

export const NO_MOMENTS: Moments = { mean: 0, variance: 0 };

/** won / paid, or null when nothing was paid. */
export function realisedRtp(wonUnits: number, paidUnits: number): number | null {
  return paidUnits > 0 ? wonUnits / paidUnits : null;
}

export interface RtpRange {
  /** RTP (a fraction: 0.9 = 90 %) at expected − k·σ, at least 0. */
  low: number;
  high: number;
}

/**
 * The RTP range chance alone allows: (expected ± k·√variance) / paid; null when nothing was paid.
 * `expectedUnits` is what the published odds promise for what was played.
 */
export function chanceRange(
  expectedUnits: number,
  varianceUnits2: number,
  paidUnits: number,
  sigmas = RTP_RANGE_SIGMAS,
): RtpRange | null {
  if (!(paidUnits > 0)) return null;
  const spread = sigmas * Math.sqrt(Math.max(0, varianceUnits2));
  return { low: Math.max(0, (expectedUnits - spread) / paidUnits), high: (expectedUnits + spread) / paidUnits };
}

/** Whether `rtp` lies inside `range` (both ends included); null without both. */
export function insideRange(rtp: number | null, range: RtpRange | null): boolean | null {
  if (rtp === null || range === null) return null;
  return rtp >= range.low && rtp <= range.high;
}
