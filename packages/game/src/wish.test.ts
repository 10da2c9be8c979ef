import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rollWish, verifyWish, wishHits, wishPriceUnits, wishRtpPpm } from './wish.ts';

/** The recipe as docs/promotions/wishing-well.md states it, with node's own crypto. */
function independentRoll(serverSeed: string, clientSeed: string, nonce: number): number {
  const n = 1_000_000;
  const limit = 2 ** 52 - (2 ** 52 % n);
  for (let cursor = 0; ; cursor++) {
    const hex = createHmac('sha256', serverSeed).update(`wish:${clientSeed}:${nonce}:${cursor}`).digest('hex');
    for (let i = 0; i < 4; i++) {
      const v = Number(BigInt(`0x${hex}`) >> BigInt(256 - 52 * (i + 1))) % 2 ** 52;
      if (v < limit) return v % n;
    }
  }
}

describe('wish rolls', () => {
  it('matches an independent reading of the recipe', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      expect(rollWish({ serverSeed: 'a'.repeat(64), clientSeed: 'client', nonce }).roll).toBe(
        independentRoll('a'.repeat(64), 'client', nonce),
      );
    }
  });

  it('hits exactly below the chance', () => {
    expect(wishHits(4, 5)).toBe(true);
    expect(wishHits(5, 5)).toBe(false);
    expect(wishHits(0, 0)).toBe(false);
    expect(wishHits(999_999, 1_000_000)).toBe(true);
  });

  it('computes the return to player in coin units', () => {
    expect(wishPriceUnits('point', 150)).toBe(15_000);
    expect(wishRtpPpm({ chancePpm: 100_000, worthUnits: 100_000, currency: 'coin', price: 12_000 })).toBe(833_333);
    expect(wishRtpPpm({ chancePpm: 100_000, worthUnits: 100_000, currency: 'point', price: 120 })).toBe(833_333);
  });

  it('verifies a wish and catches a wrong claim', () => {
    const serverSeed = 'b'.repeat(64);
    const hash = createHash('sha256').update(serverSeed).digest('hex');
    const { roll } = rollWish({ serverSeed, clientSeed: 'c', nonce: 7 });
    const claim = { serverSeed, serverSeedHash: hash, clientSeed: 'c', nonce: 7, chancePpm: roll + 1, roll, hit: true };
    expect(verifyWish(claim).valid).toBe(true);
    expect(verifyWish({ ...claim, hit: false }).valid).toBe(false);
    expect(verifyWish({ ...claim, chancePpm: roll }).valid).toBe(false);
    expect(verifyWish({ ...claim, serverSeedHash: '0'.repeat(64) }).valid).toBe(false);
  });
});
