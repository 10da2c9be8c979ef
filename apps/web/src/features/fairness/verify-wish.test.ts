import { describe, expect, it } from 'vitest';
import { verifyWishRecord } from './verify-wish.ts';
import { wishRecord } from './wish-fixture.ts';

describe('verifying a wish in the browser', () => {
  it('checks a hit and a miss as recorded', () => {
    expect(verifyWishRecord(wishRecord(1, true))).toMatchObject({ kind: 'checked', ok: true, hit: true });
    expect(verifyWishRecord(wishRecord(2, false))).toMatchObject({ kind: 'checked', ok: true, hit: false });
  });

  it('waits for the seed to be revealed', () => {
    expect(verifyWishRecord(wishRecord(3, true, false))).toEqual({ kind: 'hidden' });
  });

  it('catches a record that claims another outcome, roll, hash or item', () => {
    const hit = wishRecord(4, true);
    expect(verifyWishRecord({ ...hit, hit: false, user_item_id: null })).toMatchObject({ ok: false, outcomeOk: false });
    expect(verifyWishRecord({ ...hit, roll: hit.roll + 1 })).toMatchObject({ ok: false, rollOk: false });
    expect(verifyWishRecord({ ...hit, user_item_id: null })).toMatchObject({ ok: false, outcomeOk: false });
    expect(verifyWishRecord({ ...hit, proof: { ...hit.proof, server_seed_hash: '0'.repeat(64) } })).toMatchObject({
      ok: false,
      seedHashOk: false,
    });
    // A chance lowered below the roll after the fact turns the recorded hit into a miss.
    expect(verifyWishRecord({ ...hit, chance_ppm: hit.roll })).toMatchObject({ ok: false, hit: false });
  });
});
