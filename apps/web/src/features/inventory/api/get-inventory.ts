import { ITEM_PATHS, ITEM_STATUS, type ItemStatus, knapsackResponse } from '@kaixiang/shared/inventory';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

export const INVENTORY_PAGE_SIZE = 24;
/** Every inventory query starts with this key: one invalidation refreshes all pages and filters. */
export const INVENTORY_QUERY_ROOT = [USER_QUERY_ROOT, 'inventory'] as const;

/** The status tabs: "all" asks for every status, the others for one. */
export const STATUS_TABS = {
  all: [
    ITEM_STATUS.normal,
    ITEM_STATUS.retrieving,
    ITEM_STATUS.sold,
    ITEM_STATUS.retrieved,
    ITEM_STATUS.retrieveFailed,
    // A prize waiting in a roll room is still the owner's: "all" shows it, locked.
    ITEM_STATUS.locked,
  ],
  normal: [ITEM_STATUS.normal],
  retrieving: [ITEM_STATUS.retrieving],
  sold: [ITEM_STATUS.sold],
  retrieved: [ITEM_STATUS.retrieved],
  failed: [ITEM_STATUS.retrieveFailed],
} as const satisfies Record<string, readonly ItemStatus[]>;
export type StatusTab = keyof typeof STATUS_TABS;

export const INVENTORY_SORTS = ['time_desc', 'time_asc', 'price_desc', 'price_asc'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

export interface InventoryFilter {
  page: number;
  tab: StatusTab;
  /** A quality 0..7, or null for every quality. */
  quality: number | null;
  keyword: string;
  sort: InventorySort;
}

export const DEFAULT_FILTER: InventoryFilter = { page: 1, tab: 'all', quality: null, keyword: '', sort: 'time_desc' };

/** The knapsack request body of a filter (inventory knapsackRequest). */
export function knapsackBody(f: InventoryFilter) {
  const keyword = f.keyword.trim();
  return {
    page: f.page,
    page_size: INVENTORY_PAGE_SIZE,
    status: [...STATUS_TABS[f.tab]],
    ...(f.quality !== null ? { quality: f.quality } : {}),
    ...(keyword ? { keyword } : {}),
    sort: f.sort,
  };
}

export function inventoryQueryOptions(f: InventoryFilter) {
  return queryOptions({
    queryKey: [...INVENTORY_QUERY_ROOT, f],
    queryFn: ({ signal }) =>
      apiPost(ITEM_PATHS.knapsack, knapsackBody(f), { schema: knapsackResponse, signal, silent: true }),
  });
}

export function useInventory(f: InventoryFilter) {
  return useQuery({ ...inventoryQueryOptions(f), placeholderData: keepPreviousData });
}
