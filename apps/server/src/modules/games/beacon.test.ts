import { hmacSha256Hex, sha256Hex } from '@kaixiang/game/sha256';
import { beaconRoundAfter, DRAND_QUICKNET } from '@kaixiang/shared/beacon';
import { describe, expect, it } from 'vitest';
import { drandBeacon, localBeacon } from './beacon.ts';

describe('local beacon', () => {
  it('gives the first round after a time, its HMAC value, and nothing of rounds still to come', async () => {
    let now = 10_500;
    const beacon = localBeacon({ key: 'k'.repeat(16), periodMs: 1_000, now: () => now });
    const v = await beacon.valueAfter(9_999); // round 10 is at 10,000 ≤ now: no wait
    expect(v).toEqual({ round: 10, value: hmacSha256Hex('k'.repeat(16), 'kaixiang-beacon:10') });
    expect(await beacon.published(10)).toEqual(v);
    expect(await beacon.published(11)).toBeNull();
    now = 11_000;
    expect(await beacon.published(11)).not.toBeNull();
    expect((await beacon.valueAfter(10_000)).round).toBe(11);
  });

  it('publishes its schedule and commitment as players read them, and links each round', async () => {
    const beacon = localBeacon({ key: 'k'.repeat(16), periodMs: 1_000, now: () => 50_000 });
    expect(beacon.info).toEqual({
      kind: 'local',
      hash: sha256Hex('k'.repeat(16)),
      schedule: { genesisMs: 1_000, periodMs: 1_000 },
      roundUrl: '/api/site/v1/beacon?round={round}',
    });
    expect(beacon.urlOf(42)).toBe('/api/site/v1/beacon?round=42');
    // The round it takes after a close is the one the players' verifier computes from the schedule.
    for (const at of [0, 999, 1_000, 1_001, 41_999, 42_000, 42_500]) {
      expect((await beacon.valueAfter(at)).round).toBe(beaconRoundAfter(beacon.info.schedule, at));
    }
  });
});

describe('drand beacon', () => {
  const chain = { ...DRAND_QUICKNET, genesisMs: 1_000_000 };
  const value = 'ab'.repeat(32);

  it('asks for the first round after the time and checks the answer', async () => {
    const asked: string[] = [];
    const beacon = drandBeacon({
      baseUrl: 'https://drand.test/',
      chain,
      now: () => 1_000_000 + 30_000,
      fetch: (async (url: string) => {
        asked.push(url);
        const round = Number(url.split('/').at(-1));
        return new Response(JSON.stringify({ round, randomness: value }), { status: 200 });
      }) as typeof fetch,
    });
    // 7.5 s after genesis: round 4 was at 9 s (genesis + 3 × 3 s), the first after 7.5 s.
    expect(await beacon.valueAfter(1_000_000 + 7_500)).toEqual({ round: 4, value });
    expect(asked).toEqual([`https://drand.test/${chain.chainHash}/public/4`]);
    // The player's link is drand's public API, not the relay the server reads.
    expect(beacon.urlOf(4)).toBe(`https://api.drand.sh/${chain.chainHash}/public/4`);
  });

  it('refuses an answer for another round or without 32 bytes of randomness', async () => {
    const answer = (body: unknown) =>
      drandBeacon({
        baseUrl: 'https://drand.test',
        chain,
        now: () => 1_000_000 + 30_000,
        fetch: (async () => new Response(JSON.stringify(body), { status: 200 })) as unknown as typeof fetch,
      });
    await expect(answer({ round: 5, randomness: value }).published(4)).rejects.toThrow(/unexpected body/);
    await expect(answer({ round: 4, randomness: 'xyz' }).published(4)).rejects.toThrow(/unexpected body/);
  });
});
