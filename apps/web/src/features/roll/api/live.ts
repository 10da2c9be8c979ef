import { ROLL_EVENTS, ROLL_HALL_ROOM, type RollWinPush, rollRoom } from '@kaixiang/shared/roll';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { socket, useRoomChannel } from '../../../lib/socket.ts';
import { toast } from '../../../lib/toast.ts';
import { ROLL_QUERY_ROOT } from './get-roll.ts';

const HALL_EVENTS = [ROLL_EVENTS.create, ROLL_EVENTS.close, ROLL_EVENTS.end];
const ROOM_EVENTS = [ROLL_EVENTS.join, ROLL_EVENTS.close, ROLL_EVENTS.end];

/** The hall's lists move when a room is made, closes or is drawn. */
export function useRollHallLive(): void {
  const queryClient = useQueryClient();
  useRoomChannel(ROLL_HALL_ROOM, HALL_EVENTS, () => {
    void queryClient.invalidateQueries({ queryKey: [...ROLL_QUERY_ROOT, 'list'] });
  });
}

/** One room's page refetches the room, its players and (once drawn) its prizes and winners. */
export function useRollRoomLive(roomId: number): void {
  const queryClient = useQueryClient();
  useRoomChannel(rollRoom(roomId), ROOM_EVENTS, () => {
    for (const part of ['room', 'users', 'items', 'reward']) {
      void queryClient.invalidateQueries({ queryKey: [...ROLL_QUERY_ROOT, part, roomId] });
    }
  });
}

/**
 * `roll_win` comes to the winner's own room (user:{id}), which the socket joins on sign-in. The
 * roll screens toast it; a mail follows for a winner who is elsewhere on the site.
 */
export function useRollWinToast(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      socket.on(ROLL_EVENTS.win, (data, frame) => {
        if (frame.room !== undefined && !frame.room.startsWith('user:')) return;
        const push = data as Partial<RollWinPush> | null;
        if (!push?.prize || typeof push.prize.name !== 'string') return;
        toast.success(t('roll.won', { title: push.title ?? '', name: push.prize.name }));
        void queryClient.invalidateQueries({ queryKey: ROLL_QUERY_ROOT });
      }),
    [t, queryClient],
  );
}
