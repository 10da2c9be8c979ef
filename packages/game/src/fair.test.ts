import { createHmac } from 'node:crypto';
import { BOX_GAME } from '@kaixiang/shared/boxes';
import { describe, expect, it } from 'vitest';
import {
  chunks52,
  entryForTicket,
  indexForTicket,
  mapValue,
  newServerSeed,
  type OddsEntry,
  oddsHash,
  type RollInput,
  rollBox,
  rollInt,
  rollIntAt,
  serverSeedHash,
  ticketEnds,
  ticketRanges,
  validateOdds,
} from './fair.ts';

const S1 = 'd4f2a9e45534ffca0d472616655e2cfb9b676786245bce033db6cccd8580cc59';
const S2 = 'c07070402b0b4eadc60b5203803daf34e3d9242ed60319a27ea60072325c76ad';

function firstChunks(input: RollInput, count: number): number[] {
  const values: number[] = [];
  for (const chunk of chunks52(input)) {
    values.push(chunk.value);
    if (values.length === count) break;
  }
  return values;
}

/**
 * Known answers, computed once by an independent implementation (node:crypto HMAC, each chunk
 * parsed from 13 hex digits of the digest, rejection in BigInt) and pasted here, so a change to
 * either the message, the chunking or the rejection rule fails. `chunks` are the first eight
 * 52-bit numbers (cursors 0 and 1); `roll` is rollIntAt(input, n).
 */
const VECTORS: (RollInput & { n: number; chunks: number[]; roll: { value: number; cursor: number; index: number } })[] =
  [
    {
      serverSeed: S1,
      clientSeed: 'player-one',
      nonce: 0,
      game: 'box',
      n: 1000000,
      chunks: [
        583961481483088, 1789015884389356, 819211711286096, 3043530948177727, 4149179238630221, 1176568589717160,
        525119447896490, 438073327676869,
      ],
      roll: { value: 483088, cursor: 0, index: 0 },
    },
    {
      serverSeed: S1,
      clientSeed: 'player-one',
      nonce: 1,
      game: 'box',
      n: 1000000,
      chunks: [
        658157677061048, 1529099609044942, 1573475968128080, 816233535029196, 433349787973299, 384475451380649,
        3172096515391543, 2052367432615005,
      ],
      roll: { value: 61048, cursor: 0, index: 0 },
    },
    {
      serverSeed: S1,
      clientSeed: 'player-one',
      nonce: 2,
      game: 'box',
      n: 1000000,
      chunks: [
        3568551192684614, 999373810200991, 4118040545493359, 2331711110985903, 3709252160150456, 2133959937755119,
        3705753871576479, 3050918591042157,
      ],
      roll: { value: 684614, cursor: 0, index: 0 },
    },
    {
      serverSeed: S2,
      clientSeed: 'a',
      nonce: 0,
      game: 'box',
      n: 1000000,
      chunks: [
        3853593318914746, 3148043503934173, 851512992729721, 1223890919146160, 2050257328445246, 468373681986148,
        3080813762769755, 3702508268476722,
      ],
      roll: { value: 914746, cursor: 0, index: 0 },
    },
    {
      serverSeed: S2,
      clientSeed: 'Client_Seed-64',
      nonce: 123456789,
      game: 'box',
      n: 1000000,
      chunks: [
        321480451257490, 3400276577679134, 4472834712882922, 3988352163939073, 4044698033347742, 1487779737641239,
        4062441830740134, 2872317260120850,
      ],
      roll: { value: 257490, cursor: 0, index: 0 },
    },
    {
      serverSeed: 'not-hex server seed ★',
      clientSeed: 'x',
      nonce: 7,
      game: 'battle',
      n: 2,
      chunks: [
        3240798755518085, 2137405403845530, 1640699593264337, 342196115176762, 4456672571488255, 1995193807745200,
        1913634545122625, 140877919831489,
      ],
      roll: { value: 1, cursor: 0, index: 0 },
    },
    {
      serverSeed: S1,
      clientSeed: 'player-one',
      nonce: 0,
      game: 'roulette',
      n: 15,
      chunks: [
        3301975082667232, 453891213389558, 2394033163106540, 1955706592607719, 2947891435277399, 509490905829209,
        1769032061908193, 2343847842607735,
      ],
      roll: { value: 7, cursor: 0, index: 0 },
    },
    {
      serverSeed: S2,
      clientSeed: 'b',
      nonce: 42,
      game: 'box',
      n: 1,
      chunks: [
        1621562092874366, 4227475732737474, 2253530838611286, 4244610588103356, 4414996389032351, 2355790580782761,
        333073598844495, 3970799817925601,
      ],
      roll: { value: 0, cursor: 0, index: 0 },
    },
    {
      serverSeed: S2,
      clientSeed: 'b',
      nonce: 42,
      game: 'box',
      n: 2 ** 52,
      chunks: [
        1621562092874366, 4227475732737474, 2253530838611286, 4244610588103356, 4414996389032351, 2355790580782761,
        333073598844495, 3970799817925601,
      ],
      roll: { value: 1621562092874366, cursor: 0, index: 0 },
    },
    {
      serverSeed: S2,
      clientSeed: 'b',
      nonce: 43,
      game: 'box',
      n: 2 ** 52 - 1,
      chunks: [
        3873260560646893, 2377088955802680, 1755369561182043, 4114903947565074, 3013452601290700, 873194099259697,
        1863582843852556, 3648410596512180,
      ],
      roll: { value: 3873260560646893, cursor: 0, index: 0 },
    },
    {
      serverSeed: S1,
      clientSeed: 'c',
      nonce: 9,
      game: 'box',
      n: 6,
      chunks: [
        2944431464746765, 1633493403987358, 3936254713347496, 3003786641484249, 3938512541409377, 4455410507831876,
        3138821895026510, 4361218549841563,
      ],
      roll: { value: 1, cursor: 0, index: 0 },
    },
    {
      serverSeed: S1,
      clientSeed: 'c',
      nonce: 10,
      game: 'box',
      n: 1000003,
      chunks: [
        1168001804385866, 4306704875122728, 1486450358013709, 1152218924177748, 4363199728219554, 2292377352738957,
        1586867807454466, 3658361463708602,
      ],
      roll: { value: 390966, cursor: 0, index: 0 },
    },
    {
      serverSeed: S1,
      clientSeed: 'reject',
      nonce: 3,
      game: 'box',
      n: 3 * 2 ** 50,
      chunks: [
        3671972220090086, 3045636393476, 2608105425565993, 3880597928074600, 953353284533671, 4063643462611234,
        960000340997534, 2841993320485151,
      ],
      roll: { value: 3045636393476, cursor: 0, index: 1 },
    },
    {
      serverSeed: S1,
      clientSeed: 'reject',
      nonce: 220,
      game: 'box',
      n: 3 * 2 ** 50,
      chunks: [
        4129460974051871, 3735789350860829, 4029680629203555, 4107956555057068, 456648033424079, 2454459561438019,
        278338719230346, 564145609353279,
      ],
      roll: { value: 456648033424079, cursor: 1, index: 0 },
    },
    {
      serverSeed: S2,
      clientSeed: 'half',
      nonce: 0,
      game: 'box',
      n: 2 ** 51 + 1,
      chunks: [
        2544810190925574, 3236615779591368, 605572768305874, 1426766111117176, 2878805797452682, 2527062674606008,
        2596739805323405, 3388493859933038,
      ],
      roll: { value: 605572768305874, cursor: 0, index: 2 },
    },
  ];

describe('chunks52 and rollInt known answers', () => {
  it.each(VECTORS.map((v) => [`${v.game}:${v.clientSeed}:${v.nonce}, n = ${v.n}`, v] as const))(
    '%s',
    (_name, vector) => {
      const { n, chunks, roll, ...input } = vector;
      expect(firstChunks(input, 8)).toEqual(chunks);
      expect(rollIntAt(input, n)).toEqual(roll);
      expect(rollInt(input, n)).toBe(roll.value);
    },
  );

  it('covers a rejection within a digest and one that moves to the next cursor', () => {
    expect(VECTORS.some((v) => v.roll.cursor === 0 && v.roll.index > 0)).toBe(true);
    expect(VECTORS.some((v) => v.roll.cursor > 0)).toBe(true);
  });

  it('agrees with node:crypto on 200 deterministic inputs', () => {
    const mismatches: string[] = [];
    for (let i = 0; i < 200; i++) {
      const input = { serverSeed: `seed-${i * 7919}`, clientSeed: `c${i % 13}`, nonce: i * 104729, game: 'box' };
      const expected: number[] = [];
      for (let cursor = 0; cursor < 2; cursor++) {
        const message = `${input.game}:${input.clientSeed}:${input.nonce}:${cursor}`;
        const hex = createHmac('sha256', input.serverSeed).update(message).digest('hex');
        for (let k = 0; k < 4; k++) expected.push(Number.parseInt(hex.slice(13 * k, 13 * k + 13), 16));
      }
      if (firstChunks(input, 8).join() !== expected.join()) mismatches.push(input.serverSeed);
    }
    expect(mismatches).toEqual([]);
  });

  it('labels each chunk with its cursor and position', () => {
    const labels = [];
    for (const { cursor, index } of chunks52({ serverSeed: S1, clientSeed: 'a', nonce: 0, game: 'box' })) {
      labels.push(`${cursor}.${index}`);
      if (labels.length === 6) break;
    }
    expect(labels).toEqual(['0.0', '0.1', '0.2', '0.3', '1.0', '1.1']);
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 52 + 1, 2 ** 53])('refuses the range %d', (n) => {
    expect(() => rollInt({ serverSeed: S1, clientSeed: 'a', nonce: 0, game: 'box' }, n)).toThrow(RangeError);
  });
});

describe('mapValue over a whole 16-bit domain', () => {
  const BITS = 16;
  const DOMAIN = 2 ** BITS;

  it.each([1, 2, 3, 7, 1000, 40_000, 65_535, 65_536])('gives every result of [0, %d) the same count', (n) => {
    const counts = new Array<number>(n).fill(0);
    let rejected = 0;
    for (let value = 0; value < DOMAIN; value++) {
      const result = mapValue(value, n, BITS);
      if (result < 0) rejected++;
      else counts[result]!++;
    }
    expect(rejected).toBe(DOMAIN % n);
    expect(new Set(counts)).toEqual(new Set([Math.floor(DOMAIN / n)]));
  });

  it('gives each entry of an odds table exactly its tickets × the per-ticket count', () => {
    const entries = [799, 160, 32, 6, 3].map((tickets, i) => ({ itemId: i + 1, exter: 1, tickets }));
    const ends = ticketEnds(entries);
    const counts = new Array<number>(entries.length).fill(0);
    for (let value = 0; value < DOMAIN; value++) {
      const ticket = mapValue(value, 1000, BITS);
      if (ticket >= 0) counts[indexForTicket(ends, ticket)]!++;
    }
    const perTicket = Math.floor(DOMAIN / 1000);
    expect(counts).toEqual(entries.map((e) => e.tickets * perTicket));
  });
});

describe('odds tables', () => {
  const TABLE: OddsEntry[] = [
    { itemId: 101, exter: 3, tickets: 399_600 },
    { itemId: 102, exter: 2, tickets: 399_600 },
    { itemId: 201, exter: 1, tickets: 159_800 },
    { itemId: 301, exter: 4, tickets: 32_000 },
    { itemId: 401, exter: 1, tickets: 6_400 },
    { itemId: 501, exter: 6, tickets: 2_600 },
  ];

  it('gives each entry the tickets after the entries before it', () => {
    expect(ticketRanges(TABLE)).toEqual([
      { from: 0, to: 399_600 },
      { from: 399_600, to: 799_200 },
      { from: 799_200, to: 959_000 },
      { from: 959_000, to: 991_000 },
      { from: 991_000, to: 997_400 },
      { from: 997_400, to: 1_000_000 },
    ]);
  });

  it('finds the owner of the first and last ticket of every range', () => {
    for (const [index, { from, to }] of ticketRanges(TABLE).entries()) {
      expect(entryForTicket(TABLE, from)).toBe(index);
      expect(entryForTicket(TABLE, to - 1)).toBe(index);
    }
    expect(() => entryForTicket(TABLE, 1_000_000)).toThrow(RangeError);
    expect(() => entryForTicket(TABLE, -1)).toThrow(RangeError);
  });

  it('accepts a table summing to its total and refuses anything else', () => {
    expect(() => validateOdds(TABLE, 1_000_000)).not.toThrow();
    expect(() => validateOdds(TABLE, 999_999)).toThrow(/sum to 1000000/);
    expect(() => validateOdds([], 1)).toThrow(RangeError);
    for (const tickets of [0, -1, 1.5]) {
      expect(() => validateOdds([{ itemId: 1, exter: 1, tickets }], tickets)).toThrow(RangeError);
    }
  });

  it('hashes the exact published JSON text', () => {
    // sha256 of {"n":1000000,"items":[[101,3,399600],…]}, computed with node:crypto.
    expect(oddsHash(TABLE, 1_000_000)).toBe('3f80c49cb6003777a7b57f4ef9902b25d3643d789a9c7fc5438513567e45f54e');
    expect(oddsHash(TABLE.toReversed(), 1_000_000)).not.toBe(oddsHash(TABLE, 1_000_000));
  });

  // [nonce, ticket, index] for client seed "box-vectors" under S1, computed with node:crypto.
  it.each([
    [0, 776_257, 1],
    [1, 848_006, 2],
    [2, 242_164, 0],
    [3, 779_016, 1],
    [4, 801_618, 2],
    [5, 788_680, 1],
    [6, 243_675, 0],
    [7, 582_669, 1],
    [34, 989_387, 3],
    [224, 996_172, 4],
    [823, 998_871, 5],
  ])('rollBox nonce %d draws ticket %d, entry %d', (nonce, ticket, index) => {
    const seeds = { serverSeed: S1, clientSeed: 'box-vectors', nonce };
    expect(rollBox(seeds, TABLE)).toEqual({ ticket, index });
    expect(rollInt({ ...seeds, game: BOX_GAME }, 1_000_000)).toBe(ticket);
  });

  it('refuses to roll against a table that does not sum to the total', () => {
    const seeds = { serverSeed: S1, clientSeed: 'a', nonce: 0 };
    expect(() => rollBox(seeds, TABLE, 999_999)).toThrow(RangeError);
  });
});

describe('server seeds', () => {
  it('is 64 hex digits of the 32 bytes given', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i * 8 + 1);
    expect(newServerSeed(() => bytes)).toBe(Buffer.from(bytes).toString('hex'));
    expect(newServerSeed(() => bytes)).toMatch(/^[0-9a-f]{64}$/);
    expect(() => newServerSeed(() => new Uint8Array(16))).toThrow(RangeError);
  });

  it('commits to the seed by the SHA-256 of its text', () => {
    expect(serverSeedHash(S1)).toBe('bb8a4fa0fba92fdb88a0ade13f26c1e5e8528851c70af0566ce0832caccf1d53');
    expect(serverSeedHash(S2)).not.toBe(serverSeedHash(S1));
  });
});
