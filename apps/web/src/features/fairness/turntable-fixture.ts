import type { Result } from '@kaixiang/game/engine';
import { serverSeedHash } from '@kaixiang/game/fair';
import {
  bet,
  chainSeedAt,
  chainTerminalHash,
  close,
  feedBpOf,
  openRound,
  settle,
  spin,
  TURNTABLE_BET_MS,
  type TurntableRound,
} from '@kaixiang/game/turntable';
import { beaconRoundAfter, LOCAL_SCHEDULE } from '@kaixiang/shared/beacon';
import type { TurntableRoundResponse } from '@kaixiang/shared/turntable';
import { localBeaconUrl } from '../../test/fixtures.ts';

/**
 * Test data: turntable rounds played by the real rules on a real hash chain, as
 * GET /roulette/v1/round answers for them.
 */
const CHAIN_TOP = '7e'.repeat(32);
const CHAIN_LENGTH = 40;
export const CHAIN = { id: 3, terminal_hash: chainTerminalHash(CHAIN_TOP, CHAIN_LENGTH) };
export const PUBLIC_SEED = 'a1b2c3d4'.repeat(8);
const OPENED_AT = 1_763_000_000_000;

const must = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

function responseOf(round: TurntableRound, chainIndex: number): TurntableRoundResponse {
  const settled = round.state === 'settled';
  // Drawn with the local beacon's first round after the close.
  const beaconRound = round.closedAtMs === null ? null : beaconRoundAfter(LOCAL_SCHEDULE, round.closedAtMs);
  return {
    round_id: Number(round.roundId),
    state: round.state,
    server_seed_hash: serverSeedHash(round.serverSeed),
    server_seed: settled ? round.serverSeed : null,
    public_seed: round.publicSeed,
    beacon_round: beaconRound,
    beacon_url: beaconRound === null ? null : localBeaconUrl(beaconRound),
    bets_close_at: round.betsCloseAtMs,
    closed_at: round.closedAtMs,
    chain: { ...CHAIN, index: chainIndex },
    out_icon: settled ? (round.result?.outIcon ?? null) : null,
    inner_icon: settled ? (round.result?.innerIcon ?? null) : null,
    settled_at: round.settledAtMs,
    jackpot_feed_bp: feedBpOf(round),
  };
}

function opened(roundId: number, chainIndex: number): TurntableRound {
  const serverSeed = chainSeedAt(CHAIN_TOP, CHAIN_LENGTH, chainIndex);
  return openRound({ roundId, chainIndex, serverSeed, now: OPENED_AT }).state;
}

/** A round opened on seed `chainIndex`, bet on, closed, drawn with PUBLIC_SEED and settled. */
export function settledRound(roundId = 1207, chainIndex = 12): TurntableRoundResponse {
  let round = opened(roundId, chainIndex);
  round = must(bet(round, { userId: 9, bets: [{ area: 13, amount: 50_000 }], now: OPENED_AT + 1_000 })).state;
  // Closed a little after the deadline, as a scheduler tick does.
  round = must(close(round, OPENED_AT + TURNTABLE_BET_MS + 35)).state;
  round = must(spin(round, PUBLIC_SEED)).state;
  round = must(settle(round, { jackpotPoolUnits: 1_000_000, now: OPENED_AT + TURNTABLE_BET_MS + 1_500 })).state;
  return responseOf(round, chainIndex);
}

/** A round still taking bets: its seed is secret and nothing is drawn. */
export function bettingRound(roundId = 1208, chainIndex = 13): TurntableRoundResponse {
  return responseOf(opened(roundId, chainIndex), chainIndex);
}
