/**
 * Where the wallet API lives (paths relative to /api) and its balance push. Apart from the
 * schemas in wallet.ts: the web's first load (the header's balances) imports these without zod.
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

/** Socket event on room user:{id} after a commit that changed the user's balances (spec 2 §7). */
export const MONEY_MODIFY_EVENT = 'money_modify';

/** type 2 = both balances carried; amounts in units (the client divides by 10000). */
export interface MoneyModifyPush {
  type: 0 | 1 | 2;
  money: number;
  mall_quota: number;
}
