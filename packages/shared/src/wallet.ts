import { z } from 'zod';

/**
 * Contract of balances, the account change record, the quota exchange and the mall (spec 1 §3,
 * §5, §7; ARCHITECTURE.md §Money). Paths are relative to /api; amounts in units (1/10000 yuan).
 */
export const WALLET_PATHS = {
  /** GET ?page&page_size[&currency]: the player's ledger entries, newest first. */
  accountChanges: '/usercenter/v1/user/get-account-change-record',
  /** POST {convert_amount}: mall quota → coins 1:1. */
  exchange: '/usercenter/v1/mall/mall-quota-to-std-coin',
  /** GET ?page&page_size: quota entries only. */
  quotaLog: '/usercenter/v1/mall/mall-quota-change-log',
  /**
   * GET ?page&page_size: items bought in the mall that are retrieving, retrieved or failed, newest
   * first; the response is the inventory's warehouseLogResponse (inventory.ts).
   */
  mallRetrieveRecord: '/usercenter/v1/mall/item-retrieve-record',
  /** POST {mall_item_id, request_id}: same as goods/v1/mall/buy-item. */
  userBuy: '/usercenter/v1/mall/buy-item',
  /** GET: the products on sale. */
  mallItems: '/goods/v1/mall/item-info',
  /** POST {mall_item_id, request_id}: buy with mall quota; the item goes to the inventory. */
  mallBuy: '/goods/v1/mall/buy-item',
  /** GET ?page&page_size: the player's purchases. */
  mallBuyRecords: '/goods/v1/mall/buy-records',
} as const;

/** The user-side currencies of the ledger. */
export const CURRENCIES = ['coin', 'quota', 'point'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Socket event on room user:{id} after a commit that changed the user's balances (spec 2 §7). */
export const MONEY_MODIFY_EVENT = 'money_modify';
/** type 2 = both balances carried; amounts in units (the client divides by 10000). */
export interface MoneyModifyPush {
  type: 0 | 1 | 2;
  money: number;
  mall_quota: number;
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const accountChangesQuery = pageQuery.extend({ currency: z.enum(CURRENCIES).optional() });

/**
 * Transfer kinds a player can see. The account change record shows a localised label per kind
 * (web locale key `wallet.kind.<kind>`).
 */
export const TRANSFER_KINDS = [
  'test_credit',
  'box_open',
  'item_sell',
  'item_recycle',
  'item_auto_sell',
  'quota_exchange',
  'mall_buy',
  'trade_link_bonus',
  'recharge',
  'recharge_bonus',
  'coupon_bonus',
  'vip_recharge_bonus',
  'anchor_recharge',
  'vip_award',
  'vip_red_packet',
  'command_reward',
  'mail_appendix',
  'invite_rebate',
  'pickup_prize',
  'correction',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export const accountChange = z.object({
  id: z.number().int(),
  kind: z.string(),
  currency: z.enum(CURRENCIES),
  /** Signed: positive is a credit to the player. */
  amount: z.number().int(),
  balance_after: z.number().int(),
  /** A short reference (box name, item name, order no.) or ''. */
  memo: z.string(),
  created_at: z.number().int(),
});
export type AccountChange = z.infer<typeof accountChange>;
export const accountChangesResponse = z.object({ list: z.array(accountChange), total: z.number().int() });

/**
 * convert_amount = amount × 10000 with at most 2 decimals (spec 1 §5, §9): a positive multiple of
 * 100 units. Any other number is refused with EXCHANGE_AMOUNT_INVALID (the server checks it, so the
 * schema takes any number). request_id (8-64 of [A-Za-z0-9_-]), when given, makes a double submit
 * exchange once; made once per confirmed exchange, like the mall's.
 */
export const exchangeRequest = z.object({ convert_amount: z.number(), request_id: z.string().optional() });
export const exchangeResponse = z.object({ money: z.number().int(), mall_quota: z.number().int() });

export const mallItem = z.object({
  mall_item_id: z.number().int(),
  item_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  quality: z.number().int(),
  exter: z.number().int(),
  /** Price in mall quota units. */
  price: z.number().int(),
  /** Units left; null means unlimited. */
  stock: z.number().int().nullable(),
});
export type MallItem = z.infer<typeof mallItem>;
export const mallItemsResponse = z.object({ list: z.array(mallItem) });
export const mallBuyRequest = z.object({ mall_item_id: z.number().int(), request_id: z.string() });
export const mallBuyResponse = z.object({ user_item_id: z.number().int(), mall_quota: z.number().int() });
export const mallBuyRecord = z.object({
  id: z.number().int(),
  mall_item_id: z.number().int(),
  user_item_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  price: z.number().int(),
  created_at: z.number().int(),
});
export const mallBuyRecordsResponse = z.object({ list: z.array(mallBuyRecord), total: z.number().int() });
