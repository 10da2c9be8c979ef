import { describe, expect, it } from 'vitest';
import { upgradeEntry } from './upgrade-fixture.ts';
import { percentOfPpm, verifyUpgradeRecord } from './verify-upgrade.ts';

describe('verifying an upgrade in the browser', () => {
  it('recomputes a won and a lost upgrade from their proofs', () => {
    for (const win of [true, false]) {
      const record = upgradeEntry(41, win);
      const result = verifyUpgradeRecord(record);
      expect(result).toMatchObject({
        kind: 'checked',
        seedHashOk: true,
        roll: record.proof.roll,
        rollOk: true,
        success: win,
        outcomeOk: true,
        ok: true,
      });
    }
  });

  it('marks what does not hold up', () => {
    const won = upgradeEntry(41, true);
    // A roll the seeds do not give.
    expect(verifyUpgradeRecord({ ...won, proof: { ...won.proof, roll: won.proof.roll + 1 } })).toMatchObject({
      rollOk: false,
      outcomeOk: true,
      ok: false,
    });
    // A win claimed at a chance the roll is not below.
    expect(verifyUpgradeRecord({ ...won, rate_ppm: won.proof.roll })).toMatchObject({
      rollOk: true,
      success: false,
      outcomeOk: false,
      ok: false,
    });
    // A seed that is not the one committed.
    expect(verifyUpgradeRecord({ ...won, proof: { ...won.proof, server_seed: 'ab'.repeat(32) } })).toMatchObject({
      seedHashOk: false,
      ok: false,
    });
  });

  it('waits for the seed of a pair still in use', () => {
    expect(verifyUpgradeRecord(upgradeEntry(41, true, false))).toEqual({ kind: 'hidden' });
  });

  it('writes a chance as a cut percentage', () => {
    expect(percentOfPpm(285_000)).toBe('28.50%');
    expect(percentOfPpm(10_099)).toBe('1.00%');
    expect(percentOfPpm(750_000)).toBe('75.00%');
  });
});
