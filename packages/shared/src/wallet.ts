import { z } from 'zod';
import { recordId } from './record-id.ts';

/**
 * Contract of balances, the account change record, the quota exchange and the mall (spec 1 §3,
 * §5, §7; ARCHITECTURE.md §Money). Paths are relative to /api; amounts in units (1/10000 yuan).
 */
export { MONEY_MODIFY_EVENT, type MoneyModifyPush, WALLET_PATHS } from './wallet-paths.ts';

/** The user-side currencies of the ledger. */
export const CURRENCIES = ['coin', 'quota', 'point'] as const;
export type Currency = (typeof CURRENCIES)[number];

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
  'battle_entry',
  'battle_refund',
  'battle_consolation',
  'turntable_bet',
  'turntable_win',
  'turntable_jackpot',
  'upgrade_stake',
  'treasure_card',
  'treasure_refund',
  'lucky_award',
  'bag_open',
  'rain_packet',
  'task_reward',
  'sign_in',
  'points_shop',
  'command_item',
  'wishing_well',
  'free_box',
  'board_prize',
  'cup_stake',
  'cup_payout',
  'cup_refund',
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
export const mallBuyRequest = z.object({ mall_item_id: recordId, request_id: z.string() });
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
