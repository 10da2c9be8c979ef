import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Result } from './engine.ts';
import {
  close,
  create,
  draw,
  drawWinners,
  NO_CONDITIONS,
  ROLL_MAX_PRIZES,
  type RollPrize,
  type RollRoom,
  type RollStep,
  verifyRoll,
} from './roll.ts';
import { sha256Hex } from './sha256.ts';

const RUNS = 300;
const T0 = 1_700_000_000_000;
const OWNER = 1;

function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.error}`);
  return r.value;
}

interface Scenario {
  official: boolean;
  prizes: Omit<RollPrize, 'index'>[];
  entrants: number[];
  serverSeed: string;
  publicSeed: string;
  roomId: number;
}

const priceArb = fc.oneof(fc.constantFrom(0, 100, 100), fc.integer({ min: 0, max: 10_000_000 }));

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    official: fc.boolean(),
    prizeLines: fc.array(
      fc.record({ def: fc.nat({ max: 5000 }), exter: fc.integer({ min: 1, max: 6 }), price: priceArb }),
      {
        minLength: 1,
        maxLength: ROLL_MAX_PRIZES,
      },
    ),
    held: fc.array(fc.constantFrom(0, 4), { minLength: ROLL_MAX_PRIZES, maxLength: ROLL_MAX_PRIZES }),
    // Entrants: distinct ids other than the owner's, fewer or more than the prizes.
    entrants: fc.uniqueArray(fc.integer({ min: 2, max: 1_000_000 }), { maxLength: 80 }),
    serverSeed: fc.string({ minLength: 1, maxLength: 64 }),
    publicSeed: fc.stringMatching(/^[0-9a-f]{8,64}$/),
    roomId: fc.integer({ min: 1, max: 2_000_000_000 }),
  })
  .map(({ official, prizeLines, held, entrants, serverSeed, publicSeed, roomId }) => ({
    official,
    prizes: prizeLines.map((l, i) => ({
      itemDefId: l.def,
      exter: l.exter,
      price: l.price,
      userItemId: official ? null : 10_000 + i,
      heldStatus: official ? null : (held[i] as number),
    })),
    entrants,
    serverSeed,
    publicSeed,
    roomId,
  }));

function played(s: Scenario): { before: RollRoom; step: RollStep } {
  const room = must(
    create({
      roomId: s.roomId,
      ownerId: OWNER,
      official: s.official,
      title: 'room',
      description: '',
      now: T0,
      drawAtMs: T0 + 120_000,
      conditions: { ...NO_CONDITIONS },
      hasPassword: false,
      prizes: s.prizes,
    }),
  ).state;
  const before = must(close(room, T0 + 120_000)).state;
  const step = must(draw(before, { serverSeed: s.serverSeed, publicSeed: s.publicSeed, entrants: s.entrants }));
  return { before, step };
}

describe('roll rooms, for any prizes, entrants and seeds', () => {
  it('gives min(prizes, entrants) prizes, each to one entrant, nobody twice, and returns the rest', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { before, step } = played(s);
        const result = step.state.result;
        if (!result) throw new Error('no result');
        const k = before.prizes.length;
        expect(result.awards).toHaveLength(Math.min(k, s.entrants.length));
        const winners = result.awards.map((a) => a.userId);
        expect(new Set(winners).size).toBe(winners.length);
        for (const w of winners) expect(s.entrants).toContain(w);
        // Every prize index exactly once: given or returned.
        const given = result.awards.map((a) => a.prize);
        expect([...given, ...result.returned].sort((a, b) => a - b)).toEqual(before.prizes.map((p) => p.index));
        expect(step.state.state).toBe('ended');
      }),
      { numRuns: RUNS },
    );
  });

  it('conserves items: each owner row is consumed once with one grant of the same item, or released, never both', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { before, step } = played(s);
        const grants = step.effects.filter((e) => e.type === 'grant');
        const consumed = step.effects.filter((e) => e.type === 'consume').map((e) => e.userItemId);
        const released = step.effects.filter((e) => e.type === 'release').map((e) => e.userItemId);
        expect(grants).toHaveLength(step.state.result?.awards.length ?? -1);
        expect(new Set([...consumed, ...released]).size).toBe(consumed.length + released.length);
        const rows = before.prizes.flatMap((p) => (p.userItemId === null ? [] : [p.userItemId]));
        expect([...consumed, ...released].sort((a, b) => a - b)).toEqual(rows.sort((a, b) => a - b));
        for (const a of step.state.result?.awards ?? []) {
          const p = before.prizes[a.prize] as RollPrize;
          expect(grants).toContainEqual({
            type: 'grant',
            userId: a.userId,
            itemDefId: p.itemDefId,
            exter: p.exter,
            price: p.price,
            key: `roll_prize:${s.roomId}:${p.index}`,
          });
          if (p.userItemId !== null) expect(consumed).toContain(p.userItemId);
        }
        for (const e of step.effects) {
          if (e.type === 'release') {
            const p = before.prizes.find((x) => x.userItemId === e.userItemId) as RollPrize;
            expect(e.status).toBe(p.heldStatus);
          }
        }
        // The value given out plus the value returned is the value put in.
        const value = (idx: number[]) => idx.reduce((sum, i) => sum + (before.prizes[i]?.price ?? 0), 0);
        const result = step.state.result as NonNullable<RollRoom['result']>;
        expect(value(result.awards.map((a) => a.prize)) + value(result.returned)).toBe(
          value(before.prizes.map((p) => p.index)),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('gives the most valuable prizes first when there are fewer entrants than prizes', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { before, step } = played(s);
        const result = step.state.result as NonNullable<RollRoom['result']>;
        const minGiven = Math.min(...result.awards.map((a) => before.prizes[a.prize]?.price ?? 0));
        for (const i of result.returned) expect(before.prizes[i]?.price ?? 0).toBeLessThanOrEqual(minGiven);
      }),
      { numRuns: RUNS },
    );
  });

  it('is a function of the seeds and the entrant set: same inputs in any order, same winners; the verifier agrees', () => {
    fc.assert(
      fc.property(scenarioArb, fc.nat(), (s, shift) => {
        const rotated = s.entrants.map((_, i, a) => a[(i + shift) % a.length] as number);
        const a = played(s).step.state.result;
        const b = played({ ...s, entrants: rotated }).step.state.result;
        expect(b).toEqual(a);
        if (!a) return;
        const check = verifyRoll({
          serverSeed: s.serverSeed,
          serverSeedHash: sha256Hex(s.serverSeed),
          publicSeed: s.publicSeed,
          roomId: s.roomId,
          entrants: rotated,
          entrantsHash: a.entrantsHash,
          prizes: s.prizes.length,
          awards: a.awards,
          returned: a.returned,
        });
        expect(check.seedMatches && check.entrantsMatch && check.returnedMatch).toBe(true);
        expect(check.awards.every((x) => x.matches)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('with as many prizes as entrants, the winners are a permutation of the entrants', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 2, max: 10_000 }), { minLength: 1, maxLength: 40 }),
        fc.string({ minLength: 1 }),
        (entrants, seed) => {
          const w = drawWinners({ serverSeed: seed, publicSeed: 'ab12', roomId: 3, entrants, prizes: entrants.length });
          expect(w.map((x) => x.userId).sort((a, b) => a - b)).toEqual([...entrants].sort((a, b) => a - b));
          w.forEach((x, i) => {
            expect(x.roll.value).toBeGreaterThanOrEqual(0);
            expect(x.roll.value).toBeLessThan(entrants.length - i);
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('gives each entrant an equal chance at the first prize (counts over many beacon values)', () => {
    // 4 entrants, 8,000 draws: each expected 2,000; a fair draw stays within ±250 (≈ 6.5 σ).
    const counts = new Map<number, number>();
    for (let i = 0; i < 8_000; i++) {
      const [first] = drawWinners({
        serverSeed: 'fixed',
        publicSeed: `b${i}`,
        roomId: 1,
        entrants: [5, 6, 7, 8],
        prizes: 1,
      });
      counts.set(first?.userId ?? 0, (counts.get(first?.userId ?? 0) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([5, 6, 7, 8]);
    for (const c of counts.values()) expect(Math.abs(c - 2_000)).toBeLessThan(250);
  });
});
