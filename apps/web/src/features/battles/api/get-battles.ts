import {
  BATTLE_LIST_MAX,
  BATTLE_PATHS,
  type BattleRoomCard,
  type BattleRoomData,
  createRuleResponse,
  ownRecordResponse,
  ROOM_STATE,
  roomDataResponse,
  roomListResponse,
} from '@kaixiang/shared/battles';
import type { Locale } from '@kaixiang/shared/locale';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

export const BATTLE_RECORD_PAGE_SIZE = 10;

/**
 * The hall: waiting and running rooms, newest first, at most BATTLE_LIST_MAX (spec 2 §4: the list
 * is trimmed at 48, ended ones removed). Box names are localised, so the locale is in the key.
 */
export const battleListQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['battles', 'list', locale],
    queryFn: ({ signal }) =>
      // Silent: spec 2 §8 says a room-list failure is only logged; the hall says so itself.
      apiGet(BATTLE_PATHS.list, {}, { schema: roomListResponse, signal, silent: true }).then((d) => hallRooms(d.data)),
    staleTime: 5_000,
  });

export function hallRooms(rooms: readonly BattleRoomCard[]): BattleRoomCard[] {
  return rooms
    .filter((r) => r.room_state === ROOM_STATE.waiting || r.room_state === ROOM_STATE.running)
    .slice(0, BATTLE_LIST_MAX);
}

export function useBattleList() {
  return useQuery({ ...battleListQueryOptions(useLocale()), placeholderData: keepPreviousData });
}

/** One room's snapshot with the server's clock: `offsetMs` is server time minus ours when it came. */
export interface RoomSnapshot {
  room: BattleRoomData;
  offsetMs: number;
}

export const battleRoomQueryOptions = (roomId: number, locale: Locale) =>
  queryOptions({
    queryKey: ['battles', 'room', roomId, locale],
    queryFn: async ({ signal }): Promise<RoomSnapshot> => {
      const sentAt = Date.now();
      // Silent: the page says itself that the room is missing or did not load (spec 2 §8: battle
      // data failures are only logged), and a refetch replacing another is no failure to toast.
      const answer = await apiGet(
        BATTLE_PATHS.room,
        { room_id: roomId },
        { schema: roomDataResponse, signal, silent: true },
      );
      // The server read its clock somewhere between our send and receipt: take the middle.
      const midway = (sentAt + Date.now()) / 2;
      return { room: answer.data, offsetMs: answer.now - midway };
    },
    // Fresh only through the socket's events (and their gaps): no background refetching.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export function useBattleRoom(roomId: number) {
  return useQuery({ ...battleRoomQueryOptions(roomId, useLocale()), placeholderData: keepPreviousData });
}

/** The boxes a battle may use, the box limit, the seat counts and modes (the create dialog). */
export const createRuleQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['battles', 'create-rule', locale],
    queryFn: ({ signal }) => apiGet(BATTLE_PATHS.createRule, {}, { schema: createRuleResponse, signal }),
    staleTime: 60_000,
  });

export function useCreateRule() {
  return useQuery(createRuleQueryOptions(useLocale()));
}

/** The player's own battles, newest first (under the user root: sign-out forgets them). */
export const ownRecordQueryOptions = (page: number, locale: Locale) =>
  queryOptions({
    queryKey: [USER_QUERY_ROOT, 'battles', 'own-record', page, locale],
    queryFn: ({ signal }) =>
      apiGet(
        BATTLE_PATHS.ownRecord,
        { page, page_size: BATTLE_RECORD_PAGE_SIZE },
        { schema: ownRecordResponse, signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useOwnRecord(page: number) {
  const loggedIn = useLoggedIn();
  return useQuery({ ...ownRecordQueryOptions(page, useLocale()), enabled: loggedIn });
}
