import { EMOTICON_GAP_MS, type EmoticonEvent } from '@kaixiang/shared/battles';
import {
  BATTLE_EVENTS,
  BATTLE_HALL_ROOM,
  BATTLE_RESULT_EVENT,
  battleRoom,
  WATCH_COUNT_EVENT,
} from '@kaixiang/shared/battles-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type InboundFrame, socket, useRoomChannel } from '../../../lib/socket.ts';
import { BATTLE_RESULTS_KEY } from './get-results.ts';

/**
 * Every event that moves a battle room on (GAMES.md §3); `room_full` goes to the room's own channel
 * only. `send_emoticon` is left out: it changes nothing in the room, and refetching the snapshot
 * for each one would let a chatty player make every watcher reload the room every 2 s.
 */
export const ROOM_EVENT_TYPES: readonly string[] = [
  ...Object.values(BATTLE_EVENTS).filter((type) => type !== BATTLE_EVENTS.emoticon),
  'room_full',
];

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
  useRoomChannel(room, ROOM_EVENT_TYPES, (_type, data, frame) => onEvent((data ?? {}) as BattleEventData, frame));
}

/**
 * The hall follows `battle:hall`: its room list on any room created, joined, started, ended or
 * dissolved; its results lists on `pk_result_time_result`, which the server sends once a battle's
 * settlement is in them (`battle_end` comes before that: refetching the results on it could
 * read them a moment too early). A gap may have hidden either, so it refetches both.
 */
export function useBattleHallLive(): void {
  const queryClient = useQueryClient();
  useBattleChannel(BATTLE_HALL_ROOM, (_data, frame) => {
    void queryClient.invalidateQueries({ queryKey: ['battles', 'list'] });
    if (frame.type === 'gap') void queryClient.invalidateQueries({ queryKey: BATTLE_RESULTS_KEY });
  });
  useEffect(
    () =>
      socket.on(BATTLE_RESULT_EVENT, (_data, frame) => {
        if (frame.room === BATTLE_HALL_ROOM) void queryClient.invalidateQueries({ queryKey: BATTLE_RESULTS_KEY });
      }),
    [queryClient],
  );
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

/** What one seat shows now: the emoticon, and a key that differs for each one shown (it replays the pop). */
export interface SeatEmoticon {
  emoticonId: number;
  key: number;
}

/**
 * The emoticon each seat of the room shows (spec 2 §9): a seat's latest, for EMOTICON_GAP_MS, then
 * none. A newer one from the same seat replaces it and is shown its own full 2 s. The room's
 * channel is joined by useBattleRoomLive; this only listens on it.
 */
export function useRoomEmoticons(roomId: number): ReadonlyMap<number, SeatEmoticon> {
  const [shown, setShown] = useState<ReadonlyMap<number, SeatEmoticon>>(() => new Map());
  useEffect(() => {
    const room = battleRoom(roomId);
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    let nextKey = 0;
    const off = socket.on(BATTLE_EVENTS.emoticon, (data, frame) => {
      const event = (data ?? {}) as Partial<EmoticonEvent>;
      if (frame.room !== room || event.room_id !== roomId) return;
      const { seat, emoticon_id: emoticonId } = event;
      if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || typeof emoticonId !== 'number') return;
      const key = ++nextKey;
      clearTimeout(timers.get(seat));
      setShown((prev) => new Map(prev).set(seat, { emoticonId, key }));
      timers.set(
        seat,
        setTimeout(() => {
          timers.delete(seat);
          setShown((prev) => {
            const next = new Map(prev);
            next.delete(seat);
            return next;
          });
        }, EMOTICON_GAP_MS),
      );
    });
    return () => {
      off();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [roomId]);
  return shown;
}

/**
 * How many watch the room now (spec 2 §7 `watchCnt`): every socket in `battle:{id}`, the viewer's
 * own included. The snapshot's `watch_cnt` until the room's channel says otherwise; then whichever
 * of the two came last (a snapshot refetched after a gap knows what the missed events said). The
 * event is no move of the room: it never refetches the snapshot, or every arrival would make
 * every watcher reload the room.
 */
export function useWatchCount(roomId: number, snapshot: { count: number; receivedAtMs: number } | undefined) {
  const [heard, setHeard] = useState<{ count: number; receivedAtMs: number } | null>(null);
  useEffect(() => {
    const room = battleRoom(roomId);
    return socket.on(WATCH_COUNT_EVENT, (data, frame) => {
      const count = (data as { watch_cnt?: unknown } | null)?.watch_cnt;
      if (frame.room !== room || typeof count !== 'number' || !Number.isInteger(count) || count < 0) return;
      setHeard({ count, receivedAtMs: Date.now() });
    });
  }, [roomId]);
  if (!snapshot) return heard?.count ?? null;
  return heard && heard.receivedAtMs >= snapshot.receivedAtMs ? heard.count : snapshot.count;
}
