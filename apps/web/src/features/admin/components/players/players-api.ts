import {
  ADMIN_PLAYER_PATHS,
  type AdjustBalanceRequest,
  type AdminMailRequest,
  adjustBalanceResponse,
  adminMailResponse,
  type PlayerActionRequest,
  type PlayerRecordKind,
  playerBanResponse,
  playerDetail,
  playerRecordsResponse,
  playerSearchResponse,
  resetPasswordResponse,
} from '@kaixiang/shared/admin-players';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleGet, consolePost } from '../../api/console-call.ts';
import { CONSOLE_QUERY_ROOT } from '../../api/get-me.ts';

/** Kept beside the screen (not in admin/api/) while the console's shared folders are being worked on. */
export const PLAYERS_QUERY_ROOT = [...CONSOLE_QUERY_ROOT, 'players'] as const;

export const PLAYERS_PAGE_SIZE = 20;

export interface PlayerSearch {
  q: string;
  contains: boolean;
  page: number;
}

/** The search's query as the server reads it: `contains` as 0/1, the page size fixed. */
export function playerSearchParams(s: PlayerSearch): Record<string, string> {
  return {
    q: s.q.trim(),
    contains: s.contains ? '1' : '0',
    page: String(s.page),
    page_size: String(PLAYERS_PAGE_SIZE),
  };
}

export function usePlayerSearch(s: PlayerSearch) {
  const params = playerSearchParams(s);
  return useQuery(
    queryOptions({
      queryKey: [...PLAYERS_QUERY_ROOT, 'search', params],
      queryFn: ({ signal }) => consoleGet(ADMIN_PLAYER_PATHS.search, params, playerSearchResponse, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

const detailKey = (userId: number) => [...PLAYERS_QUERY_ROOT, 'detail', userId] as const;

export function usePlayerDetail(userId: number) {
  return useQuery({
    queryKey: detailKey(userId),
    queryFn: ({ signal }) => consoleGet(ADMIN_PLAYER_PATHS.detail, { user_id: String(userId) }, playerDetail, signal),
  });
}

export function usePlayerRecords(userId: number, kind: PlayerRecordKind, page: number) {
  const params = { user_id: String(userId), kind, page: String(page), page_size: String(PLAYERS_PAGE_SIZE) };
  return useQuery({
    queryKey: [...PLAYERS_QUERY_ROOT, 'records', params],
    queryFn: ({ signal }) => consoleGet(ADMIN_PLAYER_PATHS.records, params, playerRecordsResponse, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every change re-reads the player: their page (balances, ban, sessions) and their records. */
function useInvalidatePlayer() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: PLAYERS_QUERY_ROOT });
}

export function useBanPlayer(ban: boolean) {
  const invalidate = useInvalidatePlayer();
  return useMutation({
    mutationFn: (body: PlayerActionRequest) =>
      consolePost(ban ? ADMIN_PLAYER_PATHS.ban : ADMIN_PLAYER_PATHS.unban, body, playerBanResponse),
    onSuccess: invalidate,
  });
}

export function useResetPassword() {
  const invalidate = useInvalidatePlayer();
  return useMutation({
    mutationFn: (body: PlayerActionRequest) =>
      consolePost(ADMIN_PLAYER_PATHS.resetPassword, body, resetPasswordResponse),
    onSuccess: invalidate,
  });
}

export function useAdjustBalance() {
  const invalidate = useInvalidatePlayer();
  return useMutation({
    mutationFn: (body: AdjustBalanceRequest) =>
      consolePost(ADMIN_PLAYER_PATHS.adjustBalance, body, adjustBalanceResponse),
    onSuccess: invalidate,
  });
}

export function useSendMail() {
  const invalidate = useInvalidatePlayer();
  return useMutation({
    mutationFn: (body: AdminMailRequest) => consolePost(ADMIN_PLAYER_PATHS.sendMail, body, adminMailResponse),
    onSuccess: invalidate,
  });
}
