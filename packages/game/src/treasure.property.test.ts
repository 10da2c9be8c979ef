import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { create, draw, expire, grab, type Treasure } from './treasure.ts';

const RUNS = 300;
const NOW = 1_700_000_000_000;

/** A treasure of `cards` cards and a run of grabs (player, count) applied in order, refusals skipped. */
const scenario = fc.record({
  cards: fc.integer({ min: 2, max: 40 }),
  cardPrice: fc.integer({ min: 1, max: 1_000_000 }),
  grabs: fc.array(fc.record({ userId: fc.integer({ min: 1, max: 6 }), count: fc.integer({ min: -1, max: 12 }) }), {
    maxLength: 30,
  }),
  serverSeed: fc.stringMatching(/^[0-9a-f]{8,64}$/),
  publicSeed: fc.stringMatching(/^[0-9a-f]{8,64}$/),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function play(s: Scenario) {
  const made = create({
    roomId: 11,
    title: 't',
    itemDefId: 1,
    exter: 1,
    prizePrice: 5,
    cards: s.cards,
    cardPrice: s.cardPrice,
    now: NOW,
    deadlineMs: NOW + 60_000,
  });
  if (!made.ok) throw new Error(made.error);
  let t: Treasure = made.value.state;
  const debits = new Map<number, number>();
  for (const g of s.grabs) {
    const r = grab(t, { ...g, now: NOW + 1 });
    if (!r.ok) continue;
    for (const e of r.value.effects)
      if (e.type === 'debit') debits.set(e.userId, (debits.get(e.userId) ?? 0) + e.amount);
    t = r.value.state;
  }
  return { t, debits };
}

describe('treasure properties', () => {
  it('never sells more than its cards, and charges exactly the cards each player holds', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { t, debits } = play(s);
        expect(t.holders.length).toBeLessThanOrEqual(t.cards);
        expect(t.state).toBe(t.holders.length === t.cards ? 'full' : 'open');
        for (const [u, paid] of debits) expect(paid).toBe(t.holders.filter((h) => h === u).length * t.cardPrice);
      }),
      { numRuns: RUNS },
    );
  });

  it('refunds sum to what was paid; a full treasure has exactly one winner among its holders, the same for the same seeds', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { t, debits } = play(s);
        const paid = [...debits.values()].reduce((a, b) => a + b, 0);
        if (t.state === 'open') {
          const r = expire(t, t.deadlineMs);
          if (!r.ok) throw new Error(r.error);
          const refunded = r.value.effects.reduce((sum, e) => sum + (e.type === 'credit' ? e.amount : 0), 0);
          expect(refunded).toBe(paid);
          for (const e of r.value.effects) expect(e.type === 'credit' && e.amount).toBe(debits.get(e.userId));
          return;
        }
        const a = draw(t, s);
        const b = draw(t, s);
        if (!a.ok || !b.ok) throw new Error('a full treasure draws');
        expect(a.value.effects).toHaveLength(1);
        const won = a.value.state.result;
        expect(won && t.holders[won.card]).toBe(won?.userId);
        expect(won?.card).toBeGreaterThanOrEqual(0);
        expect(won?.card).toBeLessThan(t.cards);
        expect(b.value.state.result).toEqual(won);
        expect(paid).toBe(t.cards * t.cardPrice);
      }),
      { numRuns: RUNS },
    );
  });
});
