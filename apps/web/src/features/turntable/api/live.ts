import type { TurntableBetEvent, TurntableSettleSelf } from '@kaixiang/shared/turntable';
import { TURNTABLE_EVENTS, TURNTABLE_HALL_ROOM } from '@kaixiang/shared/turntable-paths';
import { useEffect, useRef } from 'react';
import { socket, useSocketGap } from '../../../lib/socket.ts';

export interface TurntableLiveHandlers {
  /** A round opened or settled, or events were missed: load the round again. */
  refetch: () => void;
  /** New area totals of the round. */
  bet: (event: TurntableBetEvent) => void;
  /** The player's own settlement, on their user room. */
  settleSelf: (event: TurntableSettleSelf) => void;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

function betEventOf(data: unknown): TurntableBetEvent | null {
  const d = data as Partial<TurntableBetEvent> | null;
  if (!d || !isInt(d.round_id) || !Array.isArray(d.areas)) return null;
  const areas = d.areas.filter((a) => a && isInt(a.area) && isInt(a.amount) && isInt(a.users));
  return { round_id: d.round_id, areas };
}

function settleSelfOf(data: unknown): TurntableSettleSelf | null {
  const d = data as Partial<TurntableSettleSelf> | null;
  if (!d || !isInt(d.round_id) || !isInt(d.staked) || !isInt(d.won) || !isInt(d.jackpot)) return null;
  return { round_id: d.round_id, staked: d.staked, won: d.won, jackpot: d.jackpot };
}

/**
 * The screen follows `roulette:hall` while mounted (spec 2 §7): bet_start and settle move the
 * round on and say only that, so the round is loaded again; bet frames carry the area totals,
 * merged in; a gap or a reconnect loads the round again. settle_self comes on the player's own
 * room, which the socket joins by itself once logged in.
 */
export function useTurntableLive(handlers: TurntableLiveHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    socket.join(TURNTABLE_HALL_ROOM);
    const inHall = (room: string | undefined) => room === TURNTABLE_HALL_ROOM;
    const offs = [
      socket.on(TURNTABLE_EVENTS.betStart, (_, frame) => inHall(frame.room) && latest.current.refetch()),
      socket.on(TURNTABLE_EVENTS.settle, (_, frame) => inHall(frame.room) && latest.current.refetch()),
      socket.on(TURNTABLE_EVENTS.bet, (data, frame) => {
        const event = inHall(frame.room) ? betEventOf(data) : null;
        if (event) latest.current.bet(event);
      }),
      socket.on(TURNTABLE_EVENTS.settleSelf, (data, frame) => {
        if (frame.room !== undefined && !frame.room.startsWith('user:')) return;
        const event = settleSelfOf(data);
        if (event) latest.current.settleSelf(event);
      }),
    ];
    return () => {
      for (const off of offs) off();
      socket.leave(TURNTABLE_HALL_ROOM);
    };
  }, []);
  useSocketGap(TURNTABLE_HALL_ROOM, () => latest.current.refetch());
}
