import { UPGRADE_PATHS, type UserUpgradeEntry, userUpgradeHistoryResponse } from '@kaixiang/shared/upgrade';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

export const UPGRADES_PAGE_SIZE = 10;
/** Rotating the seed pair reveals these rolls' server seed: seed-actions refetches this root. */
export const upgradesQueryRoot = [USER_QUERY_ROOT, 'fairness', 'upgrades'] as const;

/** The player's own upgrades, newest first, each with the public inputs of its roll. */
export const upgradesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...upgradesQueryRoot, page],
    queryFn: ({ signal }) =>
      apiGet(
        UPGRADE_PATHS.userHistory,
        { page, page_size: UPGRADES_PAGE_SIZE },
        { schema: userUpgradeHistoryResponse, signal, silent: true },
      ),
  });

export function useUpgrades(page: number) {
  return useQuery({ ...upgradesQueryOptions(page), enabled: useLoggedIn(), placeholderData: keepPreviousData });
}

const SEARCH_PAGE_SIZE = 100;
/** At most this many records are searched for one id (the API has no "one record" call). */
const SEARCH_MAX_PAGES = 50;

/**
 * One of the player's own upgrades by id (`/fairness?upgrade=<id>`, the upgrade screen's link).
 * The API lists the player's records newest first and has no call for a single one, so the pages
 * are read until the id turns up or the ids fall below it; null when it is not the player's.
 */
export async function findUpgrade(upgradeId: number, signal?: AbortSignal): Promise<UserUpgradeEntry | null> {
  for (let page = 1; page <= SEARCH_MAX_PAGES; page++) {
    const data = await apiGet(
      UPGRADE_PATHS.userHistory,
      { page, page_size: SEARCH_PAGE_SIZE },
      { schema: userUpgradeHistoryResponse, signal, silent: true },
    );
    const found = data.list.find((r) => r.id === upgradeId);
    if (found) return found;
    const last = data.list.at(-1);
    if (!last || last.id < upgradeId || page * SEARCH_PAGE_SIZE >= data.total) return null;
  }
  return null;
}
