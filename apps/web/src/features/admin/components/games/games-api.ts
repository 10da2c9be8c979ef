import {
  ADMIN_GAME_PATHS,
  type AdminGamesPageQuery,
  type AdminRollCreateRequest,
  type AdminTreasureCreateRequest,
  adminCreatedResponse,
  adminRollListResponse,
  adminTreasureListResponse,
  type GameSettingsResponse,
  type GameSettingsSaveRequest,
  gameSettingsResponse,
} from '@kaixiang/shared/admin-games';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleGet, consolePost } from '../../api/console-call.ts';
import { CONSOLE_QUERY_ROOT } from '../../api/get-me.ts';

export const GAMES_QUERY_ROOT = [...CONSOLE_QUERY_ROOT, 'games'] as const;
const ROLL_KEY = [...GAMES_QUERY_ROOT, 'roll-rooms'] as const;
const TREASURE_KEY = [...GAMES_QUERY_ROOT, 'treasures'] as const;
const SETTINGS_KEY = [...GAMES_QUERY_ROOT, 'settings'] as const;

const pageParams = (q: Required<AdminGamesPageQuery>) => ({ page: String(q.page), page_size: String(q.page_size) });

export function useRollRooms(q: Required<AdminGamesPageQuery>) {
  return useQuery({
    queryKey: [...ROLL_KEY, q],
    queryFn: ({ signal }) => consoleGet(ADMIN_GAME_PATHS.rollRooms, pageParams(q), adminRollListResponse, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTreasures(q: Required<AdminGamesPageQuery>) {
  return useQuery({
    queryKey: [...TREASURE_KEY, q],
    queryFn: ({ signal }) => consoleGet(ADMIN_GAME_PATHS.treasures, pageParams(q), adminTreasureListResponse, signal),
    placeholderData: keepPreviousData,
  });
}

/** A room made answers its id; the list is read again to show it. */
export function useCreateOfficialRoll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRollCreateRequest) => consolePost(ADMIN_GAME_PATHS.rollCreate, body, adminCreatedResponse),
    onSuccess: () => void client.invalidateQueries({ queryKey: ROLL_KEY }),
  });
}

export function useCreateTreasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTreasureCreateRequest) =>
      consolePost(ADMIN_GAME_PATHS.treasureCreate, body, adminCreatedResponse),
    onSuccess: () => void client.invalidateQueries({ queryKey: TREASURE_KEY }),
  });
}

export function useGameSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => consoleGet(ADMIN_GAME_PATHS.settings, undefined, gameSettingsResponse, signal),
  });
}

/** A save answers the settings as they now are: that is the form's new starting point. */
export function useSaveGameSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GameSettingsSaveRequest) =>
      consolePost(ADMIN_GAME_PATHS.settingsSave, body, gameSettingsResponse),
    onSuccess: (saved: GameSettingsResponse) => client.setQueryData(SETTINGS_KEY, saved),
  });
}
