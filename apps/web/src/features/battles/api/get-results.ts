import { BATTLE_PATHS, battleResultsResponse } from '@kaixiang/shared/battles';
import type { Locale } from '@kaixiang/shared/locale';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';

/** The hall's two results lists (spec 2 §7): the latest ended battles, and the day's report. */
export type ResultsList = 'live' | 'report';

const RESULTS_PATHS: Record<ResultsList, string> = {
  live: BATTLE_PATHS.realTimeResult,
  report: BATTLE_PATHS.report,
};

/** Under one root, so `pk_result_time_result` refetches both lists with one invalidation. */
export const BATTLE_RESULTS_KEY = ['battles', 'results'] as const;

/**
 * One results list, BATTLE_REPORT_MAX battles at most, best first as the server orders them. Item
 * names are localised, so the locale is in the key. They change only when a battle ends, which
 * the hall hears (`pk_result_time_result`): no polling.
 */
export const battleResultsQueryOptions = (list: ResultsList, locale: Locale) =>
  queryOptions({
    queryKey: [...BATTLE_RESULTS_KEY, list, locale],
    queryFn: ({ signal }) =>
      // Silent: spec 2 §8 says a battle-result failure is only logged; the sidebar says so itself.
      apiGet(RESULTS_PATHS[list], {}, { schema: battleResultsResponse, signal, silent: true }).then((d) => d.list),
    staleTime: 60_000,
  });

export function useBattleResults(list: ResultsList) {
  // No placeholder from the other tab: its rows under this tab's name would say the wrong thing.
  return useQuery(battleResultsQueryOptions(list, useLocale()));
}
