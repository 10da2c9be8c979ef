/**
 * The console's Payments API (issue 23; ours: the spec names no admin calls). Recharge orders
 * (docs/payments.md "Payments"), their channels (pay_modes) and USDT deposits. Paths are relative
 * to /api; money in units (1/10000 yuan), USDT in micro-USDT as decimal strings; times epoch ms.
 * Every call asks `payments.manage`. A provider query is audited (`payment.query`, target
 * `order:<order_sn>`, with what the provider answered), and settles a paid order through the
 * notification path; a channel switch is audited (`payment.channel`, target `pay_mode:<mode>`).
 * docs/console/payments.md says more.
 */
import { z } from 'zod';
import { ADMIN_REASON_MAX } from './admin-players.ts';
import { PAY_MODES } from './payments.ts';

export const ADMIN_PAYMENT_PATHS = {
  /** GET ?status&pay_mode&provider&user_id&order_sn&from&to&page&page_size: orders, newest first, with totals. */
  orders: '/admin/v1/payments/orders',
  /** GET ?order_sn: one order, its ledger transfers, USDT terms and deposits, and what the console did to it. */
  order: '/admin/v1/payments/order',
  /** POST {order_sn, reason}: asks the order's provider; a paid answer settles it like a notification. */
  query: '/admin/v1/payments/query',
  /** GET: every channel, on or off, and the adapter serving it. */
  channels: '/admin/v1/payments/channels',
  /** POST {pay_mode, enabled, reason}: a channel switched on or off. */
  channel: '/admin/v1/payments/channel',
  /** GET ?status&chain&page&page_size: USDT deposits the chain watcher saw, newest first. */
  deposits: '/admin/v1/payments/usdt-deposits',
} as const;

const int = () => z.number().int();

/** 1 pending, 2 paid, 3 expired, 4 failed, 5 reversed (ORDER_STATUS), as stored. */
export const ADMIN_ORDER_STATUSES = [1, 2, 3, 4, 5] as const;

/** What became of a USDT transfer (crypto_deposits.status). */
export const DEPOSIT_STATUSES = ['pending', 'credited', 'underpaid', 'refused', 'unmatched'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

const page = () => z.coerce.number().int().min(1).max(1_000).default(1);
const pageSize = () => z.coerce.number().int().min(1).max(100).default(20);
const epochMs = () => z.coerce.number().int().min(0).max(8_640_000_000_000_000);

export const adminOrdersQuery = z.object({
  /** As stored: a pending order past its expiry is 1 until the job marks it (its row says `overdue`). */
  status: z.coerce
    .number()
    .int()
    .refine((s) => (ADMIN_ORDER_STATUSES as readonly number[]).includes(s))
    .optional(),
  pay_mode: z.enum(PAY_MODES).optional(),
  provider: z.string().trim().min(1).max(32).optional(),
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Exact order number. */
  order_sn: z.string().trim().min(1).max(64).optional(),
  /** Created at or after (epoch ms). */
  from: epochMs().optional(),
  /** Created before (epoch ms). */
  to: epochMs().optional(),
  page: page(),
  page_size: pageSize(),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

export const adminOrderRow = z.object({
  order_sn: z.string(),
  user_id: int(),
  nick_name: z.string(),
  pay_mode: z.string(),
  provider: z.string(),
  /** Coins the order credits (the tier's money). */
  price: int(),
  /** Amount payable. */
  real_price: int(),
  /** Tier + coupon + VIP bonus the order carries. */
  bonus: int(),
  status: int(),
  /** Pending and past its expiry: a stuck order to ask the provider about. */
  overdue: z.boolean(),
  provider_txn_id: z.string().nullable(),
  created_at: int(),
  paid_at: int().nullable(),
  expire_time: int(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export const adminOrdersResponse = z.object({
  list: z.array(adminOrderRow),
  total: int(),
  page: int(),
  page_size: int(),
  /** Over every order the filter matches, not just this page. */
  totals: z.object({
    orders: int(),
    real_price: int(),
    /** Paid orders (status 2) and their amount payable. */
    paid_orders: int(),
    paid_amount: int(),
  }),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponse>;

export const adminOrderQuery = z.object({ order_sn: z.string().trim().min(1).max(64) });

export const adminOrderTransfer = z.object({
  id: int(),
  kind: z.string(),
  idem_key: z.string(),
  /** What it moved into the player's coin account (the invite rebate, to the inviter, is 0 here). */
  amount: int(),
  created_at: int(),
});

export const adminDepositRow = z.object({
  id: int(),
  chain: z.string(),
  tx_hash: z.string(),
  address: z.string(),
  /** micro-USDT, decimal string. */
  amount_micro: z.string(),
  confirmations: int(),
  status: z.enum(DEPOSIT_STATUSES),
  surplus_micro: z.string(),
  order_sn: z.string().nullable(),
  /** The matched order's player and status; null when unmatched. */
  user_id: int().nullable(),
  order_status: int().nullable(),
  sent_at: int(),
  first_seen_at: int(),
  settled_at: int().nullable(),
});
export type AdminDepositRow = z.infer<typeof adminDepositRow>;

export const adminOrderAction = z.object({
  id: int(),
  admin_id: int(),
  admin_name: z.string(),
  action: z.string(),
  after: z.unknown(),
  reason: z.string(),
  created_at: int(),
});

export const adminOrderDetail = z.object({
  order: adminOrderRow,
  /** The ledger transfers memo'd with the order number (the recharge and its bonuses). */
  transfers: z.array(adminOrderTransfer),
  /** A USDT order's terms and the deposits sent for it. */
  usdt: z
    .object({
      chain: z.string(),
      address: z.string(),
      quantity_micro: z.string(),
      deposits: z.array(adminDepositRow),
    })
    .nullable(),
  /** Whether its provider can be asked (a configured adapter with a query). */
  queryable: z.boolean(),
  /** What the console did to it (provider queries), newest first. */
  actions: z.array(adminOrderAction),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminQueryRequest = z.object({
  order_sn: z.string().trim().min(1).max(64),
  reason: z.string().max(ADMIN_REASON_MAX * 4),
});
export type AdminQueryRequest = z.infer<typeof adminQueryRequest>;

/** The provider's answer (see the payment provider port). */
export const PROVIDER_STATES = ['paid', 'refunded', 'unpaid', 'closed', 'not_found'] as const;
/**
 * What the answer did through the notification path: credited now, already credited by this
 * payment, refused (see `refused`), the order marked reversed (a refund), or nothing.
 */
export const SETTLE_RESULTS = ['credited', 'duplicate', 'rejected', 'reversed', 'none'] as const;

export const adminQueryResponse = z.object({
  order_sn: z.string(),
  provider: z.string(),
  answer: z.object({
    state: z.enum(PROVIDER_STATES),
    /** The provider's own word (TRADE_SUCCESS, NOTPAY...). */
    provider_state: z.string(),
    txn_id: z.string().nullable(),
    amount: int().nullable(),
  }),
  settlement: z.enum(SETTLE_RESULTS),
  /** Why a paid answer was not credited (amount_mismatch, order_already_paid). */
  refused: z.string().nullable(),
  /** The order's status after the query. */
  status: int(),
});
export type AdminQueryResponse = z.infer<typeof adminQueryResponse>;

export const adminChannel = z.object({
  pay_mode: z.enum(PAY_MODES),
  enabled: z.boolean(),
  sort_id: int(),
  /** The adapter serving it; null: none configured, so players do not see it even when on. */
  provider: z.string().nullable(),
});
export type AdminChannel = z.infer<typeof adminChannel>;

export const adminChannelsResponse = z.object({ list: z.array(adminChannel) });
export type AdminChannelsResponse = z.infer<typeof adminChannelsResponse>;

export const adminChannelRequest = z.object({
  pay_mode: z.enum(PAY_MODES),
  enabled: z.boolean(),
  reason: z.string().max(ADMIN_REASON_MAX * 4),
});
export type AdminChannelRequest = z.infer<typeof adminChannelRequest>;

export const adminDepositsQuery = z.object({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  chain: z.enum(['trc20', 'erc20']).optional(),
  page: page(),
  page_size: pageSize(),
});
export type AdminDepositsQuery = z.input<typeof adminDepositsQuery>;

export const adminDepositsResponse = z.object({
  list: z.array(adminDepositRow),
  total: int(),
  page: int(),
  page_size: int(),
});
export type AdminDepositsResponse = z.infer<typeof adminDepositsResponse>;
