import { warehouseLogResponse } from '@kaixiang/shared/inventory';
import type { Locale } from '@kaixiang/shared/locale';
import {
  accountChangesResponse,
  mallBuyRecordsResponse,
  mallBuyResponse,
  mallItemsResponse,
  WALLET_PATHS,
} from '@kaixiang/shared/wallet';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

export const MALL_PAGE_SIZE = 20;

/** The products on sale; names come in the request's language, so the locale is in the key. */
export function mallItemsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['mall', 'items', locale],
    queryFn: ({ signal }) => apiGet(WALLET_PATHS.mallItems, {}, { schema: mallItemsResponse, signal, silent: true }),
  });
}

export function useMallItems() {
  return useQuery(mallItemsQueryOptions(useLocale()));
}

/**
 * The mall's three record lists, each under ['user', 'mall', …]. The retrieve record answers with
 * inventory rows (warehouseLogResponse): items bought in the mall and where their retrieval is.
 */
function pageKey(kind: string, page: number) {
  return [USER_QUERY_ROOT, 'mall', kind, page] as const;
}

export function useMallBuyRecords(page: number) {
  return useQuery({
    queryKey: pageKey('buys', page),
    queryFn: ({ signal }) =>
      apiGet(
        WALLET_PATHS.mallBuyRecords,
        { page, page_size: MALL_PAGE_SIZE },
        { schema: mallBuyRecordsResponse, signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useQuotaLog(page: number) {
  return useQuery({
    queryKey: pageKey('quota', page),
    queryFn: ({ signal }) =>
      apiGet(
        WALLET_PATHS.quotaLog,
        { page, page_size: MALL_PAGE_SIZE },
        { schema: accountChangesResponse, signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useMallRetrievals(page: number) {
  return useQuery({
    queryKey: pageKey('retrievals', page),
    queryFn: ({ signal }) =>
      apiGet(
        WALLET_PATHS.mallRetrieveRecord,
        { page, page_size: MALL_PAGE_SIZE },
        { schema: warehouseLogResponse, signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Buys one product with mall quota. The request id is made once per confirmed purchase, so a
 * retried request (a timeout, a double submit) is charged once by the server.
 */
export function useBuyMallItem() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mall_item_id: number) =>
      apiPost(WALLET_PATHS.mallBuy, { mall_item_id, request_id: crypto.randomUUID() }, { schema: mallBuyResponse }),
    onSuccess: () => toast.success(t('mall.buySuccess')),
    // Stock, quota, inventory and records all moved: everything of the user and the product list.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: ['mall', 'items'] }),
      ]),
  });
}
