import type { WeaponClass } from '@kaixiang/shared/items';
import type { Locale } from '@kaixiang/shared/locale';
import {
  UPGRADE_PATHS,
  type UpgradeListResponse,
  upgradeCategoriesResponse,
  upgradeHistoryResponse,
  upgradeListResponse,
  upgradeRatesResponse,
  userUpgradeHistoryResponse,
} from '@kaixiang/shared/upgrade';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

/** Targets on one page of the list; rows on one page of a history. */
export const TARGET_PAGE_SIZE = 15;
export const RECENT_PAGE_SIZE = 10;
export const MY_PAGE_SIZE = 10;
/** The random pick reads every target the filters keep, this many a request (the API's largest page). */
const PICK_PAGE_SIZE = 100;
/** …and at most this many pages: more than the whole catalogue (1,162 targets). */
const PICK_MAX_PAGES = 30;

/** The server's limits and house edge (get-upgrade-min-max-rate): config, so kept for the visit. */
export const ratesQueryOptions = queryOptions({
  queryKey: ['upgrade', 'rates'],
  queryFn: ({ signal }) => apiGet(UPGRADE_PATHS.rates, {}, { schema: upgradeRatesResponse, signal, silent: true }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useUpgradeRates() {
  return useQuery(ratesQueryOptions);
}

export const categoriesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['upgrade', 'categories', locale],
    queryFn: ({ signal }) =>
      apiGet(UPGRADE_PATHS.categories, {}, { schema: upgradeCategoriesResponse, signal, silent: true }),
    staleTime: 5 * 60_000,
  });

export function useUpgradeCategories(locale: Locale) {
  return useQuery(categoriesQueryOptions(locale));
}

/** What the target list is filtered by; `stakeUnits` 0 lists every target, more only the reachable. */
export interface TargetFilter {
  category: WeaponClass | null;
  keyword: string;
  sort: 'price_asc' | 'price_desc';
  stakeUnits: number;
}

/** The get-upgrade-list body of a filter and page. */
export function targetListBody(f: TargetFilter, page: number, pageSize: number) {
  const keyword = f.keyword.trim();
  return {
    page,
    page_size: pageSize,
    sort: f.sort,
    ...(f.category ? { category: f.category } : {}),
    ...(keyword ? { keyword } : {}),
    ...(f.stakeUnits > 0 ? { stake_value: f.stakeUnits } : {}),
  };
}

export const targetListQueryOptions = (f: TargetFilter, page: number, locale: Locale) =>
  queryOptions({
    queryKey: ['upgrade', 'targets', locale, f, page],
    queryFn: ({ signal }) =>
      apiPost(UPGRADE_PATHS.list, targetListBody(f, page, TARGET_PAGE_SIZE), {
        schema: upgradeListResponse,
        signal,
        silent: true,
      }),
    // The server keeps its targets a minute; so do we.
    staleTime: 60_000,
  });

export function useTargetList(f: TargetFilter, page: number, locale: Locale) {
  return useQuery({ ...targetListQueryOptions(f, page, locale), placeholderData: keepPreviousData });
}

/**
 * Every target the filter keeps, for the random pick: spec 1 §3's show_rate weighs the pick over
 * all of them, not over the page on screen. Pages of 100 in parallel after the first says how many.
 */
export const allTargetsQueryOptions = (f: TargetFilter, locale: Locale) =>
  queryOptions({
    queryKey: ['upgrade', 'all-targets', locale, f],
    queryFn: async ({ signal }): Promise<UpgradeListResponse['list']> => {
      const fetchPage = (page: number) =>
        apiPost(UPGRADE_PATHS.list, targetListBody(f, page, PICK_PAGE_SIZE), { schema: upgradeListResponse, signal });
      const first = await fetchPage(1);
      const pages = Math.min(PICK_MAX_PAGES, Math.ceil(first.total / PICK_PAGE_SIZE));
      const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => fetchPage(i + 2)));
      return [first, ...rest].flatMap((p) => p.list);
    },
    staleTime: 60_000,
  });

/** Everybody's latest upgrades, or one target's (upgrade-item-history). No login needed. */
export const recentQueryOptions = (upgradeItemId: number | null, page: number, locale: Locale) =>
  queryOptions({
    queryKey: ['upgrade', 'recent', locale, upgradeItemId, page],
    queryFn: ({ signal }) =>
      apiPost(
        UPGRADE_PATHS.itemHistory,
        { page, page_size: RECENT_PAGE_SIZE, ...(upgradeItemId === null ? {} : { upgrade_item_id: upgradeItemId }) },
        { schema: upgradeHistoryResponse, signal, silent: true },
      ),
    // No event says someone upgraded: the list is asked again while it is on screen.
    refetchInterval: 30_000,
  });

export function useRecentUpgrades(upgradeItemId: number | null, page: number, locale: Locale) {
  return useQuery({ ...recentQueryOptions(upgradeItemId, page, locale), placeholderData: keepPreviousData });
}

/** Every query of the player's own upgrades starts so (sign-out drops them with the user root). */
export const MY_UPGRADES_ROOT = [USER_QUERY_ROOT, 'upgrade', 'mine'] as const;

export const myUpgradesQueryOptions = (page: number, pageSize: number, locale: Locale) =>
  queryOptions({
    queryKey: [...MY_UPGRADES_ROOT, locale, page, pageSize],
    queryFn: ({ signal }) =>
      apiGet(
        UPGRADE_PATHS.userHistory,
        { page, page_size: pageSize },
        { schema: userUpgradeHistoryResponse, signal, silent: true },
      ),
  });

export function useMyUpgrades(page: number, pageSize: number, locale: Locale) {
  const loggedIn = useLoggedIn();
  return useQuery({
    ...myUpgradesQueryOptions(page, pageSize, locale),
    enabled: loggedIn,
    placeholderData: keepPreviousData,
  });
}
