import {
  TURNTABLE_AREAS,
  TURNTABLE_BET_MS,
  TURNTABLE_DEFAULT_LIMITS,
  TURNTABLE_QUICK_BETS_UNITS,
  TURNTABLE_RESULT_MS,
  TURNTABLE_SPIN_MS,
  turntableOdds,
  turntableReturn,
  winningAreas,
} from '@kaixiang/game/turntable';
import type { TurntableJackpotResponse, TurntableRecordResponse, TurntableRoomInfo } from '@kaixiang/shared/turntable';

/** Answers shaped as the turntable API gives them (packages/shared/src/turntable.ts), for component tests. */
const { areaRtp, jackpotShare, longRun } = turntableReturn();
export const ODDS: TurntableRoomInfo['odds'] = turntableOdds().map(
  ({ area, icons, chance, multiplier, rtp, jackpot }) => ({
    area,
    icons,
    chance,
    multiplier,
    rtp,
    jackpot,
  }),
);

export function emptyAreas(): TurntableRoomInfo['areas'] {
  return Array.from({ length: TURNTABLE_AREAS }, (_, area) => ({
    area,
    amount: 0,
    users: 0,
    self: 0,
    state: 0,
    award: 0,
  }));
}

/** A round in its betting phase, `closesInMs` from `serverNow`. */
export function bettingRound(
  serverNow: number,
  extra: Partial<TurntableRoomInfo> = {},
  closesInMs = 9_000,
): TurntableRoomInfo {
  const closeAt = serverNow + closesInMs;
  return {
    round_id: 77,
    phase: 0,
    phase_end_at: closeAt,
    now: serverNow,
    bets_close_at: closeAt,
    closed_at: null,
    settled_at: null,
    next_round_at: null,
    min_bet: TURNTABLE_DEFAULT_LIMITS.minBetUnits,
    max_bet: TURNTABLE_DEFAULT_LIMITS.maxBetUnits,
    max_round: TURNTABLE_DEFAULT_LIMITS.maxRoundUnits,
    quick_bet: [...TURNTABLE_QUICK_BETS_UNITS],
    areas: emptyAreas(),
    selfbets: [],
    jackpot: 12_345_600,
    history: [
      { round_id: 76, out_icon: 5, inner_icon: 12 },
      { round_id: 75, out_icon: 0, inner_icon: 9 },
    ],
    icon_miss_count: [1, 7, 20, 33, 41, 0, 3, 9, 15],
    result: null,
    server_seed_hash: 'ab'.repeat(32),
    server_seed: null,
    public_seed: null,
    beacon_round: null,
    beacon_url: null,
    chain: { id: 1, index: 9_923, terminal_hash: 'cd'.repeat(32) },
    odds: ODDS,
    rtp: { area: areaRtp, jackpot: jackpotShare, long_run: longRun },
    ...extra,
  };
}

/**
 * The same round settled `sinceSettleMs` before `serverNow` on `outIcon` / `innerIcon`: winning
 * areas state 1 (the viewer's award from `awards`), the rest state 2; history and miss counts
 * already count it, as the server's snapshot does.
 */
export function settledRound(
  serverNow: number,
  draw: { outIcon: number; innerIcon: number },
  sinceSettleMs: number,
  base: TurntableRoomInfo = bettingRound(serverNow - sinceSettleMs - TURNTABLE_BET_MS),
  awards: Record<number, number> = {},
): TurntableRoomInfo {
  const settledAt = serverNow - sinceSettleMs;
  const nextRoundAt = settledAt + TURNTABLE_SPIN_MS + TURNTABLE_RESULT_MS;
  const winning = winningAreas(draw.outIcon, draw.innerIcon);
  return {
    ...base,
    phase: 1,
    now: serverNow,
    phase_end_at: nextRoundAt,
    settled_at: settledAt,
    next_round_at: nextRoundAt,
    areas: base.areas.map((a) => ({ ...a, state: winning.includes(a.area) ? 1 : 2, award: awards[a.area] ?? 0 })),
    history: [{ round_id: base.round_id, out_icon: draw.outIcon, inner_icon: draw.innerIcon }, ...base.history],
    icon_miss_count: base.icon_miss_count.map((n, icon) => (icon === draw.outIcon ? 0 : n + 1)),
    result: {
      out_icon: draw.outIcon,
      inner_icon: draw.innerIcon,
      winning_areas: winning,
      area_award: Object.entries(awards).map(([area, award]) => ({ area: Number(area), award })),
      jackpot_award: 0,
    },
    server_seed: 'ef'.repeat(32),
    public_seed: '12'.repeat(32),
    beacon_round: 4242,
    beacon_url: 'https://api.drand.sh/public/4242',
  };
}

export function withArea(
  info: TurntableRoomInfo,
  area: number,
  values: Partial<TurntableRoomInfo['areas'][number]>,
): TurntableRoomInfo {
  const areas = info.areas.map((a) => (a.area === area ? { ...a, ...values } : a));
  return {
    ...info,
    areas,
    selfbets: areas.filter((a) => a.self > 0).map((a) => ({ area: a.area, amount: a.self })),
  };
}

export const NO_JACKPOTS: TurntableJackpotResponse = { list: [], jackpot: 12_345_600 };

export function records(list: TurntableRecordResponse['list'] = []): TurntableRecordResponse {
  return { list, total: list.length };
}
