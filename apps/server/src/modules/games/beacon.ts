/**
 * The public beacon (GAMES.md §4): a random value nobody — the house included — knows before a
 * given time, mixed into a shared room's rolls once its entries have closed. The room stores the
 * round and the value; a player looks the round up at the beacon's own address (`urlOf`) and
 * checks it is the first round after the close (packages/shared/beacon.ts `beaconRoundAfter`).
 *
 * - `drandBeacon`: drand's quicknet chain (League of Entropy; a round every 3 s), over its HTTP
 *   API. Production. Players are linked to drand's public API, whichever relay the server reads.
 * - `localBeacon`: the embedded/sandbox stand-in. Round r (one per `periodMs`, round 1 at one
 *   period) is HMAC-SHA256(key, "kaixiang-beacon:<r>"); the key's SHA-256 is its public
 *   commitment, and a round's value is served only once its time has come
 *   (`GET /api/site/v1/beacon?round=r`, beacon.routes.ts).
 */
import { hmacSha256, sha256Hex, toHex } from '@kaixiang/game/sha256';
import {
  BEACON_PATHS,
  type BeaconSchedule,
  beaconRoundAfter,
  DRAND_PUBLIC_URL,
  DRAND_QUICKNET,
  localBeaconMessage,
} from '@kaixiang/shared/beacon';

export interface BeaconValue {
  round: number;
  /** Hex. */
  value: string;
}

/** Which beacon, its commitment (drand: the chain hash; local: SHA-256 of its key) and schedule. */
export interface BeaconInfo {
  kind: 'drand' | 'local';
  hash: string;
  schedule: BeaconSchedule;
  /** Where a player looks round N up: this text with `{round}` replaced by N (`urlOf`). */
  roundUrl: string;
}

const ROUND = '{round}';

export interface PublicBeacon {
  readonly name: string;
  readonly info: BeaconInfo;
  /** The first round published after `atMs`, waiting for it when it is still to come. */
  valueAfter(atMs: number): Promise<BeaconValue>;
  /** A round that has already been published, or null. */
  published(round: number): Promise<BeaconValue | null>;
  /** Where a player can look a round up. */
  urlOf(round: number): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function localBeacon(opts: { key: string; periodMs: number; now: () => number }): PublicBeacon {
  const roundValue = (round: number): BeaconValue => ({
    round,
    value: toHex(hmacSha256(opts.key, localBeaconMessage(round))),
  });
  const timeOf = (round: number) => round * opts.periodMs;
  const hash = sha256Hex(opts.key);
  // Round r at r periods: the schedule of shared/beacon.ts with round 1 at one period.
  const schedule = { genesisMs: opts.periodMs, periodMs: opts.periodMs };
  const roundUrl = `/api${BEACON_PATHS.round}?round=${ROUND}`;
  return {
    name: `local beacon (key commitment ${hash})`,
    info: { kind: 'local', hash, schedule, roundUrl },
    async valueAfter(atMs) {
      // The players' verifier computes the round with this same function.
      const round = beaconRoundAfter(schedule, atMs);
      const wait = timeOf(round) - opts.now();
      if (wait > 0) await sleep(wait);
      return roundValue(round);
    },
    async published(round) {
      return Number.isSafeInteger(round) && round >= 0 && timeOf(round) <= opts.now() ? roundValue(round) : null;
    },
    urlOf: (round) => roundUrl.replace(ROUND, String(round)),
  };
}

export function drandBeacon(opts: {
  baseUrl: string;
  now: () => number;
  fetch?: typeof fetch;
  chain?: { chainHash: string; genesisMs: number; periodMs: number };
}): PublicBeacon {
  const chain = opts.chain ?? DRAND_QUICKNET;
  const get = opts.fetch ?? fetch;
  // Round r is published at genesis + (r - 1) × period.
  const timeOf = (round: number) => chain.genesisMs + (round - 1) * chain.periodMs;
  const readUrl = (round: number) => `${opts.baseUrl.replace(/\/$/, '')}/${chain.chainHash}/public/${round}`;
  async function fetchRound(round: number): Promise<BeaconValue | null> {
    const res = await get(readUrl(round), { signal: AbortSignal.timeout(5_000) });
    if (res.status === 404 || res.status === 425) return null; // not yet published
    if (!res.ok) throw new Error(`drand answered ${res.status} for round ${round}`);
    const body = (await res.json()) as { round?: unknown; randomness?: unknown };
    if (body.round !== round || typeof body.randomness !== 'string' || !/^[0-9a-f]{64}$/.test(body.randomness)) {
      throw new Error(`drand answered an unexpected body for round ${round}`);
    }
    return { round, value: body.randomness };
  }
  // drand's public API, whichever relay the server reads: the link is for players.
  const roundUrl = `${DRAND_PUBLIC_URL}/${chain.chainHash}/public/${ROUND}`;
  return {
    name: `drand quicknet ${chain.chainHash}`,
    info: {
      kind: 'drand',
      hash: chain.chainHash,
      schedule: { genesisMs: chain.genesisMs, periodMs: chain.periodMs },
      roundUrl,
    },
    async valueAfter(atMs) {
      const round = beaconRoundAfter(chain, atMs);
      const wait = timeOf(round) - opts.now();
      if (wait > 0) await sleep(wait);
      // Published a little after its time; a few short waits cover the relays' delay.
      for (let attempt = 0; ; attempt++) {
        const value = await fetchRound(round).catch((e) => {
          if (attempt >= 20) throw e;
          return null;
        });
        if (value) return value;
        if (attempt >= 20) throw new Error(`drand round ${round} not published`);
        await sleep(250);
      }
    },
    async published(round) {
      return timeOf(round) <= opts.now() ? fetchRound(round) : null;
    },
    urlOf: (round) => roundUrl.replace(ROUND, String(round)),
  };
}
