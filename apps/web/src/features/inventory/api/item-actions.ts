import { ITEM_PATHS, moneyActionResponse, retrieveResponse } from '@kaixiang/shared/inventory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, apiPost } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { userDetailQueryOptions } from '../../accounts/api/user-detail.ts';
import { INVENTORY_QUERY_ROOT } from './get-inventory.ts';
import { WAREHOUSE_LOG_QUERY_ROOT } from './get-warehouse-log.ts';

export type ItemAction = 'sell' | 'recycle' | 'retrieve';

/**
 * Sell for coins at the item's price. The sale is the one call that answers success with code 0
 * (spec 1 §7); one id goes as a number, several as a list, as the contract's `_id` allows.
 */
export function sellItems(ids: readonly number[]) {
  return apiPost(
    ITEM_PATHS.sell,
    { _id: ids.length === 1 ? ids[0] : [...ids] },
    { schema: moneyActionResponse, allowZero: true, silent: true },
  );
}

/** Recycle into mall quota at the item's price. */
export function recycleItems(ids: readonly number[]) {
  return apiPost(ITEM_PATHS.recycle, { ids: [...ids] }, { schema: moneyActionResponse, silent: true });
}

/** Send to the player's trade link by one trade offer. */
export function retrieveItems(ids: readonly number[]) {
  return apiPost(ITEM_PATHS.retrieve, { ids: [...ids] }, { schema: retrieveResponse, silent: true });
}

const CALLS = { sell: sellItems, recycle: recycleItems, retrieve: retrieveItems } as const;

/**
 * One mutation for the three actions, saying the warehouse tips of spec 1 §8 (出售成功 / 出售失败,
 * 回收成功, 取回失败…) with the server's reason under a failure. Whatever happened, the lists and
 * the balances are fetched again: a half-applied batch must not leave a stale page behind.
 */
export function useItemAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: ItemAction; ids: readonly number[] }) =>
      CALLS[action](ids) as Promise<unknown>,
    onSuccess: (data, { action }) => {
      toast.success(t(`inventory.tips.${action}Success`));
      if (data && typeof data === 'object' && 'money' in data && 'mall_quota' in data) {
        const { money, mall_quota } = data as { money: number; mall_quota: number };
        queryClient.setQueryData(userDetailQueryOptions.queryKey, (u) => (u ? { ...u, money, mall_quota } : u));
      }
    },
    onError: (error, { action }) => {
      const title = t(`inventory.tips.${action}Failed`);
      const reason = error instanceof ApiError && error.failure === 'rejected' ? error.message : '';
      if (reason && reason !== title) toast.error(reason, { title });
      else toast.error(title);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INVENTORY_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: WAREHOUSE_LOG_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: userDetailQueryOptions.queryKey }),
      ]),
  });
}
