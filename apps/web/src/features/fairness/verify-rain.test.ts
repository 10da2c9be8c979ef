import type { RainRoundDetail } from '@kaixiang/shared/rain';
import { describe, expect, it } from 'vitest';
import { LOCAL_BEACON_INFO, localBeaconUrl } from '../../test/fixtures.ts';
import { RECIPE_EXAMPLES as X } from './recipe/examples.ts';
import { verifyRainRound } from './verify-rain.ts';

const x = X.rain;
/** The worked example as the server answers it once the round ended: two grabs, in order. */
const ended = (patch: Partial<RainRoundDetail> = {}): RainRoundDetail => ({
  round_id: x.roundId,
  start_time: X.beacon.closedAt + 60_000,
  end_time: X.beacon.closedAt + 120_000,
  count: x.count,
  pool: x.pool,
  remaining: x.count - 2,
  conditions: { min_vip_level: 0, recharge_days: 0 },
  server_seed_hash: x.serverSeedHash,
  packets_hash: x.listHash,
  min_packet: x.min,
  state: 'ended',
  server_seed: x.serverSeed,
  beacon_round: X.beacon.local.round,
  public_seed: x.publicSeed,
  beacon_url: localBeaconUrl(X.beacon.local.round),
  committed_at: X.beacon.closedAt,
  packets: x.packets,
  grabs: [
    { index: 0, user_id: 7, nick_name: 'a', amount: x.packets[0] ?? 0, grabbed_at: 1 },
    { index: 1, user_id: 9, nick_name: 'b', amount: x.packets[1] ?? 0, grabbed_at: 2 },
  ],
  ...patch,
});

describe('the rain verifier', () => {
  it('accepts a round whose list, hash, grabs and beacon all match', () => {
    expect(verifyRainRound(ended(), LOCAL_BEACON_INFO)?.ok).toBe(true);
  });

  it('catches a grab paid another packet, a packet given twice, a list or seed swapped, a late beacon', () => {
    const g = ended().grabs ?? [];
    const swapped = [{ ...g[0], amount: x.packets[1] }, g[1]] as RainRoundDetail['grabs'];
    expect(verifyRainRound(ended({ grabs: swapped }), LOCAL_BEACON_INFO)?.check).toMatchObject({
      grabsMatch: false,
      wrongGrabs: [0],
    });
    const twice = [g[0], { ...g[1], index: 0, amount: x.packets[0] }] as RainRoundDetail['grabs'];
    expect(verifyRainRound(ended({ grabs: twice }), LOCAL_BEACON_INFO)?.check.grabsMatch).toBe(false);
    const other = [...x.packets].reverse();
    expect(verifyRainRound(ended({ packets: other }), LOCAL_BEACON_INFO)?.check.listMatches).toBe(false);
    expect(verifyRainRound(ended({ packets_hash: 'ab'.repeat(32) }), LOCAL_BEACON_INFO)?.check.hashMatches).toBe(false);
    expect(verifyRainRound(ended({ server_seed_hash: 'cd'.repeat(32) }), LOCAL_BEACON_INFO)?.ok).toBe(false);
    const late = verifyRainRound(ended({ beacon_round: X.beacon.local.round + 1 }), LOCAL_BEACON_INFO);
    expect(late?.check.beacon.ok).toBe(false);
  });

  it('has nothing to check before the round ended', () => {
    expect(
      verifyRainRound(ended({ state: 'running', server_seed: null, packets: null, grabs: null }), null),
    ).toBeNull();
  });
});
