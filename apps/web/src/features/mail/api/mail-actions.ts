import { MAIL_PATHS, newMailCountResponse, type ReceiveResponse, receiveResponse } from '@kaixiang/shared/mail';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { userDetailQueryOptions } from '../../accounts/api/user-detail.ts';
import { INVENTORY_QUERY_ROOT } from '../../inventory/api/get-inventory.ts';
import { COUPONS_QUERY_KEY } from '../../recharge/api/get-coupon-list.ts';
import { MAILS_QUERY_ROOT } from './get-mails.ts';
import { newMailCountQueryOptions } from './new-mail-count.ts';

function afterReceive(queryClient: QueryClient, res: ReceiveResponse) {
  queryClient.setQueryData(newMailCountQueryOptions.queryKey, res.new_mail_count);
  queryClient.setQueryData(userDetailQueryOptions.queryKey, (u) => (u ? { ...u, money: res.money } : u));
  void queryClient.invalidateQueries({ queryKey: MAILS_QUERY_ROOT });
  // New inventory rows, if the attachment held items.
  if (res.user_item_ids.length > 0) void queryClient.invalidateQueries({ queryKey: INVENTORY_QUERY_ROOT });
  // New coupon cards for the recharge dialog's picker.
  if (res.user_card_ids.length > 0) void queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY });
}

/** Opening an unread mail marks it read (silently: the list shows it either way). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost(MAIL_PATHS.markRead, { id }, { schema: newMailCountResponse, silent: true }),
    onSuccess: (res) => {
      queryClient.setQueryData(newMailCountQueryOptions.queryKey, res.new_mail_count);
      void queryClient.invalidateQueries({ queryKey: MAILS_QUERY_ROOT });
    },
  });
}

/** One mail's attachment; a repeat is not an error, it answers already_received. */
export function useReceiveMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost(MAIL_PATHS.receive, { id }, { schema: receiveResponse }),
    onSuccess: (res) => afterReceive(queryClient, res),
  });
}

export function useReceiveAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(MAIL_PATHS.receiveAll, {}, { schema: receiveResponse }),
    onSuccess: (res) => afterReceive(queryClient, res),
  });
}
