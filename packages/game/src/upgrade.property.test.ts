import { UPGRADE_RATE_SCALE } from '@kaixiang/shared/upgrade-paths';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxTargetUnits, pickByShowRate, quote, rollUpgrade, stakeForRate, type UpgradeRules } from './upgrade.ts';

const S = BigInt(UPGRADE_RATE_SCALE);

/** Sensible rules: an edge of 0–30 %, a min rate of 1 ppm–10 %, a max rate from there to 99.9999 %. */
const rulesArb: fc.Arbitrary<UpgradeRules> = fc
  .record({
    houseEdgePpm: fc.integer({ min: 0, max: 300_000 }),
    minRatePpm: fc.integer({ min: 1, max: 100_000 }),
    span: fc.integer({ min: 0, max: UPGRADE_RATE_SCALE - 100_001 }),
  })
  .map(({ houseEdgePpm, minRatePpm, span }) => ({ houseEdgePpm, minRatePpm, maxRatePpm: minRatePpm + span }));

/** Prices from one unit to ¥10,000,000 (10^11 units), skewed to everyday values. */
const unitsArb = fc.oneof(
  fc.integer({ min: 1, max: 10_000_000 }),
  fc.integer({ min: 1, max: 100_000_000_000 }),
  fc.integer({ min: 1, max: 1_000 }),
);

describe('upgrade rules (properties)', () => {
  it('the rate is the exact floor of stake × (1 − edge) ÷ target, clamped or refused by the limits', () => {
    fc.assert(
      fc.property(unitsArb, unitsArb, rulesArb, (stake, target, rules) => {
        const q = quote(stake, target, rules);
        const keep = S - BigInt(rules.houseEdgePpm);
        if (stake >= target) {
          expect(q).toEqual({ ok: false, error: 'STAKE_NOT_BELOW_TARGET' });
          return;
        }
        // raw = floor(stake × keep / target) ⇔ raw × target ≤ stake × keep < (raw + 1) × target.
        const exact = BigInt(stake) * keep;
        const raw = exact / BigInt(target);
        if (raw < BigInt(rules.minRatePpm)) {
          expect(q).toEqual({ ok: false, error: 'RATE_TOO_LOW' });
          return;
        }
        if (!q.ok) throw new Error(`refused ${q.error}`);
        const v = q.value;
        expect(BigInt(v.rawRatePpm) * BigInt(target) <= exact).toBe(true);
        expect(exact < BigInt(v.rawRatePpm + 1) * BigInt(target)).toBe(true);
        expect(v.ratePpm).toBe(Math.min(v.rawRatePpm, rules.maxRatePpm));
        expect(v.ratePpm).toBeGreaterThanOrEqual(rules.minRatePpm);
        expect(v.ratePpm).toBeLessThanOrEqual(rules.maxRatePpm);
        expect(v.capped).toBe(v.rawRatePpm > rules.maxRatePpm);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never returns more than 1 − edge; unclamped, less by under one ppm of chance', () => {
    fc.assert(
      fc.property(unitsArb, unitsArb, rulesArb, (stake, target, rules) => {
        const q = quote(stake, target, rules);
        if (!q.ok) return;
        // Expected return × SCALE² = rate × target × SCALE, against stake × (SCALE − edge) × SCALE.
        const paid = BigInt(q.value.ratePpm) * BigInt(target);
        const fair = BigInt(stake) * (S - BigInt(rules.houseEdgePpm));
        expect(paid <= fair).toBe(true);
        if (!q.value.capped) expect(fair - paid < BigInt(target)).toBe(true);
        expect(BigInt(q.value.rtpPpm) * BigInt(stake) <= paid).toBe(true);
        expect(q.value.rtpPpm).toBeLessThanOrEqual(UPGRADE_RATE_SCALE - rules.houseEdgePpm);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a bigger stake never lowers the chance', () => {
    fc.assert(
      fc.property(
        unitsArb,
        fc.integer({ min: 1, max: 1_000_000 }),
        unitsArb,
        rulesArb,
        (stake, more, target, rules) => {
          const a = quote(stake, target, rules);
          const b = quote(stake + more, target, rules);
          if (a.ok && b.ok) expect(b.value.ratePpm).toBeGreaterThanOrEqual(a.value.ratePpm);
          // Once the smaller stake is refused for a low rate, a bigger one may pass; never the other way.
          if (a.ok && !b.ok) expect(b.error).toBe('STAKE_NOT_BELOW_TARGET');
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('stakeForRate is the least stake reaching a rate, maxTargetUnits the dearest reachable target', () => {
    fc.assert(
      fc.property(unitsArb, rulesArb, fc.integer({ min: 1, max: UPGRADE_RATE_SCALE - 1 }), (target, rules, rate) => {
        const keep = S - BigInt(rules.houseEdgePpm);
        const raw = (stake: number) => (BigInt(stake) * keep) / BigInt(target);
        const s = stakeForRate(target, rate, rules);
        expect(raw(s) >= BigInt(rate)).toBe(true);
        if (s > 0) expect(raw(s - 1) < BigInt(rate)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
    fc.assert(
      fc.property(unitsArb, rulesArb, (stake, rules) => {
        const top = maxTargetUnits(stake, rules);
        const raw = (target: number) => (BigInt(stake) * (S - BigInt(rules.houseEdgePpm))) / BigInt(target);
        if (top >= 1) expect(raw(top) >= BigInt(rules.minRatePpm)).toBe(true);
        // Past the safe integers no price exists to list: the answer stops there.
        if (top < Number.MAX_SAFE_INTEGER) expect(raw(top + 1) < BigInt(rules.minRatePpm)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it('every roll is an integer in [0, SCALE) read from a real chunk', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.nat(),
        (server, client, nonce) => {
          const { roll, cursor, chunkIndex } = rollUpgrade({ serverSeed: server, clientSeed: client, nonce });
          expect(Number.isInteger(roll) && roll >= 0 && roll < UPGRADE_RATE_SCALE).toBe(true);
          expect(cursor).toBeGreaterThanOrEqual(0);
          expect(chunkIndex).toBeGreaterThanOrEqual(0);
          expect(chunkIndex).toBeLessThan(4);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a random pick lands on an entry with a positive show_rate', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1_000 }), { minLength: 1, maxLength: 50 }), fc.nat(), (rates, seed) => {
        const entries = rates.map((showRate) => ({ showRate }));
        const total = rates.reduce((a, b) => a + b, 0);
        const i = pickByShowRate(entries, total === 0 ? 0 : seed % total);
        if (total === 0) expect(i).toBe(-1);
        else expect(entries[i]!.showRate).toBeGreaterThan(0);
      }),
    );
  });
});
