import { ITEM_PATHS, warehouseLogResponse } from '@kaixiang/shared/inventory';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

export const WAREHOUSE_LOG_PAGE_SIZE = 20;
export const WAREHOUSE_LOG_QUERY_ROOT = [USER_QUERY_ROOT, 'warehouse-log'] as const;

/** Every item the player ever got, whatever became of it (spec 1 §3 Warehouse log). */
export function warehouseLogQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...WAREHOUSE_LOG_QUERY_ROOT, page],
    queryFn: ({ signal }) =>
      apiPost(
        ITEM_PATHS.warehouseLog,
        { page, page_size: WAREHOUSE_LOG_PAGE_SIZE },
        { schema: warehouseLogResponse, signal, silent: true },
      ),
  });
}

export function useWarehouseLog(page: number) {
  return useQuery({ ...warehouseLogQueryOptions(page), placeholderData: keepPreviousData });
}
