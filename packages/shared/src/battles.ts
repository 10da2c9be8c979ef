import { z } from 'zod';
import { recordIdQuery } from './record-id.ts';
import { pageQuery } from './wallet.ts';

/**
 * Contract of box battles (竞技场; spec 2 §2–§9, issue 11; rules in packages/game/src/battle.ts and
 * docs/games/battles.md "Battles"). Amounts are integer units (1/10000 yuan), times epoch ms.
 */
export {
  BATTLE_EVENTS,
  BATTLE_HALL_ROOM,
  BATTLE_PATHS,
  BATTLE_RESULT_EVENT,
  battleRoom,
  WATCH_COUNT_EVENT,
} from './battles-paths.ts';

/** The hall lists at most this many rooms (spec 2 §9). */
export const BATTLE_LIST_MAX = 48;
/** The results lists (real-time results, the report) hold this many battles (spec 2 §9). */
export const BATTLE_REPORT_MAX = 13;
/** The report ranks the battles that ended within this long. */
export const BATTLE_REPORT_WINDOW_MS = 24 * 3600_000;
/** room_state (spec 2 §3): 1 waiting, 2 running, 3 ended; 4 dissolved (ours). */
export const ROOM_STATE = { waiting: 1, running: 2, ended: 3, dissolved: 4 } as const;
/** game_mode: 1 normal (5 s a round), 3 the spec's fast mode (0.5 s a round). */
export const GAME_MODES = [1, 3] as const;
/** rule: 1 classic (highest total wins), 2 crazy (lowest wins), 3 2v2 team (4 seats). */
export const BATTLE_RULES = [1, 2, 3] as const;

export const roomListQuery = z.object({ room_state: z.coerce.number().int().min(1).max(2).optional() });
export const roomIdQuery = z.object({ room_id: recordIdQuery });
export const ownRecordQuery = pageQuery;

export const createRoomRequest = z.object({
  /** Round r opens box_ids[r] for every seat; a box may repeat. */
  box_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(100),
  user_num: z.number().int(),
  game_mode: z.number().int().default(1),
  rule: z.number().int().default(1),
});
export const joinRoomRequest = z.object({
  room_id: z.number().int().positive().max(2_147_483_647),
  seat: z.number().int().min(0).max(3).optional(),
});
export const roomIdRequest = z.object({ room_id: z.number().int().positive().max(2_147_483_647) });

export const battleBox = z.object({
  box_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  /** The locally drawn picture, shown when `img` (the image CDN) cannot be reached, as box cards do. */
  fallback_img: z.string(),
  price: z.number().int(),
});
export const battleMember = z.object({
  seat: z.number().int(),
  user_id: z.number().int(),
  nick_name: z.string(),
  avatar: z.string(),
  vip_level: z.number().int(),
  robot: z.boolean(),
});
export type BattleMember = z.infer<typeof battleMember>;

/** What one seat opened in one round; ticket, cursor and chunk let the fairness page check it. */
export const battleRoll = z.object({
  seat: z.number().int(),
  box_id: z.number().int(),
  item_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  quality: z.number().int(),
  exter: z.number().int(),
  price: z.number().int(),
  ticket: z.number().int(),
  cursor: z.number().int(),
  chunk: z.number().int(),
});
export type BattleRoll = z.infer<typeof battleRoll>;

/** Spec 2 §3 "Battle result per user id". A winner gets extra + open + win; a loser win only. */
export const battleUserResult = z.object({
  user_id: z.number().int(),
  is_win: z.boolean(),
  extra_money: z.number().int(),
  open_item_price: z.number().int(),
  win_item_price: z.number().int(),
});

export const battleRoomCard = z.object({
  room_id: z.number().int(),
  room_state: z.number().int(),
  game_mode: z.number().int(),
  rule: z.number().int(),
  user_num: z.number().int(),
  entry_price: z.number().int(),
  boxes: z.array(battleBox),
  members: z.array(battleMember.nullable()),
  cur_round: z.number().int(),
  total_round: z.number().int(),
  created_at: z.number().int(),
  /** When the first round was revealed, or null. */
  started_at: z.number().int().nullable(),
  /** For the player's own record: won, lost, or null (not ended, or not in it). */
  is_win: z.boolean().nullable(),
});
export type BattleRoomCard = z.infer<typeof battleRoomCard>;

export const battleRoomData = battleRoomCard.extend({
  /** Revealed rounds only: [round][seat]. */
  rolls: z.array(z.array(battleRoll)),
  results: z.array(battleUserResult),
  winners: z.array(z.number().int()),
  server_seed_hash: z.string(),
  /** Shown once the battle has ended. */
  server_seed: z.string().nullable(),
  /** The public beacon's value (fixed after the last seat was taken), its round and where to check it. */
  public_seed: z.string().nullable(),
  beacon_round: z.number().int().nullable(),
  beacon_url: z.string().nullable(),
  /**
   * When the last seat was taken (epoch ms): entries closed then, and the beacon round is the
   * first published after it. Null until every seat is taken, and for a dissolved room.
   */
  full_at: z.number().int().nullable(),
  /** The tie-break roll among tied seats (or teams), if there was one. */
  tie: z.object({ candidates: z.array(z.number().int()), value: z.number().int() }).nullable(),
  /**
   * Once the battle has ended (empty before): each round's box odds table as the rolls used it,
   * so the fairness page can recompute every roll (a box's contents may have a newer version since).
   */
  odds: z.array(
    z.object({
      box_id: z.number().int(),
      /** The box's odds table version (get-box-contains?box_id&version); null for rooms made before it was kept. */
      version: z.number().int().nullable(),
      /** SHA-256 of the table (fair.ts oddsHash): the box version's published odds_hash. */
      odds_hash: z.string(),
      total: z.number().int(),
      entries: z.array(z.object({ item_id: z.number().int(), exter: z.number().int(), tickets: z.number().int() })),
    }),
  ),
  /** Milliseconds between round reveals. */
  round_ms: z.number().int(),
  /** The next step's time (a reveal, the end, the dissolve of an unfilled room), or null. */
  due_at: z.number().int().nullable(),
  /** The number of the room's last event: a socket event with a later gap means refetch. */
  room_seq: z.number().int(),
  /** Sockets watching the room now, on every process (then the `watchCnt` event). */
  watch_cnt: z.number().int(),
});
export type BattleRoomData = z.infer<typeof battleRoomData>;

/**
 * One ended battle in the hall's results lists (spec 2 §7 real-time-result and report): who won,
 * what it was worth (every item opened) and its best item.
 */
export const battleResultCard = z.object({
  room_id: z.number().int(),
  rule: z.number().int(),
  game_mode: z.number().int(),
  user_num: z.number().int(),
  entry_price: z.number().int(),
  total_value: z.number().int(),
  ended_at: z.number().int(),
  winners: z.array(
    z.object({ user_id: z.number().int(), nick_name: z.string(), avatar: z.string(), robot: z.boolean() }),
  ),
  best_item: z
    .object({
      item_id: z.number().int(),
      name: z.string(),
      img: z.string(),
      quality: z.number().int(),
      price: z.number().int(),
    })
    .nullable(),
});
export type BattleResultCard = z.infer<typeof battleResultCard>;
export const battleResultsResponse = z.object({ list: z.array(battleResultCard) });
export type BattleResultsResponse = z.infer<typeof battleResultsResponse>;

export const roomListResponse = z.object({ data: z.array(battleRoomCard) });
export const roomDataResponse = z.object({ data: battleRoomData, now: z.number().int() });
export const ownRecordResponse = z.object({ records: z.array(battleRoomCard), total: z.number().int() });
export const robotListResponse = z.object({
  list: z.array(z.object({ user_id: z.number().int(), nick_name: z.string(), avatar: z.string() })),
});
export const createRuleResponse = z.object({
  boxs: z.array(battleBox),
  max_boxes: z.number().int(),
  seats: z.array(z.number().int()),
  game_modes: z.array(z.number().int()),
  rules: z.array(z.number().int()),
  /** A loser's consolation in basis points of the entry (100 = 1 %). */
  consolation_bp: z.number().int(),
});
export const roomIdResponse = z.object({ room_id: z.number().int() });

/** A seated player may show one emoticon every EMOTICON_GAP_MS; the room shows it that long (spec 2 §9). */
export const EMOTICON_GAP_MS = 2_000;
/** The emoticons, drawn as emoji (no picture to load). */
export const EMOTICONS = [
  { id: 1, code: '😀', name: '开心' },
  { id: 2, code: '😂', name: '大笑' },
  { id: 3, code: '😎', name: '酷' },
  { id: 4, code: '😭', name: '大哭' },
  { id: 5, code: '😡', name: '生气' },
  { id: 6, code: '👍', name: '点赞' },
  { id: 7, code: '🎉', name: '庆祝' },
  { id: 8, code: '🔥', name: '火' },
  { id: 9, code: '💰', name: '发财' },
  { id: 10, code: '🙏', name: '保佑' },
] as const;
export const emoticonListResponse = z.object({
  list: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});
export const sendEmoticonRequest = z.object({
  room_id: z.number().int().positive().max(2_147_483_647),
  emoticon_id: z.number().int(),
});
/** The socket event's data on battle:{id}. */
export interface EmoticonEvent {
  room_id: number;
  user_id: number;
  seat: number;
  emoticon_id: number;
}
