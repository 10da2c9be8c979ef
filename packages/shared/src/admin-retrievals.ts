/**
 * The console's Retrievals API (issue 23; ours: the spec names no admin calls). A retrieval is one
 * `trade_offers` row (docs/money-and-items.md "Retrieval and the trade bot"). Paths are relative
 * to /api; prices in units (1/10000 yuan); times epoch ms. Every call asks `retrievals.manage`;
 * retry and cancel carry a reason and are audited (`retrieval.retry`, `retrieval.cancel`, target
 * `retrieval:<id>`). docs/console/retrievals.md says which states may be retried or cancelled.
 */
import { z } from 'zod';
import { ADMIN_REASON_MAX } from './admin-players.ts';
import { OFFER_STATES } from './inventory.ts';

export const ADMIN_RETRIEVAL_PATHS = {
  /** GET ?state&user_id&page&page_size: the retrievals, newest first. */
  queue: '/admin/v1/retrievals/queue',
  /** POST {id, reason}: a declined or failed retrieval's items sent again (a new offer). */
  retry: '/admin/v1/retrievals/retry',
  /** POST {id, reason}: a pending offer withdrawn at the bot, its items back to normal. */
  cancel: '/admin/v1/retrievals/cancel',
} as const;

const int = () => z.number().int();

export const retrievalQueueQuery = z.object({
  state: z.enum(OFFER_STATES).optional(),
  user_id: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).max(1_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type RetrievalQueueQuery = z.input<typeof retrievalQueueQuery>;

export const retrievalItem = z.object({
  /** user_items id. */
  id: int(),
  /** In the request's language. */
  name: z.string(),
  /** Units, fixed when the player got the item. */
  price: int(),
  /** The item's status now (ITEM_STATUS). */
  status: int(),
});

export const retrievalRow = z.object({
  id: int(),
  user_id: int(),
  nick_name: z.string(),
  items: z.array(retrievalItem),
  /** pending | accepted | declined | failed | expired. */
  state: z.enum(OFFER_STATES),
  /** OFFER_FAILURES when declined, failed or expired. */
  failure: z.string().nullable(),
  /** The adapter that handled it (sandbox...). */
  bot: z.string(),
  /** The bot's own offer id; null while sending or when sending failed. */
  bot_offer_id: z.string().nullable(),
  created_at: int(),
  /** When its outcome was applied; created_at while pending. */
  updated_at: int(),
});
export type RetrievalRow = z.infer<typeof retrievalRow>;

export const retrievalQueueResponse = z.object({
  list: z.array(retrievalRow),
  total: int(),
  page: int(),
  page_size: int(),
});
export type RetrievalQueueResponse = z.infer<typeof retrievalQueueResponse>;

export const retrievalActionRequest = z.object({
  id: z.number().int().positive(),
  reason: z.string().max(ADMIN_REASON_MAX * 4),
});
export type RetrievalActionRequest = z.infer<typeof retrievalActionRequest>;

export const retrievalRetryResponse = z.object({
  /** The retried retrieval. */
  id: int(),
  /** The new trade offer carrying the items. */
  offer_id: int(),
  item_ids: z.array(int()),
});
export type RetrievalRetryResponse = z.infer<typeof retrievalRetryResponse>;

export const retrievalCancelResponse = z.object({
  id: int(),
  /** The offer's state after the cancel (expired: withdrawn, items back). */
  state: z.enum(OFFER_STATES),
  item_ids: z.array(int()),
});
export type RetrievalCancelResponse = z.infer<typeof retrievalCancelResponse>;
