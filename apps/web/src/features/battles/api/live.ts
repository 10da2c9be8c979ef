import { BATTLE_EVENTS, BATTLE_HALL_ROOM, battleRoom } from '@kaixiang/shared/battles-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type InboundFrame, socket, useSocketGap } from '../../../lib/socket.ts';

/** Every event a battle room publishes (GAMES.md §3); `room_full` goes to the room's own channel only. */
export const ROOM_EVENT_TYPES: readonly string[] = [...Object.values(BATTLE_EVENTS), 'room_full'];

export interface BattleEventData {
  room_id?: number;
  room_seq?: number;
}

/**
 * Joins a socket room while the component is mounted and hands every battle event on it to
 * `onEvent`. The events carry no state of their own worth patching in: the caller refetches the
 * snapshot, which is also what a missed event (a gap, a reconnect) does.
 */
export function useBattleChannel(room: string | null, onEvent: (data: BattleEventData, frame: InboundFrame) => void) {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!room) return;
    socket.join(room);
    const offs = ROOM_EVENT_TYPES.map((type) =>
      socket.on(type, (data, frame) => {
        if (frame.room === room) latest.current((data ?? {}) as BattleEventData, frame);
      }),
    );
    return () => {
      for (const off of offs) off();
      socket.leave(room);
    };
  }, [room]);
  useSocketGap(room ?? 'battle:none', () => latest.current({}, { type: 'gap', data: null }));
}

/** The hall's list follows `battle:hall`: any room created, joined, started, ended or dissolved. */
export function useBattleHallLive(): void {
  const queryClient = useQueryClient();
  useBattleChannel(BATTLE_HALL_ROOM, () => void queryClient.invalidateQueries({ queryKey: ['battles', 'list'] }));
}

/**
 * One room's page follows `battle:{id}`. The snapshot is refetched on every event: each moves the
 * room on (a seat, a revealed round, the result) and the events say only that it happened.
 */
export function useBattleRoomLive(roomId: number, refetch: () => void): void {
  useBattleChannel(roomId > 0 ? battleRoom(roomId) : null, (data) => {
    if (data.room_id === undefined || data.room_id === roomId) refetch();
  });
}
