import {
  BOARDS_EVENTS,
  BOARDS_PATHS,
  boardView,
  kingView,
  type PeriodKind,
  pkPowerView,
  type RoyalBoard,
} from '@kaixiang/shared/boards';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';
import { serverOffsetMs } from '../../../lib/countdown.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { BOARDS_QUERY_ROOT } from './keys.ts';

/**
 * How often a board is read again while its page is visible (a hidden tab reads nothing: react-query
 * pauses the interval). The server keeps boards current within a second of a win, so a player sees
 * their own opening on the board within a few seconds without a socket event per win.
 */
export const BOARD_REFRESH_MS = 5_000;

/** A view with the server's clock offset from ours, measured around the request (lib/countdown.ts). */
async function withOffset<T extends { now: number }>(answer: Promise<T>): Promise<T & { offsetMs: number }> {
  const sentAt = Date.now();
  const view = await answer;
  return { ...view, offsetMs: serverOffsetMs(view.now, sentAt) };
}

export function useRoyalBoard(board: RoyalBoard, period: PeriodKind, back: 0 | 1) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: [...BOARDS_QUERY_ROOT, 'royal', board, period, back, loggedIn],
    queryFn: ({ signal }) =>
      withOffset(apiGet(BOARDS_PATHS.royal, { board, period, back }, { schema: boardView, signal, silent: true })),
    refetchInterval: BOARD_REFRESH_MS,
  });
}

/**
 * Today's kings: read every BOARD_REFRESH_MS, and at once when the server says a crown changed
 * (king_change on the site room, checked once a second by the scheduler leader).
 */
export function useKingBoard(back: 0 | 1) {
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  useSocketEvent(BOARDS_EVENTS.kingChange, () => {
    void queryClient.invalidateQueries({ queryKey: [...BOARDS_QUERY_ROOT, 'king'] });
  });
  return useQuery({
    queryKey: [...BOARDS_QUERY_ROOT, 'king', back, loggedIn],
    queryFn: ({ signal }) =>
      withOffset(apiGet(BOARDS_PATHS.king, { back }, { schema: kingView, signal, silent: true })),
    refetchInterval: BOARD_REFRESH_MS,
  });
}

/** The activity's title is in the reader's language: the key carries it. */
export function usePkPower() {
  const loggedIn = useLoggedIn();
  const locale = useLocale();
  return useQuery({
    queryKey: [...BOARDS_QUERY_ROOT, 'pk-power', locale, loggedIn],
    queryFn: ({ signal }) =>
      withOffset(apiGet(BOARDS_PATHS.pkPower, {}, { schema: pkPowerView, signal, silent: true })),
    refetchInterval: BOARD_REFRESH_MS,
  });
}
