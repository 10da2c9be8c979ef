import type { TurntableBetEvent, TurntableRoomInfo } from '@kaixiang/shared/turntable';

/**
 * The betting areas as the screen keeps them between snapshots (spec 2 §4 Turntable): the
 * player's own bet is added at once, before the server answers; the hall's `bet` frames carry
 * each area's running totals, which only grow within a round, so a frame is merged area by area
 * with max(): one that arrives late, or was sent before a frame we already have, never lowers a
 * total. A new snapshot (every phase change, a gap, a refused bet) replaces all of it.
 */
export type TurntableArea = TurntableRoomInfo['areas'][number];
type Board = Pick<TurntableRoomInfo, 'round_id' | 'areas' | 'selfbets'>;

export function mergeBetEvent<T extends Board>(info: T, event: TurntableBetEvent): T {
  if (event.round_id !== info.round_id) return info;
  let changed = false;
  const areas = info.areas.map((area) => {
    const news = event.areas.find((a) => a.area === area.area);
    if (!news || (news.amount <= area.amount && news.users <= area.users)) return area;
    changed = true;
    return { ...area, amount: Math.max(area.amount, news.amount), users: Math.max(area.users, news.users) };
  });
  return changed ? { ...info, areas } : info;
}

/** The player's bet of `amount` on `area`, counted before the server answers. */
export function addOwnBet<T extends Board>(info: T, area: number, amount: number): T {
  return {
    ...info,
    areas: info.areas.map((a) =>
      a.area === area
        ? { ...a, amount: a.amount + amount, users: a.users + (a.self > 0 ? 0 : 1), self: a.self + amount }
        : a,
    ),
    selfbets: withSelf(info.selfbets, area, (info.areas.find((a) => a.area === area)?.self ?? 0) + amount),
  };
}

/**
 * The server's answer to a bet: the player's stakes on every area this round. Taken with max() too:
 * answers to two quick clicks may come back in either order, and the later click is already
 * counted here.
 */
export function applySelfBets<T extends Board>(
  info: T,
  roundId: number,
  selfbets: readonly { area: number; amount: number }[],
): T {
  if (roundId !== info.round_id) return info;
  const areas = info.areas.map((a) => {
    const server = selfbets.find((s) => s.area === a.area)?.amount ?? 0;
    if (server <= a.self) return a;
    // The server counted more of ours than we had: the area's total holds at least that much more.
    return { ...a, self: server, amount: a.amount + (server - a.self), users: a.users + (a.self > 0 ? 0 : 1) };
  });
  return {
    ...info,
    areas,
    selfbets: areas.filter((a) => a.self > 0).map((a) => ({ area: a.area, amount: a.self })),
  };
}

function withSelf(selfbets: Board['selfbets'], area: number, amount: number): Board['selfbets'] {
  const rest = selfbets.filter((s) => s.area !== area);
  return [...rest, { area, amount }].sort((a, b) => a.area - b.area);
}

/** What the player staked this round, and what the settled round paid them (multipliers and jackpot). */
export function ownTotals(areas: readonly TurntableArea[]): { stakedUnits: number; awardUnits: number } {
  return areas.reduce((sum, a) => ({ stakedUnits: sum.stakedUnits + a.self, awardUnits: sum.awardUnits + a.award }), {
    stakedUnits: 0,
    awardUnits: 0,
  });
}
