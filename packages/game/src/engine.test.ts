import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { err, ok, type SharedRollInput, sharedRollIntAt, sharedRollMessage, sharedTicketRoll } from './engine.ts';
import { type OddsEntry, rollBox } from './fair.ts';

const S1 = 'd4f2a9e45534ffca0d472616655e2cfb9b676786245bce033db6cccd8580cc59';
const P = 'e2a4b8f1c0d3e5a7b9c1d3e5f7a9b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f3a5';

const input = (roomId: number | string, round: number, slot: number | string, game = 'battle'): SharedRollInput => ({
  game,
  serverSeed: S1,
  publicSeed: P,
  roomId,
  round,
  slot,
});

/** An independent reading of the recipe: node:crypto HMAC, 13 hex digits per chunk, rejection in BigInt. */
function reference(i: SharedRollInput, n: number) {
  const limit = 2n ** 52n - (2n ** 52n % BigInt(n));
  for (let cursor = 0; ; cursor++) {
    const message = `${i.game}:${i.publicSeed}:${i.roomId}:${i.round}:${i.slot}:${cursor}`;
    const hex = createHmac('sha256', i.serverSeed).update(message).digest('hex');
    for (let index = 0; index < 4; index++) {
      const value = BigInt(`0x${hex.slice(13 * index, 13 * index + 13)}`);
      if (value < limit) return { value: Number(value % BigInt(n)), cursor, index };
    }
  }
}

describe('Result', () => {
  it('carries a value or an error code', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(err('NOPE')).toEqual({ ok: false, error: 'NOPE' });
  });
});

describe('shared rolls', () => {
  it('hashes <game>:<publicSeed>:<roomId>:<round>:<slot>:<cursor>', () => {
    expect(sharedRollMessage(input(7, 2, 3), 1)).toBe(`battle:${P}:7:2:3:1`);
    expect(sharedRollMessage(input(7, 20, 'tie'), 0)).toBe(`battle:${P}:7:20:tie:0`);
  });

  // Computed once with node:crypto and BigInt rejection (the reference above), then pinned.
  it.each([
    [input(1, 0, 0), 1_000_000, { value: 427_573, cursor: 0, index: 0 }],
    [input(1, 0, 1), 1_000_000, { value: 683_236, cursor: 0, index: 0 }],
    [input(1, 1, 0), 1_000_000, { value: 968_607, cursor: 0, index: 0 }],
    [input(2, 0, 0), 1_000_000, { value: 15_270, cursor: 0, index: 0 }],
    [input('r-9f3a', 19, 3), 1_000_000, { value: 912_739, cursor: 0, index: 0 }],
    [input(1, 20, 'tie'), 4, { value: 3, cursor: 0, index: 0 }],
    [input(77, 0, 0, 'roulette'), 15, { value: 5, cursor: 0, index: 0 }],
    // Rejections: two chunks of the first digest, and the whole first digest.
    [input(13, 0, 0), 3 * 2 ** 50, { value: 2_180_188_944_095_570, cursor: 0, index: 2 }],
    [input(116, 0, 0), 3 * 2 ** 50, { value: 2_950_152_341_433_471, cursor: 1, index: 0 }],
  ])('%o in [0, %d) is %o', (i, n, expected) => {
    expect(sharedRollIntAt(i, n)).toEqual(expected);
  });

  it('agrees with node:crypto on 200 deterministic inputs', () => {
    const mismatches: string[] = [];
    for (let k = 0; k < 200; k++) {
      const i = input(k * 31, k % 21, k % 5 === 4 ? 'tie' : k % 4);
      const n = [2, 3, 1_000_000, 3 * 2 ** 50][k % 4]!;
      if (JSON.stringify(sharedRollIntAt(i, n)) !== JSON.stringify(reference(i, n))) mismatches.push(`${k}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('gives a different digest for every room, round, slot, game and seed', () => {
    const n = 2 ** 52;
    const base = sharedRollIntAt(input(1, 0, 0), n).value;
    const variants = [
      input(2, 0, 0),
      input(1, 1, 0),
      input(1, 0, 1),
      input(1, 0, 'tie'),
      input(1, 0, 0, 'roulette'),
      { ...input(1, 0, 0), publicSeed: `${P}0` },
      { ...input(1, 0, 0), serverSeed: `${S1}0` },
    ].map((i) => sharedRollIntAt(i, n).value);
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it('is not the box roll of the same seed', () => {
    // The box message has four parts, the shared one six; a clash would need a ':' in a part.
    const table: OddsEntry[] = [{ itemId: 1, exter: 1, tickets: 1_000_000 }];
    expect(rollBox({ serverSeed: S1, clientSeed: P, nonce: 1 }, table).ticket).not.toBe(427_573);
  });

  it.each([
    ['a roomId with a colon', input('a:b', 0, 0)],
    ['an empty slot', input(1, 0, '')],
    ['a negative round', input(1, -1, 0)],
    ['a fractional slot', input(1, 0, 1.5)],
    ['a public seed with a colon', { ...input(1, 0, 0), publicSeed: 'x:y' }],
  ])('refuses %s', (_name, i) => {
    expect(() => sharedRollIntAt(i, 10)).toThrow(RangeError);
  });
});

describe('sharedTicketRoll', () => {
  const TABLE: OddsEntry[] = [
    { itemId: 101, exter: 3, tickets: 399_600 }, // [0, 399600)
    { itemId: 102, exter: 2, tickets: 399_600 }, // [399600, 799200)
    { itemId: 201, exter: 1, tickets: 159_800 }, // [799200, 959000)
    { itemId: 301, exter: 4, tickets: 32_000 }, // [959000, 991000)
    { itemId: 401, exter: 1, tickets: 6_400 },
    { itemId: 501, exter: 6, tickets: 2_600 },
  ];

  it.each([
    [input(1, 0, 0), { ticket: 427_573, index: 1, cursor: 0, chunkIndex: 0 }],
    [input(1, 1, 0), { ticket: 968_607, index: 3, cursor: 0, chunkIndex: 0 }],
    [input(2, 0, 0), { ticket: 15_270, index: 0, cursor: 0, chunkIndex: 0 }],
  ])('reads the pinned ticket and its entry for %o', (i, expected) => {
    expect(sharedTicketRoll(i, TABLE, 1_000_000)).toEqual(expected);
  });

  it('refuses a table that does not sum to its total', () => {
    expect(() => sharedTicketRoll(input(1, 0, 0), TABLE, 999_999)).toThrow(RangeError);
  });
});
