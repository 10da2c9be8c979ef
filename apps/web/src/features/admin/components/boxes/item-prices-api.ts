import {
  ADMIN_CATALOGUE_PATHS,
  type CatalogueSearchItem,
  catalogueSearchItem,
  catalogueSearchResponse,
  type ItemPriceSetRequest,
} from '@kaixiang/shared/admin-catalogue';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleGet, consolePost } from '../../api/console-call.ts';
import { BOXES_QUERY_ROOT } from './boxes-api.ts';

const PRICES_ROOT = [...BOXES_QUERY_ROOT, 'prices'] as const;

export const PRICES_PAGE_SIZE = 20;

/** A page of the catalogue with each grade's price, the table's beside it; `priced`: only items the operator priced. */
export function useItemPrices(q: { keyword: string; priced: boolean; page: number }) {
  return useQuery({
    queryKey: [...PRICES_ROOT, q],
    queryFn: ({ signal }) =>
      consoleGet(
        ADMIN_CATALOGUE_PATHS.search,
        {
          keyword: q.keyword,
          priced: String(q.priced),
          page: String(q.page),
          page_size: String(PRICES_PAGE_SIZE),
        },
        catalogueSearchResponse,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Sets or clears a price; the pages are read again (an item may leave the "priced" filter). */
export function useSetItemPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemPriceSetRequest): Promise<CatalogueSearchItem> =>
      consolePost(ADMIN_CATALOGUE_PATHS.priceSet, body, catalogueSearchItem),
    onSuccess: () => client.invalidateQueries({ queryKey: PRICES_ROOT }),
  });
}
