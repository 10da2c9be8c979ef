import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BAG_TICKETS,
  type BagEntry,
  bagExpectedValue,
  bagTableHash,
  bagTableText,
  bagTicketRanges,
  checkBagTable,
  rollBag,
  verifyBag,
} from './bags.ts';
import { serverSeedHash } from './fair.ts';

const SEED = 'd4f2a9e45534ffca0d472616655e2cfb9b676786245bce033db6cccd8580cc59';
/** The seeded daily recharge bag's table: ¥0.5 … ¥88. */
const TABLE: BagEntry[] = [
  { amountUnits: 5_000, tickets: 500_000 },
  { amountUnits: 10_000, tickets: 300_000 },
  { amountUnits: 20_000, tickets: 120_000 },
  { amountUnits: 50_000, tickets: 60_000 },
  { amountUnits: 100_000, tickets: 18_000 },
  { amountUnits: 880_000, tickets: 2_000 },
];

/**
 * The ticket by an independent route: node:crypto's HMAC, 52-bit pieces parsed from 13 hex digits
 * (piece k starts at hex digit 13k), rejection against the largest multiple of N below 2^52.
 */
function referenceTicket(serverSeed: string, clientSeed: string, nonce: number): number {
  const limit = 2n ** 52n - (2n ** 52n % BigInt(BAG_TICKETS));
  for (let cursor = 0; ; cursor++) {
    const hex = createHmac('sha256', serverSeed).update(`bag:${clientSeed}:${nonce}:${cursor}`).digest('hex');
    for (let k = 0; k < 4; k++) {
      const v = BigInt(`0x${hex.slice(13 * k, 13 * k + 13)}`);
      if (v < limit) return Number(v % BigInt(BAG_TICKETS));
    }
  }
}

describe('a bag roll', () => {
  it('gives the known answers (computed once, also by node:crypto below)', () => {
    const vectors: [string, number, number, number, number][] = [
      // client seed, nonce, ticket, entry, amount
      ['lucky', 0, 896_740, 2, 20_000],
      ['lucky', 1, 675_169, 1, 10_000],
      ['lucky', 2, 959_067, 3, 50_000],
      ['abc', 7, 700_539, 1, 10_000],
      ['player-seed', 12_345, 593_902, 1, 10_000],
    ];
    for (const [clientSeed, nonce, ticket, index, amountUnits] of vectors) {
      expect(rollBag({ serverSeed: SEED, clientSeed, nonce }, TABLE)).toMatchObject({ ticket, index, amountUnits });
      expect(referenceTicket(SEED, clientSeed, nonce)).toBe(ticket);
    }
  });

  it('maps a ticket to the entry whose range holds it, edges included', () => {
    const ranges = bagTicketRanges(TABLE);
    expect(ranges[0]).toEqual({ from: 0, to: 500_000 });
    expect(ranges[5]).toEqual({ from: 998_000, to: 1_000_000 });
    // Every vector's ticket is inside its entry's range.
    const roll = rollBag({ serverSeed: SEED, clientSeed: 'lucky', nonce: 2 }, TABLE);
    const r = ranges[roll.index];
    expect(r && roll.ticket >= r.from && roll.ticket < r.to).toBe(true);
  });
});

describe('a bag table', () => {
  it('hashes the exact text the fairness page prints', () => {
    const text =
      '{"n":1000000,"amounts":[[5000,500000],[10000,300000],[20000,120000],[50000,60000],[100000,18000],[880000,2000]]}';
    expect(bagTableText(TABLE)).toBe(text);
    expect(bagTableHash(TABLE)).toBe('87b82306fc4e3de859d1fdea6dd72635bffb8db821e021d617186d5b0091524b');
    expect(createHash('sha256').update(text).digest('hex')).toBe(bagTableHash(TABLE));
  });

  it('has its expected value floored, with the least and the most it pays', () => {
    // 0.5×0.5 + 1×0.3 + 2×0.12 + 5×0.06 + 10×0.018 + 88×0.002 = ¥1.446.
    expect(bagExpectedValue(TABLE)).toEqual({ evUnits: 14_460, minUnits: 5_000, maxUnits: 880_000 });
    // (999,999 × 1 + 1 × 2) ÷ 1,000,000 = 1.000001 units, floored: never more than a bag pays on average.
    expect(
      bagExpectedValue([
        { amountUnits: 1, tickets: 999_999 },
        { amountUnits: 2, tickets: 1 },
      ]).evUnits,
    ).toBe(1);
  });

  it('is refused unless its tickets sum to exactly a million and every number is a positive integer', () => {
    expect(checkBagTable([])).toEqual({ ok: false, error: 'EMPTY' });
    expect(checkBagTable([{ amountUnits: 100, tickets: 999_999 }])).toEqual({ ok: false, error: 'TICKETS' });
    expect(checkBagTable([{ amountUnits: 100, tickets: 1_000_001 }])).toEqual({ ok: false, error: 'TICKETS' });
    expect(checkBagTable([{ amountUnits: 0, tickets: 1_000_000 }])).toEqual({ ok: false, error: 'AMOUNT' });
    expect(checkBagTable([{ amountUnits: 1.5, tickets: 1_000_000 }])).toEqual({ ok: false, error: 'AMOUNT' });
    expect(
      checkBagTable([
        { amountUnits: 100, tickets: 1_000_000 },
        { amountUnits: 200, tickets: 0 },
      ]),
    ).toEqual({ ok: false, error: 'TICKETS' });
    expect(checkBagTable(TABLE).ok).toBe(true);
    expect(() => rollBag({ serverSeed: SEED, clientSeed: 'x', nonce: 0 }, [{ amountUnits: 1, tickets: 5 }])).toThrow(
      RangeError,
    );
  });
});

describe('the verifier', () => {
  const claim = {
    serverSeed: SEED,
    serverSeedHash: serverSeedHash(SEED),
    clientSeed: 'lucky',
    nonce: 0,
    entries: TABLE,
    tableHash: bagTableHash(TABLE),
    ticket: 896_740,
    amountUnits: 20_000,
  };

  it('accepts what the rules gave', () => {
    expect(verifyBag(claim)).toMatchObject({ valid: true, seedMatchesHash: true, tableMatchesHash: true });
  });

  it('catches a wrong amount, ticket, seed or table, each on its own', () => {
    expect(verifyBag({ ...claim, amountUnits: 880_000 })).toMatchObject({ valid: false, amountMatches: false });
    expect(verifyBag({ ...claim, ticket: 1 })).toMatchObject({ valid: false, ticketMatches: false });
    expect(verifyBag({ ...claim, serverSeedHash: '0'.repeat(64) })).toMatchObject({
      valid: false,
      seedMatchesHash: false,
    });
    const other = TABLE.map((e, i) => (i === 0 ? { ...e, amountUnits: 6_000 } : e));
    expect(verifyBag({ ...claim, entries: other })).toMatchObject({ valid: false, tableMatchesHash: false });
  });
});
