import { sha256Hex } from '@kaixiang/game/sha256';
import {
  TURNTABLE_ICON_NAMES,
  TURNTABLE_INNER_FIRST,
  TURNTABLE_INNER_WEIGHTS,
  TURNTABLE_OUTER_WEIGHTS,
  type TurntableDraw,
  verifyChainSeed,
  verifyDraw,
} from '@kaixiang/game/turntable';
import type { BeaconInfoResponse } from '@kaixiang/shared/beacon';
import type { TurntableRoundResponse } from '@kaixiang/shared/turntable';
import { type BeaconTiming, beaconTiming } from './verify-beacon.ts';

/**
 * The most hashes the chain check will run. The server's chains hold 10,000 seeds (a few hundred
 * ms of hashing at worst); an index far beyond that could only come from a broken answer, and
 * hashing it would freeze the tab instead of saying ✗.
 */
export const MAX_CHAIN_INDEX = 100_000;

export type TurntableIconName = (typeof TURNTABLE_ICON_NAMES)[number];

/** One wheel's draw recomputed in the browser beside the icon the server announced. */
export interface WheelCheck {
  /** The recomputed icon and ticket; null when the published seeds cannot be rolled at all. */
  icon: number | null;
  ticket: number | null;
  /** Tickets on this wheel: 50 outer, 100 inner. */
  total: number;
  /** Which HMAC digest (cursor) and which of its 52-bit chunks gave the ticket. */
  cursor: number | null;
  chunk: number | null;
  announced: number | null;
  ok: boolean;
}

export type TurntableVerifyResult =
  /** Not settled: the server seed is still secret, so there is nothing to check yet (not a failure). */
  | { kind: 'pending' }
  | {
      kind: 'checked';
      seedHashOk: boolean;
      chainOk: boolean;
      /** How many times the seed was hashed to reach the terminal hash (chain index + 1). */
      chainHashes: number;
      outer: WheelCheck;
      inner: WheelCheck;
      /** The beacon round is the first published after betting closed. */
      beacon: BeaconTiming;
      /** Every check passed. */
      ok: boolean;
    };

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
export const OUTER_TICKETS = sum(TURNTABLE_OUTER_WEIGHTS);
export const INNER_TICKETS = sum(TURNTABLE_INNER_WEIGHTS);

/** The key of an icon's name (fairness.turntable.icons.<name>), or null for a number off both wheels. */
export function iconName(icon: number | null): TurntableIconName | null {
  return icon === null ? null : (TURNTABLE_ICON_NAMES[icon] ?? null);
}

/** Each icon's run of tickets on one wheel, in wheel order: what the scheme explains and the draw reads. */
export function ticketRanges(weights: readonly number[], first: number): { icon: number; from: number; to: number }[] {
  let from = 0;
  return weights.map((weight, i) => {
    const range = { icon: first + i, from, to: from + weight - 1 };
    from += weight;
    return range;
  });
}
export const OUTER_RANGES = ticketRanges(TURNTABLE_OUTER_WEIGHTS, 0);
export const INNER_RANGES = ticketRanges(TURNTABLE_INNER_WEIGHTS, TURNTABLE_INNER_FIRST);

function wheel(roll: TurntableDraw['outer'] | null, total: number, announced: number | null): WheelCheck {
  return {
    icon: roll?.icon ?? null,
    ticket: roll?.ticket ?? null,
    total,
    cursor: roll?.cursor ?? null,
    chunk: roll?.chunkIndex ?? null,
    announced,
    ok: roll !== null && roll.icon === announced,
  };
}

/**
 * Recomputes a settled turntable round with the code the server ran (packages/game/turntable):
 * the revealed seed against the hash published before betting, the seed's place in the published
 * hash chain, and both wheels: ticket = HMAC-SHA256(server seed,
 * "turntable:<public seed>:<round>:0:outer|inner:<cursor>") read as [0, 50) and [0, 100), the
 * icon the one whose weight run holds it; and the beacon round against the time betting closed
 * (`beacon`: the beacon's schedule). Runs up to index + 1 hashes: call it after the fetch, never
 * while rendering.
 */
export function verifyTurntableRound(
  round: TurntableRoundResponse,
  beacon: BeaconInfoResponse | null,
): TurntableVerifyResult {
  const serverSeed = round.server_seed;
  const publicSeed = round.public_seed;
  if (round.state !== 'settled' || !serverSeed || !publicSeed) return { kind: 'pending' };

  const seedHashOk = sha256Hex(serverSeed) === round.server_seed_hash.toLowerCase();
  const { index, terminal_hash } = round.chain;
  const indexOk = Number.isSafeInteger(index) && index >= 0 && index <= MAX_CHAIN_INDEX;
  const chainOk = indexOk && verifyChainSeed(serverSeed, index, terminal_hash.toLowerCase());

  let draw: TurntableDraw | null = null;
  try {
    draw = verifyDraw({ serverSeed, publicSeed, roundId: round.round_id });
  } catch {
    // A public seed the roll refuses (empty, or with ':'): nothing the server could have drawn from.
  }
  const outer = wheel(draw?.outer ?? null, OUTER_TICKETS, round.out_icon);
  const inner = wheel(draw?.inner ?? null, INNER_TICKETS, round.inner_icon);
  const timing = beaconTiming(beacon, round.closed_at, round.beacon_round);
  return {
    kind: 'checked',
    seedHashOk,
    chainOk,
    chainHashes: indexOk ? index + 1 : 0,
    outer,
    inner,
    beacon: timing,
    ok: seedHashOk && chainOk && outer.ok && inner.ok && timing.ok,
  };
}
