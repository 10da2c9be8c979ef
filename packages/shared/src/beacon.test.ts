import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beaconRoundAfter, beaconRoundTime, DRAND_SCHEDULE, LOCAL_SCHEDULE } from './beacon.ts';

describe('the beacon round after a close time', () => {
  it('is published strictly after the close, and the round before it at or before the close', () => {
    for (const schedule of [DRAND_SCHEDULE, LOCAL_SCHEDULE]) {
      fc.assert(
        fc.property(fc.integer({ min: schedule.genesisMs, max: 4_102_444_800_000 }), (closedAt) => {
          const round = beaconRoundAfter(schedule, closedAt);
          expect(beaconRoundTime(schedule, round)).toBeGreaterThan(closedAt);
          expect(beaconRoundTime(schedule, round - 1)).toBeLessThanOrEqual(closedAt);
        }),
      );
    }
  });

  it('reads drand quicknet and the local beacon as their pages publish them', () => {
    // drand quicknet's genesis_time is 1692803367 s, a round every 3 s: round 1 at genesis.
    expect(beaconRoundTime(DRAND_SCHEDULE, 1)).toBe(1_692_803_367_000);
    // 7.5 s after genesis: round 4 (genesis + 9 s) is the first after it; a close on a round's
    // own time takes the next one.
    expect(beaconRoundAfter(DRAND_SCHEDULE, 1_692_803_367_000 + 7_500)).toBe(4);
    expect(beaconRoundAfter(DRAND_SCHEDULE, 1_692_803_367_000 + 9_000)).toBe(5);
    // Before genesis the first round is round 1.
    expect(beaconRoundAfter(DRAND_SCHEDULE, 0)).toBe(1);
    // The local beacon: round r at r seconds since the epoch.
    expect(beaconRoundTime(LOCAL_SCHEDULE, 1_795_609_801)).toBe(1_795_609_801_000);
    expect(beaconRoundAfter(LOCAL_SCHEDULE, 1_795_609_800_250)).toBe(1_795_609_801);
    expect(beaconRoundAfter(LOCAL_SCHEDULE, 1_795_609_801_000)).toBe(1_795_609_802);
  });
});
