import { z } from 'zod';

/**
 * Contract of recharge (spec 2 §2 dialog 1, §3 money tier / pay modes / pay request / pay response,
 * §4 recharge order, §5, §7, §9). Paths are relative to /api; amounts in units (1/10000 yuan);
 * times epoch ms. Every call needs a logged-in player except the provider notify endpoint.
 */
export const PAYMENT_PATHS = {
  /** GET ?pay_mode&device: the money tiers → {elems, exchange_rate}. */
  rechargeList: '/trade/v1/get-recharge-list',
  /** GET ?platform: the enabled channels, sorted by sort_id descending → {list}. */
  payModes: '/trade/v1/get-pay-mode',
  /** GET: whether the player has never had a paid order → {first_recharge}. */
  isFirstRecharge: '/trade/v1/is-first-recharge',
  /** POST createOrderRequest → createOrderResponse (the QR shows pay_data_url). */
  createOrder: '/trade/v1/create-coin-order',
  /**
   * GET ?page&page_size&status: the caller's recharge orders, newest first (the userinfo-recharge
   * page, spec 1 §2) → {list, total}. A pending order past its expiry reads as 3.
   */
  rechargeRecords: '/trade/v1/get-recharge-records',
  /** GET ?order_sn → {order_sn, status}; the dialog polls it every ORDER_POLL_MS. */
  payStatus: '/trade/v1/pay-status',
  /**
   * POST {order_sn}: an anchor (account_type 2 or 3) settles their own pending order from the
   * anchor credit account (Ctrl+Shift+H on an open order). Booked as kind anchor_recharge, never
   * as a recharge: it counts for neither VIP nor first-recharge nor retention.
   */
  anchorQuickRecharge: '/trade/v1/anchor-quick-recharge',
  /**
   * POST by a payment provider (not by the web): its signed notification. `:provider` is the
   * adapter name (sandbox today). Answers the provider's own acknowledgement, not the envelope.
   */
  notify: '/trade/v1/notify/:provider',
  /**
   * POST mockRechargeRequest → mockRechargeResponse. Development only (spec 2 §2, §7): absent in
   * production (404). Settles a 'mock' order as a real payment would be, so VIP, first-recharge
   * bonus, invite rebates and command codes can be tried without a provider.
   */
  testMockRecharge: '/trade/v1/test-mock-recharge',
} as const;

/**
 * The sandbox cashier (non-production only). pay_data_url of a sandbox order points at
 * `GET /dev/cashier/:order_sn` (an HTML page for a person). Its buttons are plain calls:
 * `POST /dev/cashier/:order_sn/pay` (pays: the notification is delivered twice, like a provider
 * retrying), `POST /dev/cashier/:order_sn/fail` (the provider reports the payment failed) and
 * `POST /dev/cashier/:order_sn/late` (pays, but the notification is held until the order expired).
 */
export const SANDBOX_CASHIER_PATH = '/dev/cashier';

export const PAY_MODES = ['alipay', 'union_pay', 'wechat_pay', 'crypto_pay'] as const;
export type PayMode = (typeof PAY_MODES)[number];
export const USDT_CHAINS = ['trc20', 'erc20'] as const;
export type UsdtChain = (typeof USDT_CHAINS)[number];

/**
 * Order statuses. 1, 2 and 3 are the spec's; 4 (the provider reported the payment failed: the
 * dialog resets, spec 2 §4 "On pay failure the recharge state resets") and 5 (a paid order the
 * provider reversed / charged back; blocks item retrieval) are ours.
 */
export const ORDER_STATUS = { pending: 1, paid: 2, expired: 3, failed: 4, reversed: 5 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** The QR (and its order) is valid this long; afterwards the dialog shows the refresh overlay. */
export const ORDER_TTL_MS = 15 * 60 * 1000;
/** A second create-coin-order within this window is refused: '操作频繁，请稍微再试'. */
export const RECHARGE_THROTTLE_MS = 5_000;
export const ORDER_POLL_MS = 3_000;
/** Minimum top-up, 10 CNY (spec 2 §5, the FAQ). */
export const MIN_RECHARGE_UNITS = 10 * 10_000;
/** WeChat Pay: at most 9000 CNY of paid + pending orders per player per day (UTC+8 calendar day). */
export const WECHAT_DAILY_LIMIT_UNITS = 9_000 * 10_000;
/** Default exchange_rate: CNY per USDT × 10000 (7.6). */
export const DEFAULT_EXCHANGE_RATE = 76_000;

export const moneyTier = z.object({
  id: z.number().int(),
  /** Price of the tier in units; the coins credited. */
  money: z.number().int(),
  /** Bonus share in 1/10000 (500 = 5 %); shown as addition_money/100 percent. */
  addition_money: z.number().int(),
  avatar: z.string(),
  avatar_title: z.string(),
  days: z.number().int(),
});
export type MoneyTier = z.infer<typeof moneyTier>;

export const rechargeListQuery = z.object({
  pay_mode: z.string().optional(),
  device: z.coerce.number().int().optional(),
});
export const rechargeListResponse = z.object({
  elems: z.array(moneyTier),
  /** CNY per USDT × 10000; the dialog shows exchange_rate / 10000 truncated to 2 decimals. */
  exchange_rate: z.number().int(),
});
export type RechargeListResponse = z.infer<typeof rechargeListResponse>;

export const payModeEntry = z.object({ id: z.number().int(), pay_mode: z.enum(PAY_MODES), sort_id: z.number().int() });
export type PayModeEntry = z.infer<typeof payModeEntry>;
export const payModesQuery = z.object({ platform: z.coerce.number().int().optional() });
/** An empty list means '暂无可用支付渠道，请稍后重试'. */
export const payModesResponse = z.object({ list: z.array(payModeEntry) });

export const isFirstRechargeResponse = z.object({ first_recharge: z.boolean() });

/**
 * The three conditions of spec 2 §5 the player ticks before recharging, in the dialog's order. The
 * server refuses an order without all of them (and without `adult`), with the spec's message.
 */
export const RECHARGE_CONDITIONS = ['resale', 'rational', 'afford'] as const;
export type RechargeCondition = (typeof RECHARGE_CONDITIONS)[number];

export const createOrderRequest = z.object({
  coin_recharge_id: z.number().int(),
  /** The 18+ box: 1 when ticked ('请确认已满18周岁,且具备完全行为能力…'). */
  adult: z.number().int().optional(),
  /** The conditions ticked (RECHARGE_CONDITIONS); every one is required. */
  conditions: z.array(z.enum(RECHARGE_CONDITIONS)).max(3).optional(),
  pay_model: z.enum(PAY_MODES),
  /** A coupon (user_card_id); 0 or absent means none. Coupons are not available yet: refused. */
  card_coupon_id: z.number().int().optional(),
  chain: z.enum(USDT_CHAINS).optional(),
  device: z.number().int().optional(),
  /** crypto_pay only: 10000 × the CNY amount. */
  amount: z.number().int().optional(),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

/**
 * create-coin-order as the server takes it: the tier and the amount are left unchecked here, so
 * that one omitted, null, "", blank, a word or a list gets the spec's own message in its place
 * in the order of checks ('请选择充值金额' for a tier, '请输入正确的充值金额' for a USDT amount),
 * not the generic 参数不正确 (issue 20). The service checks them; clients send createOrderRequest.
 */
export const createOrderBody = createOrderRequest.extend({
  coin_recharge_id: z.unknown().optional().describe('integer: a money tier id (ignored for crypto_pay)'),
  amount: z.unknown().optional().describe('integer, crypto_pay only: 10000 × the CNY amount'),
});
export type CreateOrderInput = z.infer<typeof createOrderBody>;

export const createOrderResponse = z.object({
  order_sn: z.string(),
  /** What the QR encodes; a sandbox order's opens the sandbox cashier page. */
  pay_data_url: z.string(),
  /** Amount payable in units. */
  real_price: z.number().int(),
  /** Bonus coins credited on payment, in units. */
  extra_std_money: z.number().int(),
  /** The tier's money (coins credited) in units. */
  price: z.number().int(),
  expire_time: z.number().int(),
  /**
   * crypto_pay only: the exact USDT to send ("14.157894", 6 decimals, network fee included), the
   * deposit address lent to this order alone, and its chain (docs/payments.md "USDT recharge").
   */
  crypto_amount: z.string().optional(),
  crypto_address: z.string().optional(),
  chain: z.enum(USDT_CHAINS).optional(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;

export const payStatusQuery = z.object({ order_sn: z.string().min(1).max(64) });
export const payStatusResponse = z.object({ order_sn: z.string(), status: z.number().int() });
export type PayStatusResponse = z.infer<typeof payStatusResponse>;

/**
 * Socket event on room user:{id} after a commit changed one of the player's orders (paid: 2;
 * expired: 3; failed: 4). A money_modify push follows a payment with the new balances.
 */
export const ORDER_STATUS_EVENT = 'order_status';
export interface OrderStatusPush {
  order_sn: string;
  status: OrderStatus;
}

export const anchorQuickRechargeRequest = z.object({ order_sn: z.string().min(1).max(64) });
export const anchorQuickRechargeResponse = z.object({
  order_sn: z.string(),
  status: z.number().int(),
  money: z.number().int(),
});
/** account_type values that may use the anchor quick recharge (spec 2 §4). */
export const ANCHOR_ACCOUNT_TYPES: readonly number[] = [2, 3];

/** The most one test-mode recharge may credit: enough to reach V10 (500 000 CNY) at once. */
export const MOCK_RECHARGE_MAX_UNITS = 500_000 * 10_000;

/**
 * Test mock recharge (spec 2 §7: money, pay_mode, recharge_id). Deliberately loose: the server
 * answers each wrong field with its own message (checkMockRecharge) instead of a generic
 * validation error — `money` null, "" or blank as no amount, any other non-number as a wrong
 * one, as create-coin-order does. `money` in units; `recharge_id` a tier id. With only a tier,
 * the tier's money and bonus; with only money, that amount without a tier bonus; with both, that
 * amount with the tier's bonus share.
 */
export const mockRechargeRequest = z.object({
  money: z.unknown().optional().describe('integer: the amount in units'),
  pay_mode: z.string().max(32),
  recharge_id: z.number().int().optional(),
});
export type MockRechargeRequest = z.infer<typeof mockRechargeRequest>;

export const mockRechargeResponse = z.object({
  order_sn: z.string(),
  status: z.number().int(),
  /** The coins credited as recharge (counts for VIP and command codes), units. */
  price: z.number().int(),
  /** The tier bonus credited, units. */
  extra_std_money: z.number().int(),
  /** The coin balance afterwards (recharge, tier bonus, first-recharge bonus), units. */
  money: z.number().int(),
  /** The player's VIP level afterwards. */
  vip_level: z.number().int(),
});
export type MockRechargeResponse = z.infer<typeof mockRechargeResponse>;

/** The field checks of a test mock recharge in order, shared by the panel and the server. */
export function checkMockRecharge(
  req: MockRechargeRequest,
):
  | 'MOCK_RECHARGE_AMOUNT_REQUIRED'
  | 'MOCK_RECHARGE_AMOUNT_INVALID'
  | 'MOCK_RECHARGE_AMOUNT_TOO_LARGE'
  | 'MOCK_RECHARGE_PAY_MODE_INVALID'
  | null {
  const money = mockRechargeMoney(req);
  if (money === undefined && req.recharge_id === undefined) return 'MOCK_RECHARGE_AMOUNT_REQUIRED';
  if (money !== undefined) {
    if (typeof money !== 'number' || !Number.isInteger(money) || money <= 0) return 'MOCK_RECHARGE_AMOUNT_INVALID';
    if (money > MOCK_RECHARGE_MAX_UNITS) return 'MOCK_RECHARGE_AMOUNT_TOO_LARGE';
  }
  if (!(PAY_MODES as readonly string[]).includes(req.pay_mode)) return 'MOCK_RECHARGE_PAY_MODE_INVALID';
  return null;
}

/** The test amount as given: null, "" and blank count as none (an emptied field), the rest as sent. */
export function mockRechargeMoney(req: MockRechargeRequest): unknown {
  const { money } = req;
  if (money === null || (typeof money === 'string' && money.trim() === '')) return undefined;
  return money;
}

export const RECHARGE_RECORDS_MAX_PAGE_SIZE = 50;
export const rechargeRecordsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(RECHARGE_RECORDS_MAX_PAGE_SIZE).default(10),
  /** One ORDER_STATUS; absent = all. 1 means pending and not yet expired, 3 includes those past it. */
  status: z.coerce.number().int().min(1).max(5).optional(),
});
export const rechargeRecord = z.object({
  order_sn: z.string(),
  /** The channel (PAY_MODES) — or 'mock' for a development test top-up. */
  pay_mode: z.string(),
  /** USDT orders: the chain and the exact quantity asked. */
  chain: z.enum(USDT_CHAINS).nullable(),
  crypto_amount: z.string().nullable(),
  /** Coins the order credits (its money), units. */
  price: z.number().int(),
  /** Amount payable, units (CNY for every channel; USDT orders show crypto_amount too). */
  real_price: z.number().int(),
  /** Bonus coins: what was credited for a paid order, what would be for an unpaid one. */
  extra_std_money: z.number().int(),
  status: z.number().int(),
  created_at: z.number().int(),
  paid_at: z.number().int().nullable(),
  expire_time: z.number().int(),
});
export type RechargeRecord = z.infer<typeof rechargeRecord>;
export const rechargeRecordsResponse = z.object({ list: z.array(rechargeRecord), total: z.number().int() });
export type RechargeRecordsResponse = z.infer<typeof rechargeRecordsResponse>;
