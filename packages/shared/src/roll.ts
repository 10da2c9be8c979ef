/**
 * The roll room (ROLL房) API contract (spec 2 §2 Roll, §3 Roll states, §7; rules:
 * packages/game/src/roll.ts). Amounts are integer units (1/10000 yuan); times epoch ms.
 */
import { z } from 'zod';
import { recordId, recordIdQuery } from './record-id.ts';
import { ROLL_PAGE_SIZE } from './roll-paths.ts';

export {
  ROLL_EVENTS,
  ROLL_HALL_ROOM,
  ROLL_PAGE_SIZE,
  ROLL_PATHS,
  ROLL_STATE,
  ROLL_TABS,
  rollRoom,
} from './roll-paths.ts';

const int = () => z.number().int();
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(ROLL_PAGE_SIZE);

/**
 * Making a room. Ranges are left to the rules on purpose (a title too long, a draw time in the
 * past, a condition out of range): each gets its own message, not a generic invalid field.
 * `item_ids`: the owner's own inventory items (an anchor's). An official room of house prizes is
 * made in the console (admin-games.ts). `recharge_days` 0: recharged since the room opened.
 */
export const rollCreateRequest = z.object({
  title: z.string().max(200),
  description: z.string().max(2_000).optional(),
  draw_at: z.number(),
  /** Empty or absent: no password. */
  password: z.string().max(200).optional(),
  item_ids: z.array(recordId).max(200).optional(),
  min_recharge: z.number().optional(),
  recharge_days: z.number().optional(),
  min_vip: z.number().optional(),
  invited_only: z.boolean().optional(),
});
export type RollCreateRequest = z.infer<typeof rollCreateRequest>;
export const rollRoomIdResponse = z.object({ room_id: int() });

export const rollRoomIdRequest = z.object({ room_id: recordId });
export const rollJoinRequest = z.object({ room_id: recordId, password: z.string().max(200).optional() });
export type RollJoinRequest = z.infer<typeof rollJoinRequest>;
export const rollJoinResponse = z.object({ room_id: int(), joined_at: int(), player_count: int() });
export type RollJoinResponse = z.infer<typeof rollJoinResponse>;

export const rollListQuery = z.object({
  /** ROLL_TABS: 1 ongoing (open and drawing), 2 joined by me (signed in), 3 ended. */
  state: z.coerce.number().int().min(1).max(3).default(1),
  page,
  page_size: pageSize,
});
export const rollPageQuery = z.object({ page, page_size: pageSize });
export const rollRoomQuery = z.object({ room_id: recordIdQuery });
export const rollUsersQuery = z.object({ room_id: recordIdQuery, page, page_size: pageSize });

export const rollPerson = z.object({ user_id: int(), nick_name: z.string(), avatar: z.string(), vip_level: int() });
export type RollPerson = z.infer<typeof rollPerson>;

export const rollConditions = z.object({
  /** Recharged at least this within the window (0: no condition). */
  min_recharge: int(),
  /** The window in days up to the join; 0: since the room was made. */
  recharge_days: int(),
  /** 0: no condition. */
  min_vip: int(),
  /** Only players the owner invited. */
  invited_only: z.boolean(),
  has_password: z.boolean(),
});
export type RollConditions = z.infer<typeof rollConditions>;

export const rollPrize = z.object({
  /** Its place in the draw: prize 0 (the most valuable) is drawn first. */
  index: int(),
  item_id: int(),
  name: z.string(),
  img: z.string(),
  quality: int(),
  exter: int(),
  price: int(),
  /** Once drawn: who won it, or null (not given: back to the owner, or a house prize never made). */
  winner: rollPerson.nullable(),
  returned: z.boolean(),
});
export type RollPrize = z.infer<typeof rollPrize>;

export const rollRoomCard = z.object({
  room_id: int(),
  title: z.string(),
  description: z.string(),
  /** The anchor who made it; `official` for a house room (made by an admin). */
  owner: rollPerson.extend({ official: z.boolean() }),
  /** ROLL_STATE: 1 open, 2 drawing (entries closed, the beacon awaited), 3 ended. */
  state: int(),
  draw_at: int(),
  created_at: int(),
  ended_at: int().nullable(),
  prize_count: int(),
  prize_value: int(),
  player_count: int(),
  /** The three most valuable prizes, for the card's pictures. */
  top_prizes: z.array(rollPrize),
  conditions: rollConditions,
  /** Whether the viewer joined (null for a visitor). */
  joined: z.boolean().nullable(),
});
export type RollRoomCard = z.infer<typeof rollRoomCard>;
export const rollListResponse = z.object({
  list: z.array(rollRoomCard),
  total: int(),
  /** The server's time now: the cards count down to `draw_at` on the server's clock. */
  now: int(),
});
export type RollListResponse = z.infer<typeof rollListResponse>;

export const rollRoomInfo = rollRoomCard.extend({
  /** The server's time now, for the countdown. */
  now: int(),
  closed_at: int().nullable(),
  /** The number of the room's last event: a socket event with a later gap means refetch. */
  room_seq: int(),
  server_seed_hash: z.string(),
  /** Shown once drawn. */
  server_seed: z.string().nullable(),
  public_seed: z.string().nullable(),
  beacon_round: int().nullable(),
  beacon_url: z.string().nullable(),
  /**
   * The owner's invite code, for a room only the owner's invitees may join (null otherwise): the
   * owner shares it (or a link carrying it), and a player with no inviter yet may bind it.
   */
  owner_invite_code: z.string().nullable(),
  /** The viewer's standing (null for a visitor): for "还需充值 …" and the join button. */
  self: z
    .object({
      joined: z.boolean(),
      joined_at: int().nullable(),
      /** The prize index the viewer won, once drawn. */
      won_prize: int().nullable(),
      vip_level: int(),
      /** Recharged within the room's window up to now. */
      recharged: int(),
      /** Invited by the room's owner. */
      invited: z.boolean(),
      /** Bound to an inviter (the owner or anyone else): an invitation can no longer be bound. */
      has_inviter: z.boolean(),
    })
    .nullable(),
});
export type RollRoomInfo = z.infer<typeof rollRoomInfo>;

export const rollItemsResponse = z.object({ room_id: int(), list: z.array(rollPrize) });
export type RollItemsResponse = z.infer<typeof rollItemsResponse>;

export const rollUsersResponse = z.object({
  list: z.array(rollPerson.extend({ joined_at: int() })),
  total: int(),
});
export type RollUsersResponse = z.infer<typeof rollUsersResponse>;

/**
 * The draw, with everything the fairness page needs to recompute it: winners of prize i are read
 * by packages/game roll.ts `verifyRoll` from the seeds, the room id and the entrant list.
 */
export const rollRewardResponse = z.object({
  room_id: int(),
  drawn: z.boolean(),
  list: z.array(
    rollPrize.extend({
      winner: rollPerson,
      /** The roll r_i in [0, entrants − i), and where it was read. */
      roll: int(),
      cursor: int(),
      chunk: int(),
    }),
  ),
  returned: z.array(int()),
  /** Every entrant's user id, ascending (the draw's order), and sha256 of them joined by ','. */
  entrants: z.array(int()),
  entrants_hash: z.string().nullable(),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(),
  /** The beacon value drawn with: the first round published after `closed_at`, and where to look it up. */
  public_seed: z.string().nullable(),
  beacon_round: int().nullable(),
  beacon_url: z.string().nullable(),
  /** When entries closed (epoch ms), or null while the room is open. */
  closed_at: int().nullable(),
});
export type RollRewardResponse = z.infer<typeof rollRewardResponse>;

export const rollIsOpenAwardResponse = z.object({
  room_id: int(),
  /** Drawn: the rewards can be shown. */
  is_open_award: z.boolean(),
  state: int(),
  draw_at: int(),
  now: int(),
});
export type RollIsOpenAwardResponse = z.infer<typeof rollIsOpenAwardResponse>;

export const rollCreateRule = z.object({
  /** The player may make a room with their own items (an anchor, account_type 2 or 3). */
  can_create: z.boolean(),
  max_prizes: int(),
  min_draw_delay_ms: int(),
  max_draw_delay_ms: int(),
  title_max: int(),
  description_max: int(),
  password_max: int(),
  recharge_days_max: int(),
  max_recharge: int(),
  max_vip: int(),
});
export type RollCreateRule = z.infer<typeof rollCreateRule>;

/** The roll_win push to the winner's own room. */
export interface RollWinPush {
  room_id: number;
  title: string;
  prize: Omit<RollPrize, 'winner' | 'returned'>;
}
