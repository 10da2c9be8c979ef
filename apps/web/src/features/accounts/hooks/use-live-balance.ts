import type { UserDetail } from '@kaixiang/shared/accounts';
import { MONEY_MODIFY_EVENT, type MoneyModifyPush } from '@kaixiang/shared/wallet-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { heldUntil, onBalanceHoldChange } from '../../../lib/balance-hold.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { userDetailQueryOptions } from '../api/user-detail.ts';

/**
 * The balances a `money_modify` push carries (spec 2 §7): type 0 the coins, 1 the mall quota, 2
 * both; amounts in units. Anything else leaves the user as it was.
 */
export function applyMoneyModify(user: UserDetail, push: MoneyModifyPush): UserDetail {
  const coins = push.type === 0 || push.type === 2;
  const quota = push.type === 1 || push.type === 2;
  return {
    ...user,
    ...(coins && Number.isSafeInteger(push.money) ? { money: push.money } : {}),
    ...(quota && Number.isSafeInteger(push.mall_quota) ? { mall_quota: push.mall_quota } : {}),
  };
}

/**
 * Keeps the header's balances live: the server pushes the committed balances to the player's own
 * room after every change (a sale in another tab, a battle payout), so no poll is needed. The
 * socket joins room user:{id} by itself once it logs in. A game screen may hold the pushes back
 * until its result is shown (lib/balance-hold.ts): they are applied, in order, when it ends.
 */
export function useLiveBalance(): void {
  const queryClient = useQueryClient();
  // Pushes that came while a game screen held the balance (lib/balance-hold.ts), in order.
  const waiting = useRef<MoneyModifyPush[]>([]);
  const apply = useCallback(
    (push: MoneyModifyPush) =>
      queryClient.setQueryData(userDetailQueryOptions.queryKey, (user) => (user ? applyMoneyModify(user, push) : user)),
    [queryClient],
  );
  useEffect(
    () =>
      onBalanceHoldChange(() => {
        if (heldUntil() > Date.now()) return;
        for (const push of waiting.current.splice(0)) apply(push);
      }),
    [apply],
  );
  useSocketEvent<MoneyModifyPush>(MONEY_MODIFY_EVENT, (push, frame) => {
    if (frame.room !== undefined && !frame.room.startsWith('user:')) return;
    if (!push || typeof push !== 'object') return;
    if (heldUntil() > Date.now()) waiting.current.push(push);
    else apply(push);
  });
}
