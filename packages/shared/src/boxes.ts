import { z } from 'zod';
import { luckyMark } from './lucky.ts';
import { recordIdQuery } from './record-id.ts';
import { playerVipLevel } from './vip.ts';
import { pageQuery } from './wallet.ts';

/**
 * Contract of boxes and provable fairness (spec 1 §7 Box; ARCHITECTURE.md §Fairness). Paths are
 * relative to /api. Amounts are integer units (1/10000 yuan). Times are epoch milliseconds.
 */
export { BOX_PATHS, FAIRNESS_PATHS } from './boxes-paths.ts';

/** Every box's contents sum to this many tickets. */
export const BOX_TICKETS = 1_000_000;
export const OPEN_COUNTS = [1, 5, 10] as const;
export type OpenCount = (typeof OPEN_COUNTS)[number];
/** The `game` part of the HMAC message for box rolls: "box:<clientSeed>:<nonce>:<cursor>". */
export const BOX_GAME = 'box';
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A client-made request id (a UUID in practice) that makes a retried opening debit once. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const boxCard = z.object({
  box_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  /** The box's own locally drawn picture (`/img/cases/:id.svg`, `/img/boxes/:id.svg`): shown when `img` does not load. */
  fallback_img: z.string(),
  price: z.number().int(),
  category_id: z.number().int(),
  /** Expected return to player in basis points of the price (9000 = 90.00 %). */
  rtp_bp: z.number().int(),
  version: z.number().int(),
});
export type BoxCard = z.infer<typeof boxCard>;

export const boxListResponse = z.object({
  categories: z.array(z.object({ category_id: z.number().int(), name: z.string(), boxes: z.array(boxCard) })),
});
export type BoxListResponse = z.infer<typeof boxListResponse>;

export const boxIdQuery = z.object({ box_id: recordIdQuery });
export const boxInfoResponse = z.object({ box: boxCard });

export const containsQuery = boxIdQuery.extend({ version: recordIdQuery.optional() });
export const boxContentItem = z.object({
  item_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  quality: z.number().int(),
  /** Wear grade 1..6. */
  exter: z.number().int(),
  cost_price: z.number().int(),
  tickets: z.number().int(),
  /** Tickets [ticket_from, ticket_to) are this item's; ranges follow the list order from 0. */
  ticket_from: z.number().int(),
  ticket_to: z.number().int(),
});
export type BoxContentItem = z.infer<typeof boxContentItem>;
export const containsResponse = z.object({
  box_id: z.number().int(),
  version: z.number().int(),
  ticket_total: z.number().int(),
  /** Lowercase hex SHA-256 of the odds table (packages/game fair.ts oddsHash). */
  odds_hash: z.string(),
  rtp_bp: z.number().int(),
  items: z.array(boxContentItem),
});
export type ContainsResponse = z.infer<typeof containsResponse>;

export const openBoxRequest = z.object({
  box_id: z.number().int().positive(),
  count: z.number().int(),
  request_id: z.string(),
});

/** The public inputs of one roll: enough to recompute it once the server seed is revealed. */
export const rollProof = z.object({
  nonce: z.number().int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  /** Null until the seed pair is rotated. */
  server_seed: z.string().nullable(),
  odds_hash: z.string(),
  box_version: z.number().int(),
  ticket: z.number().int(),
});
export type RollProof = z.infer<typeof rollProof>;

export const openedItem = z.object({
  /** The user item (inventory row) id. */
  id: z.number().int(),
  item_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  quality: z.number().int(),
  exter: z.number().int(),
  cost_price: z.number().int(),
  roll: rollProof,
  /** The lucky player's roll of this box, when it was opened during a lucky window (lucky.ts). */
  lucky: luckyMark.optional(),
});
export type OpenedItem = z.infer<typeof openedItem>;

export const openBoxResponse = z.object({
  opening_id: z.number().int(),
  box_id: z.number().int(),
  total_price: z.number().int(),
  /** The coin balance after the debit. */
  money: z.number().int(),
  items: z.array(openedItem),
});
export type OpenBoxResponse = z.infer<typeof openBoxResponse>;

export const historyQuery = pageQuery.extend({ box_id: recordIdQuery.optional() });

export const openHistoryEntry = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  nick_name: z.string(),
  /** The player's current VIP level (0..10), for the badge beside the name. */
  vip_level: playerVipLevel,
  avatar: z.string(),
  box_id: z.number().int(),
  box_name: z.string(),
  box_price: z.number().int(),
  item_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  quality: z.number().int(),
  exter: z.number().int(),
  cost_price: z.number().int(),
  created_at: z.number().int(),
});
export type OpenHistoryEntry = z.infer<typeof openHistoryEntry>;
export const openHistoryResponse = z.object({ list: z.array(openHistoryEntry), total: z.number().int() });

export const selfHistoryEntry = openHistoryEntry.extend({
  user_item_id: z.number().int(),
  roll: rollProof,
  /** The lucky player's roll, when the box was opened during a lucky window. */
  lucky: luckyMark.optional(),
});
export type SelfHistoryEntry = z.infer<typeof selfHistoryEntry>;
export const selfHistoryResponse = z.object({ list: z.array(selfHistoryEntry), total: z.number().int() });

export const seedPair = z.object({ server_seed_hash: z.string(), client_seed: z.string(), nonce: z.number().int() });
export const seedResponse = z.object({
  active: seedPair,
  /** The last rotated pair with its server seed revealed, or null. */
  previous: seedPair.extend({ server_seed: z.string() }).nullable(),
});
export type SeedResponse = z.infer<typeof seedResponse>;
export const setClientSeedRequest = z.object({ client_seed: z.string() });
