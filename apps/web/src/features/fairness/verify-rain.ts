import { generatePackets, packetsHash } from '@kaixiang/game/rain';
import { sha256Hex } from '@kaixiang/game/sha256';
import type { BeaconInfoResponse } from '@kaixiang/shared/beacon';
import type { RainRoundDetail } from '@kaixiang/shared/rain';
import { type BeaconTiming, beaconTiming } from './verify-beacon.ts';

export interface RainCheck {
  /** SHA-256 of the revealed seed is the hash the round showed from its making. */
  seedMatches: boolean;
  /** The list regenerated from seed, beacon, round, pool, count and minimum is the published one. */
  listMatches: boolean;
  /** …and hashes to what was published at the opening, before the first grab. */
  hashMatches: boolean;
  /** The list sums to the pool exactly, every packet at least the minimum. */
  sumMatches: boolean;
  /** Every grab got the packet of its place in the order, and no place twice. */
  grabsMatch: boolean;
  /** Grabs whose amount is not their packet's (shown when grabsMatch fails). */
  wrongGrabs: number[];
  /** The packets as recomputed here. */
  packets: number[];
  /** The beacon round is the first published after the seed was committed. */
  beacon: BeaconTiming;
}

export type RainVerifyResult = { kind: 'checked'; ok: boolean; check: RainCheck };

/**
 * A rain round recomputed in the browser from the round's own answer by packages/game's rules
 * (`generatePackets`: the double-mean method, each draw HMAC-SHA256 of the seed over
 * "rain:<beacon>:<round>:0:<packet>:<cursor>" through the 52-bit sampler): the seed against its
 * hash, the list and its hash, the sum, who got which packet, and the beacon round against the
 * seed's commitment time. A round not ended (or cancelled before it opened) has nothing to check.
 */
export function verifyRainRound(r: RainRoundDetail, beacon: BeaconInfoResponse | null): RainVerifyResult | null {
  if (r.state !== 'ended' || !r.server_seed || !r.public_seed || !r.packets || !r.grabs) return null;
  const packets = generatePackets(
    { serverSeed: r.server_seed, publicSeed: r.public_seed, roomId: r.round_id },
    { poolUnits: r.pool, count: r.count, minUnits: r.min_packet },
  );
  const seen = new Set<number>();
  const wrongGrabs = r.grabs.flatMap((g) => {
    const twice = seen.has(g.index);
    seen.add(g.index);
    return twice || packets[g.index] !== g.amount ? [g.index] : [];
  });
  const check: RainCheck = {
    seedMatches: sha256Hex(r.server_seed) === r.server_seed_hash,
    listMatches: packets.length === r.packets.length && packets.every((p, i) => p === r.packets?.[i]),
    hashMatches: packetsHash(r.round_id, packets) === r.packets_hash,
    sumMatches: packets.reduce((a, b) => a + b, 0) === r.pool && packets.every((p) => p >= r.min_packet),
    grabsMatch: wrongGrabs.length === 0,
    wrongGrabs,
    packets,
    beacon: beaconTiming(beacon, r.committed_at, r.beacon_round),
  };
  const ok =
    check.seedMatches &&
    check.listMatches &&
    check.hashMatches &&
    check.sumMatches &&
    check.grabsMatch &&
    check.beacon.ok;
  return { kind: 'checked', ok, check };
}
