/**
 * The public beacon as players see it (GAMES.md §4; server: apps/server/src/modules/games/beacon.ts;
 * docs/games/engine.md "Public beacon"). A shared room mixes in the value of the first beacon
 * round published strictly after its entries closed; this file holds what a player needs to check
 * that: each beacon's schedule, the round that follows a close time, and the local beacon's API.
 */
import { z } from 'zod';

export const BEACON_PATHS = {
  /**
   * GET ?round=N, unsigned (a plain link): one published round of the local beacon,
   * `{round, randomness}` as drand's `/public/<round>` names them, in the envelope. A round still
   * to come is refused. With drand (production) it redirects to drand's own page of the round.
   */
  round: '/site/v1/beacon',
  /** GET, unsigned: which beacon this site uses and its schedule (BeaconInfo). */
  info: '/site/v1/beacon/info',
} as const;

/** drand quicknet (League of Entropy): unchained BLS signatures, a round every 3 s since its genesis. */
export const DRAND_QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  /** Round 1's time (drand's `genesis_time` 1692803367 s). */
  genesisMs: 1_692_803_367_000,
  periodMs: 3_000,
} as const;

/**
 * drand's public HTTP API, for the links players follow. The server may read drand elsewhere
 * (DRAND_URL, e.g. a relay); every relay serves the same rounds, but a player needs a public one.
 */
export const DRAND_PUBLIC_URL = 'https://api.drand.sh';

/** The local (embedded/sandbox) beacon: round r is published at r seconds since the epoch. */
export const LOCAL_BEACON_PERIOD_MS = 1_000;

/** The text whose HMAC under the local beacon's key is round r's value. */
export const localBeaconMessage = (round: number) => `kaixiang-beacon:${round}`;

/** When a beacon's rounds come: round r at genesisMs + (r − 1) × periodMs. */
export interface BeaconSchedule {
  /** Round 1's time, epoch ms. */
  genesisMs: number;
  periodMs: number;
}

export const DRAND_SCHEDULE: BeaconSchedule = {
  genesisMs: DRAND_QUICKNET.genesisMs,
  periodMs: DRAND_QUICKNET.periodMs,
};
/** Round r at r × 1 s: round 1 at 1 s. */
export const LOCAL_SCHEDULE: BeaconSchedule = { genesisMs: LOCAL_BEACON_PERIOD_MS, periodMs: LOCAL_BEACON_PERIOD_MS };

/** When round `round` is published. */
export function beaconRoundTime(s: BeaconSchedule, round: number): number {
  return s.genesisMs + (round - 1) * s.periodMs;
}

/**
 * The first round published strictly after `atMs` (a room's close time): the one its rolls take.
 * floor((atMs − genesis) / period) + 2, so round(r) > atMs ≥ time(r − 1).
 */
export function beaconRoundAfter(s: BeaconSchedule, atMs: number): number {
  return Math.max(1, Math.floor((atMs - s.genesisMs) / s.periodMs) + 2);
}

const int = () => z.number().int();

export const beaconRoundQuery = z.object({ round: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** One round's value: drand's field names (the local beacon has no BLS signature). */
export const beaconRoundResponse = z.object({
  round: int(),
  /** 64 hex digits: the public seed of the rooms that took this round. */
  randomness: z.string(),
});
export type BeaconRoundResponse = z.infer<typeof beaconRoundResponse>;

export const beaconInfoResponse = z.object({
  kind: z.enum(['drand', 'local']),
  /** drand: the chain hash; local: SHA-256 of the beacon's key, its commitment. */
  hash: z.string(),
  /** Round 1's time (epoch ms) and the time between rounds: round r comes at genesis + (r − 1) × period. */
  genesis_at: int(),
  period_ms: int(),
  /** Where round N is looked up: this text with `{round}` replaced by N. */
  round_url: z.string(),
});
export type BeaconInfoResponse = z.infer<typeof beaconInfoResponse>;
