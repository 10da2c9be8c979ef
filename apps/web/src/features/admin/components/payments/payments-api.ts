import {
  ADMIN_PAYMENT_PATHS,
  type AdminChannelRequest,
  type AdminQueryRequest,
  adminChannelsResponse,
  adminDepositsResponse,
  adminOrderDetail,
  adminOrdersResponse,
  adminQueryResponse,
  type DepositStatus,
} from '@kaixiang/shared/admin-payments';
import type { PayMode } from '@kaixiang/shared/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleGet, consolePost } from '../../api/console-call.ts';
import { CONSOLE_QUERY_ROOT } from '../../api/get-me.ts';

export const PAYMENTS_QUERY_ROOT = [...CONSOLE_QUERY_ROOT, 'payments'] as const;
export const ORDERS_PAGE_SIZE = 20;
export const DEPOSITS_PAGE_SIZE = 20;

/** The orders table's filter, as the address holds it. Times are epoch ms (the day's bounds in the reader's zone). */
export interface OrderFilter {
  status: number | null;
  payMode: PayMode | null;
  provider: string | null;
  userId: number | null;
  orderSn: string | null;
  from: number | null;
  to: number | null;
  page: number;
}

export function useOrders(f: OrderFilter) {
  const params: Record<string, string> = {
    page: String(f.page),
    page_size: String(ORDERS_PAGE_SIZE),
    ...(f.status !== null ? { status: String(f.status) } : {}),
    ...(f.payMode ? { pay_mode: f.payMode } : {}),
    ...(f.provider ? { provider: f.provider } : {}),
    ...(f.userId !== null ? { user_id: String(f.userId) } : {}),
    ...(f.orderSn ? { order_sn: f.orderSn } : {}),
    ...(f.from !== null ? { from: String(f.from) } : {}),
    ...(f.to !== null ? { to: String(f.to) } : {}),
  };
  return useQuery({
    queryKey: [...PAYMENTS_QUERY_ROOT, 'orders', params],
    queryFn: ({ signal }) => consoleGet(ADMIN_PAYMENT_PATHS.orders, params, adminOrdersResponse, signal),
    placeholderData: keepPreviousData,
  });
}

const orderKey = (orderSn: string) => [...PAYMENTS_QUERY_ROOT, 'order', orderSn] as const;

export function useOrder(orderSn: string) {
  return useQuery({
    queryKey: orderKey(orderSn),
    queryFn: ({ signal }) => consoleGet(ADMIN_PAYMENT_PATHS.order, { order_sn: orderSn }, adminOrderDetail, signal),
  });
}

/** Asks the provider; the order (and the orders table) are read again whatever it answered. */
export function useQueryProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminQueryRequest) => consolePost(ADMIN_PAYMENT_PATHS.query, body, adminQueryResponse),
    onSettled: () => client.invalidateQueries({ queryKey: PAYMENTS_QUERY_ROOT }),
  });
}

const channelsKey = [...PAYMENTS_QUERY_ROOT, 'channels'] as const;

export function useChannels() {
  return useQuery({
    queryKey: channelsKey,
    queryFn: ({ signal }) => consoleGet(ADMIN_PAYMENT_PATHS.channels, undefined, adminChannelsResponse, signal),
  });
}

/** A switch answers with every channel as it now is. */
export function useSetChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminChannelRequest) => consolePost(ADMIN_PAYMENT_PATHS.channel, body, adminChannelsResponse),
    onSuccess: (data) => client.setQueryData(channelsKey, data),
  });
}

export function useDeposits(f: { status: DepositStatus | null; page: number }) {
  const params: Record<string, string> = {
    page: String(f.page),
    page_size: String(DEPOSITS_PAGE_SIZE),
    ...(f.status ? { status: f.status } : {}),
  };
  return useQuery({
    queryKey: [...PAYMENTS_QUERY_ROOT, 'deposits', params],
    queryFn: ({ signal }) => consoleGet(ADMIN_PAYMENT_PATHS.deposits, params, adminDepositsResponse, signal),
    placeholderData: keepPreviousData,
  });
}
