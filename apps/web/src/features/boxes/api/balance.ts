import type { UserDetail } from '@kaixiang/shared/accounts';
import type { QueryClient } from '@tanstack/react-query';
import { userDetailQueryOptions } from '../../accounts/api/user-detail.ts';

/** The header's query: it shows the balance from the user detail. */
export const balanceQueryKey = userDetailQueryOptions.queryKey;

/**
 * An answer that carries the new balance shows it at once, before any refetch; the caller then
 * invalidates, so whatever else the action changed (VIP progress...) follows.
 */
export function showBalance(queryClient: QueryClient, moneyUnits: number): void {
  queryClient.setQueryData<UserDetail>(balanceQueryKey, (user) => (user ? { ...user, money: moneyUnits } : user));
}
