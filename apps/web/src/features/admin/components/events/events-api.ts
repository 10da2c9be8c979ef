import {
  ADMIN_BOARDS_PATHS,
  type AdminBoardSettings,
  type AdminBoardSettingsInput,
  type AdminPkPowerEvent,
  type AdminPkPowerEventInput,
  type AdminPkPowerEventUpdate,
  adminBoardSettings,
  adminClosuresResponse,
  adminPkPowerEvent,
  adminPkPowerEventsResponse,
} from '@kaixiang/shared/boards';
import {
  ADMIN_CUP_PATHS,
  type AdminCupFixture,
  type AdminCupFixtureInput,
  type AdminCupFixtureUpdate,
  type AdminCupSettleInput,
  type AdminCupTournament,
  type AdminCupTournamentInput,
  type AdminCupTournamentUpdate,
  adminCupFixture,
  adminCupFixturesResponse,
  adminCupTournament,
  adminCupTournamentsResponse,
  ODDS_ONE,
} from '@kaixiang/shared/cup';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseSchema } from '../../../../lib/api.ts';
import { consoleGet, consolePost } from '../../api/console-call.ts';
import { CONSOLE_QUERY_ROOT } from '../../api/get-me.ts';

export const EVENTS_QUERY_ROOT = [...CONSOLE_QUERY_ROOT, 'events'] as const;

const keys = {
  boardSettings: [...EVENTS_QUERY_ROOT, 'board-settings'] as const,
  closures: [...EVENTS_QUERY_ROOT, 'closures'] as const,
  pkPower: [...EVENTS_QUERY_ROOT, 'pk-power'] as const,
  tournaments: [...EVENTS_QUERY_ROOT, 'cup-tournaments'] as const,
  fixtures: [...EVENTS_QUERY_ROOT, 'cup-fixtures'] as const,
};

/** A change whose answer is one row (or the whole settings list): the lists it touches are read again. */
function useChange<B, T>(path: string, schema: ResponseSchema<T>, lists: readonly (readonly string[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => consolePost<T>(path, body, schema),
    onSuccess: () => {
      for (const queryKey of lists) void client.invalidateQueries({ queryKey });
    },
  });
}

// --- calendar boards -----------------------------------------------------------------------------

export const useBoardSettings = () =>
  useQuery({
    queryKey: keys.boardSettings,
    queryFn: ({ signal }) => consoleGet(ADMIN_BOARDS_PATHS.settings, undefined, adminBoardSettings, signal),
  });
// Each body is typed by the contract's own input type: a form that drifts from the API fails the
// type check, not the server's validation.
export const useSaveBoardSettings = () =>
  useChange<AdminBoardSettingsInput, AdminBoardSettings>(ADMIN_BOARDS_PATHS.saveSettings, adminBoardSettings, [
    keys.boardSettings,
  ]);

export const CLOSURES_PAGE = 10;
/** Closed periods, newest first, a page at a time, with what each paid. */
export const useClosures = (page: number) =>
  useQuery({
    queryKey: [...keys.closures, page],
    queryFn: ({ signal }) =>
      consoleGet(
        ADMIN_BOARDS_PATHS.closures,
        { page: String(page), page_size: String(CLOSURES_PAGE) },
        adminClosuresResponse,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

// --- PK power ------------------------------------------------------------------------------------

export const usePkPowerEvents = () =>
  useQuery({
    queryKey: keys.pkPower,
    queryFn: ({ signal }) =>
      consoleGet(ADMIN_BOARDS_PATHS.pkPowerEvents, undefined, adminPkPowerEventsResponse, signal),
  });
export const useCreatePkPowerEvent = () =>
  useChange<AdminPkPowerEventInput, AdminPkPowerEvent>(ADMIN_BOARDS_PATHS.createPkPowerEvent, adminPkPowerEvent, [
    keys.pkPower,
  ]);
export const useUpdatePkPowerEvent = () =>
  useChange<AdminPkPowerEventUpdate, AdminPkPowerEvent>(ADMIN_BOARDS_PATHS.updatePkPowerEvent, adminPkPowerEvent, [
    keys.pkPower,
  ]);

// --- world cup -----------------------------------------------------------------------------------

export const useCupTournaments = () =>
  useQuery({
    queryKey: keys.tournaments,
    queryFn: ({ signal }) => consoleGet(ADMIN_CUP_PATHS.tournaments, undefined, adminCupTournamentsResponse, signal),
  });
export const useCreateCupTournament = () =>
  useChange<AdminCupTournamentInput, AdminCupTournament>(ADMIN_CUP_PATHS.createTournament, adminCupTournament, [
    keys.tournaments,
  ]);
export const useUpdateCupTournament = () =>
  useChange<AdminCupTournamentUpdate, AdminCupTournament>(ADMIN_CUP_PATHS.updateTournament, adminCupTournament, [
    keys.tournaments,
  ]);

export const useCupFixtures = (tournamentId: number) =>
  useQuery({
    queryKey: [...keys.fixtures, tournamentId],
    queryFn: ({ signal }) =>
      consoleGet(ADMIN_CUP_PATHS.fixtures, { tournament_id: String(tournamentId) }, adminCupFixturesResponse, signal),
  });
// A tournament's row counts its fixtures, predictions, stakes and payouts: read it again with them.
export const useCreateCupFixture = () =>
  useChange<AdminCupFixtureInput, AdminCupFixture>(ADMIN_CUP_PATHS.createFixture, adminCupFixture, [
    keys.fixtures,
    keys.tournaments,
  ]);
export const useUpdateCupFixture = () =>
  useChange<AdminCupFixtureUpdate, AdminCupFixture>(ADMIN_CUP_PATHS.updateFixture, adminCupFixture, [
    keys.fixtures,
    keys.tournaments,
  ]);
export const useSettleCupFixture = () =>
  useChange<AdminCupSettleInput, AdminCupFixture>(ADMIN_CUP_PATHS.settleFixture, adminCupFixture, [
    keys.fixtures,
    keys.tournaments,
  ]);

// --- form helpers --------------------------------------------------------------------------------

/**
 * Odds typed as a decimal (2.35, at most 4 places) in basis points (23500); null when not such a
 * number. Read from the digits, not through a float, so 1.1 is 11000 and never 10999.
 */
export function oddsBpOf(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * ODDS_ONE + Number((m[2] ?? '').padEnd(4, '0'));
}

/** Odds in basis points as typed and read: 23500 → 2.35. */
export const oddsText = (bp: number) => String(bp / ODDS_ONE);
