import {
  FREE_BOX_PATHS,
  type FreeBoxKind,
  type FreeBoxOpenResponse,
  freeBoxesResponse,
  freeBoxOpenResponse,
} from '@kaixiang/shared/energy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';
import { balanceQueryKey } from '../../boxes/api/balance.ts';
import { INVENTORY_QUERY_ROOT } from '../../inventory/api/get-inventory.ts';

/** The free boxes (first charge, trade link) with the player's state of each. */
export const FREE_BOXES_QUERY_ROOT = [USER_QUERY_ROOT, 'free-boxes'] as const;

export const freeBoxesQuery = (locale: string) => ({
  queryKey: [...FREE_BOXES_QUERY_ROOT, locale],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiGet(FREE_BOX_PATHS.info, {}, { schema: freeBoxesResponse, signal, silent: true }),
});

export function useFreeBoxes() {
  const locale = useLocale();
  return useQuery({ ...freeBoxesQuery(locale), enabled: useLoggedIn() });
}

/**
 * Opens a free box: the house pays its price and the opening is the box's own, so the balance
 * ends where it was and the item is in the inventory. A refusal is shown as the server words it.
 */
export function useOpenFreeBox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: FreeBoxKind): Promise<FreeBoxOpenResponse> =>
      apiPost(FREE_BOX_PATHS.open, { kind }, { schema: freeBoxOpenResponse }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: FREE_BOXES_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      void queryClient.invalidateQueries({ queryKey: INVENTORY_QUERY_ROOT });
    },
  });
}
