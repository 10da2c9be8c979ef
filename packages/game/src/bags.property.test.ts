import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAG_TICKETS, type BagEntry, bagExpectedValue, bagTicketRanges, checkBagTable, rollBag } from './bags.ts';

/** Any table: 1–20 entries, amounts from a unit to ¥100,000, tickets summing to exactly a million. */
const tableArb: fc.Arbitrary<BagEntry[]> = fc
  .array(
    fc.record({
      amountUnits: fc.oneof(fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 1, max: 100 })),
      weight: fc.integer({ min: 1, max: 1_000 }),
    }),
    { minLength: 1, maxLength: 20 },
  )
  .map((rows) => {
    // Split the million in proportion to the weights: every entry at least one ticket, the
    // remainder to the first entry, so the sum is exact.
    const total = rows.reduce((s, r) => s + r.weight, 0);
    const tickets = rows.map((r) => Math.max(1, Math.floor((r.weight * (BAG_TICKETS - rows.length)) / total)));
    tickets[0]! += BAG_TICKETS - tickets.reduce((s, t) => s + t, 0);
    return rows.map((r, i) => ({ amountUnits: r.amountUnits, tickets: tickets[i]! }));
  });

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const clientArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);

describe('bag rules (properties)', () => {
  it('a generated table is valid, and a roll pays an amount of the table from the range holding its ticket', () => {
    fc.assert(
      fc.property(tableArb, seedArb, clientArb, fc.nat(10_000_000), (table, serverSeed, clientSeed, nonce) => {
        expect(checkBagTable(table).ok).toBe(true);
        const roll = rollBag({ serverSeed, clientSeed, nonce }, table);
        expect(roll.ticket).toBeGreaterThanOrEqual(0);
        expect(roll.ticket).toBeLessThan(BAG_TICKETS);
        const range = bagTicketRanges(table)[roll.index]!;
        expect(roll.ticket >= range.from && roll.ticket < range.to).toBe(true);
        expect(roll.amountUnits).toBe(table[roll.index]!.amountUnits);
      }),
      { numRuns: 300 },
    );
  });

  it('the ticket is the first 52-bit piece below the rejection limit, mod a million (node:crypto)', () => {
    const limit = 2n ** 52n - (2n ** 52n % BigInt(BAG_TICKETS));
    fc.assert(
      fc.property(seedArb, clientArb, fc.nat(10_000_000), (serverSeed, clientSeed, nonce) => {
        let expected = -1;
        for (let cursor = 0; expected < 0; cursor++) {
          const hex = createHmac('sha256', serverSeed).update(`bag:${clientSeed}:${nonce}:${cursor}`).digest('hex');
          for (let k = 0; k < 4 && expected < 0; k++) {
            const v = BigInt(`0x${hex.slice(13 * k, 13 * k + 13)}`);
            if (v < limit) expected = Number(v % BigInt(BAG_TICKETS));
          }
        }
        const table = [{ amountUnits: 1, tickets: BAG_TICKETS }];
        expect(rollBag({ serverSeed, clientSeed, nonce }, table).ticket).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('the expected value is the exact floor of Σ amount × tickets ÷ N, between the least and the most paid', () => {
    fc.assert(
      fc.property(tableArb, (table) => {
        const { evUnits, minUnits, maxUnits } = bagExpectedValue(table);
        const exact = table.reduce((s, e) => s + BigInt(e.amountUnits) * BigInt(e.tickets), 0n);
        const n = BigInt(BAG_TICKETS);
        expect(BigInt(evUnits) * n <= exact && exact < BigInt(evUnits + 1) * n).toBe(true);
        expect(evUnits).toBeGreaterThanOrEqual(minUnits);
        expect(evUnits).toBeLessThanOrEqual(maxUnits);
      }),
    );
  });

  it('a table whose tickets miss a million by any amount is refused', () => {
    fc.assert(
      fc.property(
        tableArb,
        fc.integer({ min: -1000, max: 1000 }).filter((d) => d !== 0),
        (table, delta) => {
          const last = table[table.length - 1]!;
          if (last.tickets + delta < 1) return;
          const off = [...table.slice(0, -1), { ...last, tickets: last.tickets + delta }];
          expect(checkBagTable(off)).toEqual({ ok: false, error: 'TICKETS' });
        },
      ),
    );
  });
});
