import type {
  AdminChannelRequest,
  AdminChannelsResponse,
  AdminDepositRow,
  AdminDepositsResponse,
  AdminOrderDetail,
  AdminOrderRow,
  AdminOrdersResponse,
  AdminQueryResponse,
  adminDepositsQuery,
  adminOrdersQuery,
  DepositStatus,
} from '@kaixiang/shared/admin-payments';
import { ADMIN_REASON_MAX } from '@kaixiang/shared/admin-players';
import { ORDER_STATUS, PAY_MODES, type PayMode } from '@kaixiang/shared/payments';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import type { cryptoDeposits } from '../../../db/schema/crypto.ts';
import type { rechargeOrders } from '../../../db/schema/payments.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { PaymentProvider, ProviderTradeState } from '../../payments/payment-provider.ts';
import type { NotifyOutcome, PaymentsService } from '../../payments/payments.service.ts';
import type { AdminActor } from '../admin-access.ts';
import { recordAudit } from '../audit.ts';
import { paymentsAdminRepo as repo } from './payments-admin.repo.ts';

export interface PaymentsAdminDeps {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** The notification path a paid answer settles through (payments.service.ts handleNotification). */
  payments: Pick<PaymentsService, 'handleNotification'>;
  /** The configured adapters, in the order they serve channels. */
  providers: readonly PaymentProvider[];
}

function reasonOf(raw: string): string {
  const reason = raw.trim();
  if (reason.length === 0 || [...reason].length > ADMIN_REASON_MAX) throw new AppError('PAYMENT_REASON_INVALID');
  return reason;
}

type Order = typeof rechargeOrders.$inferSelect;

const orderTarget = (orderSn: string) => `order:${orderSn}`;

/** The console's Payments section (docs/console/payments.md). */
export function createPaymentsAdmin(deps: PaymentsAdminDeps) {
  const { db, clock, providers } = deps;
  const servingProvider = (mode: PayMode) => providers.find((p) => p.payModes.includes(mode))?.name ?? null;

  const rowOf = (o: Order, nickName: string | null, nowMs: number): AdminOrderRow => ({
    order_sn: o.orderSn,
    user_id: o.userId,
    nick_name: nickName ?? '',
    pay_mode: o.payMode,
    provider: o.provider,
    price: o.amountUnits,
    real_price: o.realPriceUnits,
    bonus: (o.couponReplacesBonus ? 0 : o.bonusUnits) + o.couponBonusUnits + o.vipBonusUnits,
    status: o.status,
    overdue: o.status === ORDER_STATUS.pending && o.expiresAt.getTime() <= nowMs,
    provider_txn_id: o.providerTxnId,
    created_at: o.createdAt.getTime(),
    paid_at: o.paidAt?.getTime() ?? null,
    expire_time: o.expiresAt.getTime(),
  });

  const depositOf = (r: {
    deposit: typeof cryptoDeposits.$inferSelect;
    userId: number | null;
    orderStatus: number | null;
  }): AdminDepositRow => ({
    id: r.deposit.id,
    chain: r.deposit.chain,
    tx_hash: r.deposit.txHash,
    address: r.deposit.address,
    amount_micro: r.deposit.amountMicro.toString(),
    confirmations: r.deposit.confirmations,
    status: r.deposit.status as DepositStatus,
    surplus_micro: r.deposit.surplusMicro.toString(),
    order_sn: r.deposit.orderSn,
    user_id: r.userId,
    order_status: r.orderStatus,
    sent_at: r.deposit.sentAt.getTime(),
    first_seen_at: r.deposit.firstSeenAt.getTime(),
    settled_at: r.deposit.settledAt?.getTime() ?? null,
  });

  const queryableBy = (providerName: string) => {
    const p = providers.find((x) => x.name === providerName);
    return p?.query ? p : null;
  };

  const channels = async (): Promise<AdminChannelsResponse> => {
    const rows = await repo.channels(db);
    return {
      list: rows
        .filter((r) => (PAY_MODES as readonly string[]).includes(r.payMode))
        .map((r) => ({
          pay_mode: r.payMode as PayMode,
          enabled: r.enabled,
          sort_id: r.sortId,
          provider: servingProvider(r.payMode as PayMode),
        })),
    };
  };

  return {
    async orders(q: z.output<typeof adminOrdersQuery>): Promise<AdminOrdersResponse> {
      if (q.from !== undefined && q.to !== undefined && q.from > q.to) throw new AppError('PAYMENT_RANGE_INVALID');
      const { rows, totals } = await repo.orders(
        db,
        {
          status: q.status,
          payMode: q.pay_mode,
          provider: q.provider,
          userId: q.user_id,
          orderSn: q.order_sn,
          from: q.from === undefined ? undefined : new Date(q.from),
          to: q.to === undefined ? undefined : new Date(q.to),
        },
        { limit: q.page_size, offset: (q.page - 1) * q.page_size },
      );
      const now = clock.now();
      return {
        list: rows.map((r) => rowOf(r.order, r.nickName, now)),
        total: totals.orders,
        page: q.page,
        page_size: q.page_size,
        totals: {
          orders: totals.orders,
          real_price: totals.realPrice,
          paid_orders: totals.paidOrders,
          paid_amount: totals.paidAmount,
        },
      };
    },

    async order(orderSn: string): Promise<AdminOrderDetail> {
      const found = await repo.order(db, orderSn);
      if (!found) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      const { order } = found;
      const [transfers, crypto, actions] = await Promise.all([
        repo.transfers(db, orderSn, order.userId),
        repo.cryptoOrder(db, orderSn),
        repo.actions(db, orderTarget(orderSn)),
      ]);
      const deposits = crypto ? await repo.deposits(db, { orderSn }, { limit: 100, offset: 0 }) : null;
      return {
        order: rowOf(order, found.nickName, clock.now()),
        transfers: transfers.map((t) => ({
          id: t.id,
          kind: t.kind,
          idem_key: t.idemKey,
          amount: Number(t.amount),
          created_at: t.createdAt.getTime(),
        })),
        usdt: crypto
          ? {
              chain: crypto.chain,
              address: crypto.address,
              quantity_micro: String(crypto.quantityMicro),
              deposits: (deposits?.rows ?? []).map(depositOf),
            }
          : null,
        queryable: queryableBy(order.provider) !== null,
        actions: actions.map(({ a, name }) => ({
          id: a.id,
          admin_id: a.adminId,
          admin_name: name ?? '',
          action: a.action,
          after: a.after,
          reason: a.reason,
          created_at: a.createdAt.getTime(),
        })),
      };
    },

    /**
     * Asks the order's provider what became of it. A paid answer is handed to handleNotification
     * exactly as a notification would be (same provider, txn id and amount), so whichever comes
     * first credits and the other finds it settled; a refund answer likewise marks it reversed.
     * The audit record of the query (who, and what the provider answered) commits in that same
     * transaction; an answer that changes nothing, or a provider that could not be asked, gets
     * its own.
     */
    async query(actor: AdminActor, input: { order_sn: string; reason: string }): Promise<AdminQueryResponse> {
      const reason = reasonOf(input.reason);
      const found = await repo.order(db, input.order_sn);
      if (!found) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      const { order } = found;
      const provider = queryableBy(order.provider);
      if (!provider?.query) throw new AppError('PAYMENT_QUERY_UNSUPPORTED');
      const audit = (tx: Tx | Db, after: unknown, at: Date) =>
        recordAudit(
          tx,
          actor,
          {
            action: 'payment.query',
            target: orderTarget(order.orderSn),
            before: { status: order.status, provider_txn_id: order.providerTxnId },
            after,
            reason,
          },
          at,
        );
      const auditAlone = (after: unknown) => deps.transaction((tx) => audit(tx, after, new Date(clock.now())));

      let answer: ProviderTradeState;
      try {
        answer = await provider.query({ orderSn: order.orderSn });
      } catch (err) {
        await auditAlone({ provider: provider.name, error: err instanceof Error ? err.message : String(err) });
        throw new AppError('PAYMENT_PROVIDER_QUERY_FAILED');
      }
      const answered = {
        state: answer.state,
        provider_state: answer.providerState,
        txn_id: 'txnId' in answer ? answer.txnId : null,
        amount: 'amountUnits' in answer ? answer.amountUnits : null,
      };

      let outcome: NotifyOutcome | null = null;
      if (answer.state === 'paid' || answer.state === 'refunded') {
        outcome = await deps.payments.handleNotification(
          provider.name,
          {
            ok: true,
            event: answer.state === 'paid' ? 'paid' : 'reversed',
            orderSn: order.orderSn,
            txnId: answer.txnId,
            amountUnits: answer.amountUnits,
          },
          (tx, now, result) => audit(tx, { provider: provider.name, answer: answered, outcome: result }, now),
        );
      } else {
        await auditAlone({ provider: provider.name, answer: answered });
      }
      const settlement: AdminQueryResponse['settlement'] =
        outcome === null || outcome.result === 'ignored' || outcome.result === 'failed_recorded'
          ? 'none'
          : outcome.result;
      const after = await repo.order(db, order.orderSn);
      return {
        order_sn: order.orderSn,
        provider: provider.name,
        answer: answered,
        settlement,
        refused: outcome?.result === 'rejected' ? outcome.reason : null,
        status: after?.order.status ?? order.status,
      };
    },

    channels,

    /**
     * Switches a channel on or off (pay_modes.enabled) with its audit record, in one transaction.
     * Players' pay-modes and order creation read the table on every call, so it takes effect at
     * once: a channel switched off is no longer offered and refuses new orders (orders already
     * made may still be paid and are credited).
     */
    async setChannel(actor: AdminActor, input: AdminChannelRequest): Promise<AdminChannelsResponse> {
      const reason = reasonOf(input.reason);
      await deps.transaction(async (tx) => {
        const row = await repo.channelForUpdate(tx, input.pay_mode);
        if (!row) throw new AppError('PAYMENT_CHANNEL_UNKNOWN');
        if (row.enabled === input.enabled) return;
        await repo.setChannel(tx, row.id, input.enabled);
        await recordAudit(
          tx,
          actor,
          {
            action: 'payment.channel',
            target: `pay_mode:${row.payMode}`,
            before: { enabled: row.enabled },
            after: { enabled: input.enabled },
            reason,
          },
          new Date(clock.now()),
        );
      });
      return channels();
    },

    async deposits(q: z.output<typeof adminDepositsQuery>): Promise<AdminDepositsResponse> {
      const { rows, total } = await repo.deposits(
        db,
        { status: q.status, chain: q.chain },
        { limit: q.page_size, offset: (q.page - 1) * q.page_size },
      );
      return { list: rows.map(depositOf), total, page: q.page, page_size: q.page_size };
    },
  };
}

export type PaymentsAdmin = ReturnType<typeof createPaymentsAdmin>;
