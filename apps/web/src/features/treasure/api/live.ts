import { TREASURE_EVENTS, TREASURE_HALL_ROOM, treasureRoom } from '@kaixiang/shared/treasure';
import { useQueryClient } from '@tanstack/react-query';
import { useRoomChannel } from '../../../lib/socket.ts';
import { TREASURE_QUERY_ROOT, type TreasureSnapshot } from './get-treasure.ts';

const EVENTS = [
  TREASURE_EVENTS.create,
  TREASURE_EVENTS.grab,
  TREASURE_EVENTS.full,
  TREASURE_EVENTS.won,
  TREASURE_EVENTS.refund,
] as const;

/** The hall's lists move on every treasure event: a new one, cards sold, full, drawn, refunded. */
export function useTreasureHallLive(): void {
  const queryClient = useQueryClient();
  useRoomChannel(TREASURE_HALL_ROOM, EVENTS, () => {
    void queryClient.invalidateQueries({ queryKey: [...TREASURE_QUERY_ROOT, 'list'] });
  });
}

/**
 * One treasure's page: a grab fills the grid at once from the event's `sold` (the refetch that
 * follows brings the viewer's own cards and the dynamics), and every event refetches the
 * treasure and its dynamics; the draw's end info is fetched by the page once it has ended.
 */
export function useTreasureRoomLive(roomId: number): void {
  const queryClient = useQueryClient();
  useRoomChannel(treasureRoom(roomId), EVENTS, (type, data) => {
    const sold = (data as { sold?: unknown } | null)?.sold;
    if (type === TREASURE_EVENTS.grab && typeof sold === 'number') {
      queryClient.setQueriesData<TreasureSnapshot>({ queryKey: [...TREASURE_QUERY_ROOT, 'info', roomId] }, (snap) =>
        snap && sold > snap.info.sold && sold <= snap.info.total ? { ...snap, info: { ...snap.info, sold } } : snap,
      );
    }
    for (const part of ['info', 'dynamic']) {
      void queryClient.invalidateQueries({ queryKey: [...TREASURE_QUERY_ROOT, part, roomId] });
    }
  });
}
