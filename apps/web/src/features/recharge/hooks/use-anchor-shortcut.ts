import { ANCHOR_ACCOUNT_TYPES } from '@kaixiang/shared/payments';
import { useEffect, useRef } from 'react';
import { useUserDetail } from '../../accounts/api/user-detail.ts';
import { useSubmitLock } from '../../accounts/hooks/use-submit-lock.ts';
import { useAnchorQuickRecharge } from '../api/anchor-quick-recharge.ts';

/**
 * Ctrl+Shift+H on an open order: an anchor account (account_type 2 or 3) credits it at once, then
 * 3 s of nothing (spec 2 §4 quick recharge, submit lock). Other players' keys do nothing.
 */
export function useAnchorShortcut(openOrderSn: string | null, onSettled: (orderSn: string, status: number) => void) {
  const accountType = useUserDetail().data?.account_type ?? 0;
  const quick = useAnchorQuickRecharge();
  const { tryLock } = useSubmitLock();
  const latest = useRef(onSettled);
  latest.current = onSettled;
  const anchor = ANCHOR_ACCOUNT_TYPES.includes(accountType);

  useEffect(() => {
    if (!anchor || !openOrderSn) return;
    const onKey = (e: KeyboardEvent) => {
      if (!e.ctrlKey || !e.shiftKey || e.key.toLowerCase() !== 'h') return;
      e.preventDefault();
      if (!tryLock()) return;
      quick.mutate(openOrderSn, { onSuccess: (res) => latest.current(res.order_sn, res.status) });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [anchor, openOrderSn, tryLock, quick.mutate]);
}
