import { ITEM_PATHS, moneyActionResponse } from '@kaixiang/shared/inventory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { showBalance } from './balance.ts';

/** Sells one won item for coins; the sale answers with envelope code 0 (spec 1 §7). */
export function sellItem(id: number) {
  return apiPost(ITEM_PATHS.sell, { _id: id }, { schema: moneyActionResponse, allowZero: true });
}

/** Sells the listed items at once ("全部出售"). */
export function sellItems(ids: number[]) {
  return apiPost(ITEM_PATHS.convert, { ids }, { schema: moneyActionResponse, allowZero: true });
}

/**
 * Sale mutations for the result dialog. Besides the balance, every signed-in query is marked
 * stale: the inventory and records pages (another feature) list these items, and whichever of them
 * is on screen refetches.
 */
export function useSellWon() {
  const queryClient = useQueryClient();
  const onSuccess = (data: { money: number }) => {
    showBalance(queryClient, data.money);
    // Covers the header's user detail too.
    void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT] });
  };
  const one = useMutation({ mutationFn: sellItem, onSuccess });
  const all = useMutation({ mutationFn: sellItems, onSuccess });
  return { one, all };
}
