import {
  type CreateOrderRequest,
  type CreateOrderResponse,
  ORDER_STATUS,
  ORDER_STATUS_EVENT,
  type OrderStatusPush,
} from '@kaixiang/shared/payments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSocketEvent } from '../../../lib/socket.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { usePayStatus } from '../api/pay-status.ts';

/**
 * idle: no order; loading: create-coin-order in flight ('二维码正在加载'); open: QR shown, polled;
 * expired: the QR's time ran out or the server said status 3 — the refresh overlay makes a new one.
 */
export type OrderPhase = 'idle' | 'loading' | 'open' | 'expired';

export interface RechargeOrderEvents {
  onPaid: (order: CreateOrderResponse) => void;
  /** The server said the order expired (status 3): the dialog says '订单已过期'. */
  onExpired: () => void;
  /** The provider reported the payment failed (status 4): the recharge state resets. */
  onFailed: () => void;
}

/**
 * One recharge order's life (spec 2 §4): created on confirm, polled every 3 s and also finished by
 * the `order_status` push, whichever comes first; its QR expires by the clock, checked every second.
 */
export function useRechargeOrder(events: RechargeOrderEvents) {
  const [phase, setPhase] = useState<OrderPhase>('idle');
  const [order, setOrder] = useState<CreateOrderResponse | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const lastRequest = useRef<CreateOrderRequest | null>(null);
  // Bumped by every reset: an answer to a request made before the reset belongs to nothing shown.
  const generation = useRef(0);
  // The poll and the push may both report the payment: it is celebrated once.
  const settled = useRef<string | null>(null);
  const latest = useRef(events);
  latest.current = events;
  const create = useCreateOrder();

  const reset = useCallback(() => {
    generation.current++;
    setPhase('idle');
    setOrder(null);
  }, []);

  const start = useCallback(
    (request: CreateOrderRequest) => {
      const mine = ++generation.current;
      lastRequest.current = request;
      setPhase('loading');
      setOrder(null);
      create.mutate(request, {
        onSuccess: (created) => {
          if (mine !== generation.current) return;
          settled.current = null;
          setNow(Date.now());
          setOrder(created);
          setPhase(created.expire_time > Date.now() ? 'open' : 'expired');
        },
        // The refusal itself was shown by the API client.
        onError: () => {
          if (mine === generation.current) setPhase('idle');
        },
      });
    },
    [create.mutate],
  );

  /** The refresh overlay: the same choice again, as a new order. */
  const refresh = useCallback(() => {
    if (lastRequest.current) start(lastRequest.current);
  }, [start]);

  const settle = useCallback(
    (orderSn: string, status: number) => {
      if (!order || order.order_sn !== orderSn || settled.current === orderSn) return;
      if (status === ORDER_STATUS.paid) {
        settled.current = orderSn;
        latest.current.onPaid(order);
      } else if (status === ORDER_STATUS.expired) {
        if (phase !== 'expired') latest.current.onExpired();
        setPhase('expired');
      } else if (status === ORDER_STATUS.failed) {
        settled.current = orderSn;
        reset();
        latest.current.onFailed();
      }
    },
    [order, phase, reset],
  );

  const status = usePayStatus(order?.order_sn ?? null, phase === 'open');
  const polled = status.data;
  useEffect(() => {
    if (polled) settle(polled.order_sn, polled.status);
  }, [polled, settle]);

  useSocketEvent<OrderStatusPush>(ORDER_STATUS_EVENT, (push, frame) => {
    if (frame.room !== undefined && !frame.room.startsWith('user:')) return;
    if (push && typeof push.order_sn === 'string') settle(push.order_sn, push.status);
  });

  // The QR's clock: checked every second against expire_time.
  useEffect(() => {
    if (phase !== 'open' || !order) return;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= order.expire_time) setPhase('expired');
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [phase, order]);

  const secondsLeft = order ? Math.max(0, Math.ceil((order.expire_time - now) / 1000)) : 0;
  return { phase, order, secondsLeft, start, refresh, reset, settle };
}
