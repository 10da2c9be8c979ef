/**
 * The public beacon (GAMES.md §4): a random value nobody — the house included — knows before a
 * given time, mixed into a shared room's rolls once its entries have closed. The room stores the
 * round and the value; a player looks the round up at the beacon's own address.
 *
 * - `drandBeacon`: drand's quicknet chain (League of Entropy; a round every 3 s), over its HTTP
 *   API. Production.
 * - `localBeacon`: the embedded/sandbox stand-in. Round r (one per `periodMs`) is
 *   HMAC-SHA256(key, "kaixiang-beacon:<r>"); the key's SHA-256 is its public commitment, and a
 *   round's value is served only once its time has come (`GET /api/site/v1/beacon`).
 */
import { hmacSha256, sha256Hex, toHex } from '@kaixiang/game/sha256';

export interface BeaconValue {
  round: number;
  /** Hex. */
  value: string;
}

export interface PublicBeacon {
  readonly name: string;
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
    value: toHex(hmacSha256(opts.key, `kaixiang-beacon:${round}`)),
  });
  const timeOf = (round: number) => round * opts.periodMs;
  return {
    name: `local beacon (key commitment ${sha256Hex(opts.key)})`,
    async valueAfter(atMs) {
      const round = Math.floor(atMs / opts.periodMs) + 1;
      const wait = timeOf(round) - opts.now();
      if (wait > 0) await sleep(wait);
      return roundValue(round);
    },
    async published(round) {
      return Number.isSafeInteger(round) && round >= 0 && timeOf(round) <= opts.now() ? roundValue(round) : null;
    },
    urlOf: (round) => `/api/site/v1/beacon?round=${round}`,
  };
}

/** drand quicknet: unchained BLS signatures, a round every 3 s since its genesis. */
export const DRAND_QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  genesisMs: 1_692_803_367_000,
  periodMs: 3_000,
};

export function drandBeacon(opts: {
  baseUrl: string;
  now: () => number;
  fetch?: typeof fetch;
  chain?: typeof DRAND_QUICKNET;
}): PublicBeacon {
  const chain = opts.chain ?? DRAND_QUICKNET;
  const get = opts.fetch ?? fetch;
  // Round r is published at genesis + (r - 1) × period.
  const timeOf = (round: number) => chain.genesisMs + (round - 1) * chain.periodMs;
  const urlOf = (round: number) => `${opts.baseUrl.replace(/\/$/, '')}/${chain.chainHash}/public/${round}`;
  async function fetchRound(round: number): Promise<BeaconValue | null> {
    const res = await get(urlOf(round), { signal: AbortSignal.timeout(5_000) });
    if (res.status === 404 || res.status === 425) return null; // not yet published
    if (!res.ok) throw new Error(`drand answered ${res.status} for round ${round}`);
    const body = (await res.json()) as { round?: unknown; randomness?: unknown };
    if (body.round !== round || typeof body.randomness !== 'string' || !/^[0-9a-f]{64}$/.test(body.randomness)) {
      throw new Error(`drand answered an unexpected body for round ${round}`);
    }
    return { round, value: body.randomness };
  }
  return {
    name: `drand quicknet ${chain.chainHash}`,
    async valueAfter(atMs) {
      const round = Math.floor((atMs - chain.genesisMs) / chain.periodMs) + 2;
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
    urlOf,
  };
}
