/**
 * The card grabbing (夺宝) API contract (spec 2 §2 Card grab-card, §3 card room status and card
 * states, §7; rules: packages/game/src/treasure.ts). Amounts are integer units; times epoch ms.
 */
import { z } from 'zod';
import { REQUEST_ID_PATTERN } from './boxes.ts';
import { recordId, recordIdQuery } from './record-id.ts';
import { TREASURE_PAGE_SIZE } from './treasure-paths.ts';

export {
  TREASURE_CARD_STATUS,
  TREASURE_EVENTS,
  TREASURE_HALL_ROOM,
  TREASURE_PAGE_SIZE,
  TREASURE_PATHS,
  TREASURE_STATE,
  treasureRoom,
} from './treasure-paths.ts';

const int = () => z.number().int();
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(TREASURE_PAGE_SIZE);

/** Ranges are the rules' (each refusal its own message). */
export const treasureCreateRequest = z.object({
  title: z.string().max(200),
  item_id: recordId,
  exter: z.number().int().min(1).max(6).optional(),
  cards: z.number(),
  card_price: z.number(),
  deadline: z.number(),
  /**
   * The prize's price (units) the admin saw when deciding the card price: the server refuses
   * (TREASURE_PRIZE_CHANGED) when the price table now prices the prize otherwise, so no treasure
   * is made on a margin nobody looked at. Optional for callers that saw no price.
   */
  prize_price: z.number().int().min(0).optional(),
});
export type TreasureCreateRequest = z.infer<typeof treasureCreateRequest>;
export const treasureIdResponse = z.object({ room_id: int() });

/**
 * `count` is checked by the rules (TREASURE_COUNT_INVALID), not here: its own message.
 * `request_id` (optional, made once per confirmed grab): the same id again answers the first grab
 * instead of buying more cards — what a client sends again when an answer was lost.
 */
export const treasureJoinRequest = z.object({
  room_id: recordId,
  count: z.number(),
  request_id: z.string().regex(REQUEST_ID_PATTERN).optional(),
});
export type TreasureJoinRequest = z.infer<typeof treasureJoinRequest>;
export const treasureJoinResponse = z.object({
  room_id: int(),
  /** The cards this grab bought (0-based card numbers). */
  cards: z.array(int()),
  /** Paid for them (units). */
  paid: int(),
  sold: int(),
  total: int(),
});
export type TreasureJoinResponse = z.infer<typeof treasureJoinResponse>;

export const treasurePageQuery = z.object({ page, page_size: pageSize });
export const treasureRoomQuery = z.object({ room_id: recordIdQuery });
export const treasureDynamicQuery = z.object({ room_id: recordIdQuery, page, page_size: pageSize });

export const treasurePerson = z.object({ user_id: int(), nick_name: z.string(), avatar: z.string() });

export const treasureSummary = z.object({
  room_id: int(),
  title: z.string(),
  item: z.object({
    item_id: int(),
    name: z.string(),
    img: z.string(),
    quality: int(),
    exter: int(),
    price: int(),
  }),
  card_price: int(),
  total: int(),
  sold: int(),
  /** TREASURE_STATE: 1 ongoing, 2 ended. */
  state: int(),
  /** 'open' | 'full' | 'won' | 'refunded'. */
  phase: z.enum(['open', 'full', 'won', 'refunded']),
  created_at: int(),
  deadline: int(),
  ended_at: int().nullable(),
  server_seed_hash: z.string(),
  winner: treasurePerson.nullable(),
  winning_card: int().nullable(),
});
export type TreasureSummary = z.infer<typeof treasureSummary>;
export const treasureListResponse = z.object({
  list: z.array(treasureSummary),
  total: int(),
  /** The server's clock when it answered (epoch ms): the cards count down to `deadline` on it. */
  now: int(),
});
export type TreasureListResponse = z.infer<typeof treasureListResponse>;

export const treasureInfo = treasureSummary.extend({
  /** The server's clock when it answered (epoch ms): screens count down to `deadline` on it. */
  now: int(),
  /** The viewer's own cards (0-based), empty when not signed in. */
  my_cards: z.array(int()),
  /** TREASURE_CARD_STATUS of the viewer, or null when they hold no card. */
  my_status: int().nullable(),
});
export type TreasureInfo = z.infer<typeof treasureInfo>;

export const treasureDynamicResponse = z.object({
  list: z.array(treasurePerson.extend({ first: int(), count: int(), at: int() })),
  total: int(),
});
export type TreasureDynamicResponse = z.infer<typeof treasureDynamicResponse>;

/** An ended treasure's draw: enough to recompute it (game "treasure", round 0, slot 0). */
export const treasureEndInfo = treasureSummary.extend({
  /** Revealed once the treasure ended. */
  server_seed: z.string().nullable(),
  /** The beacon value drawn with: the first round published after `filled_at`, and where to look it up. */
  public_seed: z.string().nullable(),
  beacon_round: int().nullable(),
  beacon_url: z.string().nullable(),
  /** When the last card was sold (epoch ms): entries closed then; null while cards are left. */
  filled_at: int().nullable(),
  /** holders[k]: the user id holding card k. */
  holders: z.array(int()),
  roll: z.object({ value: int(), cursor: int(), chunk_index: int() }).nullable(),
});
export type TreasureEndInfo = z.infer<typeof treasureEndInfo>;

export const treasureMyCardsResponse = z.object({
  list: z.array(
    treasureSummary.extend({
      my_cards: z.array(int()),
      paid: int(),
      /** TREASURE_CARD_STATUS: 1 in progress, 2 won, 3 not won (refunded treasures too). */
      status: int(),
    }),
  ),
  total: int(),
  now: int(),
});
export type TreasureMyCardsResponse = z.infer<typeof treasureMyCardsResponse>;
