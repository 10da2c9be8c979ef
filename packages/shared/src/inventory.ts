import { z } from 'zod';
import { recordId } from './record-id.ts';

/**
 * Contract of the inventory (spec 1 §3 Inventory item, Warehouse log; §4 item lifecycle; §7
 * Items). Paths are relative to /api; amounts in units (1/10000 yuan); times epoch ms.
 */
export const ITEM_PATHS = {
  /** POST: a page of the player's items with filters and sort. */
  knapsack: '/goods/v1/item/get-knap-sack-infos',
  /** POST {_id}: sell one item or a list for coins at its price; success is code 0 (spec 1 §7). */
  sell: '/goods/v1/item/sell',
  /** POST {ids?}: sell every listed (or, without ids, every normal) item for coins ("sell all"). */
  convert: '/goods/v1/item/convert',
  /** POST {ids}: recycle items into mall quota at their price. */
  recycle: '/goods/v1/item/recycle',
  /** POST {ids}: send the items to the player's trade link by a trade offer. */
  retrieve: '/goods/v1/item/retrieve',
  /** POST {page,page_size}: the warehouse log (every item ever got, any status). */
  warehouseLog: '/goods/v1/item/get-user-reward-history',
} as const;

/** Item statuses (spec 1 §3): numbers are ours and stable. */
export const ITEM_STATUS = {
  normal: 0,
  retrieving: 1,
  sold: 2,
  retrieved: 3,
  retrieveFailed: 4,
  /**
   * A prize in a roll room until its draw (still the owner's, not sellable or retrievable): then
   * sold with disposal 'roll' when given to a winner, or back to the status it had when returned.
   */
  locked: 5,
} as const;
export type ItemStatus = (typeof ITEM_STATUS)[keyof typeof ITEM_STATUS];

/** How an item left the inventory; shown in the log. 'roll': given to a roll room's winner. */
export const DISPOSALS = ['sell', 'recycle', 'auto_sell', 'upgrade', 'roll'] as const;
export type Disposal = (typeof DISPOSALS)[number];

/** Where an item came from (the log's "type" column). */
export const ITEM_SOURCES = [
  'box',
  'battle',
  'upgrade',
  'roll',
  'mall',
  'reward',
  'treasure',
  'points_shop',
  'command_item',
  'wishing_well',
] as const;
export type ItemSource = (typeof ITEM_SOURCES)[number];

export const MAX_ITEMS_PER_ACTION = 100;
/** An offer not accepted in 12 hours is cancelled and the item returns (spec 1 §4). */
export const OFFER_TTL_MS = 12 * 60 * 60 * 1000;
/** After a declined offer a new retrieval is allowed 5 minutes later (spec 1 §4). */
export const RETRIEVE_COOLDOWN_MS = 5 * 60 * 1000;
/** Retention (docs/money-and-items.md): unrecharged players' items are auto-sold after 8 hours... */
export const RETENTION_UNRECHARGED_MS = 8 * 60 * 60 * 1000;
/** ...recharged players' after 30 days. */
export const RETENTION_RECHARGED_MS = 30 * 24 * 60 * 60 * 1000;

/** Why a trade offer failed: the FAQ's causes plus the player's own decline and the 12 h expiry. */
export const OFFER_FAILURES = [
  'trade_restricted',
  'private_inventory',
  'invalid_link',
  'bot_fault',
  'declined',
  'expired',
] as const;
export type OfferFailure = (typeof OFFER_FAILURES)[number];

export const knapsackRequest = z.object({
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(100).default(24),
  /** Default: normal, retrieving, retrieval failed and locked in a roll room (what the player still holds). */
  status: z.array(z.number().int().min(0).max(5)).optional(),
  quality: z.number().int().min(0).max(7).optional(),
  keyword: z.string().max(50).optional(),
  sort: z.enum(['time_desc', 'time_asc', 'price_desc', 'price_asc']).default('time_desc'),
});

export const inventoryItem = z.object({
  /** The user item id (what sell/recycle/retrieve take). */
  id: z.number().int(),
  item_id: z.number().int(),
  name: z.string(),
  code_name: z.string(),
  cost_price: z.number().int(),
  exter: z.number().int(),
  img: z.string(),
  quality: z.number().int(),
  quality_rate: z.number().int(),
  status: z.number().int(),
  disposal: z.enum(DISPOSALS).nullable(),
  source: z.enum(ITEM_SOURCES),
  /** The box (or game) name it came from. */
  source_name: z.string(),
  created_at: z.number().int(),
  /** When a declined retrieval may be tried again, or null. */
  retrieve_available_at: z.number().int().nullable(),
  /** The last trade offer's failure cause, when status is retrieval failed. */
  failure: z.enum(OFFER_FAILURES).nullable(),
  /** When a pending offer expires, while retrieving. */
  offer_expires_at: z.number().int().nullable(),
  /**
   * While retrieving by a Steam bot's offer: the code written in the offer's message, so the
   * player can tell our offer from a scammer's copy (docs/delivery.md). Null otherwise.
   */
  offer_security_code: z.string().nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItem>;

export const knapsackResponse = z.object({
  list: z.array(inventoryItem),
  total: z.number().int(),
  /** Sum of cost_price over the player's normal items (all pages). */
  total_price: z.number().int(),
});
export type KnapsackResponse = z.infer<typeof knapsackResponse>;

export const sellRequest = z.object({ _id: z.union([recordId, z.array(recordId)]) });
export const idsRequest = z.object({ ids: z.array(recordId) });
export const convertRequest = z.object({ ids: z.array(recordId).optional() });
export const moneyActionResponse = z.object({
  ids: z.array(z.number().int()),
  /** Total credited, in units. */
  amount: z.number().int(),
  /** Coin balance afterwards (whichever currency was credited; recycling credits mall_quota). */
  money: z.number().int(),
  mall_quota: z.number().int(),
});
export type MoneyActionResponse = z.infer<typeof moneyActionResponse>;
export const retrieveResponse = z.object({ ids: z.array(z.number().int()), offer_id: z.number().int() });
export const warehouseLogRequest = z.object({
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(100).default(20),
});
export const warehouseLogResponse = z.object({ list: z.array(inventoryItem), total: z.number().int() });

/** Trade offer states (modules/inventory; the dev trade-bot page shows them). */
export const OFFER_STATES = ['pending', 'accepted', 'declined', 'failed', 'expired'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/**
 * Socket event on room user:{id} after a retrieval's outcome (or an auto-sale) changed items:
 * the client refetches its inventory pages.
 */
export const ITEM_UPDATE_EVENT = 'item_update';
export interface ItemUpdatePush {
  ids: number[];
  status: ItemStatus;
  failure: OfferFailure | null;
  /** The trade offer, for retrieval outcomes. */
  offer_id: number | null;
}
