import { z } from 'zod';
import { recordId } from './record-id.ts';
import { playerVipLevel } from './vip.ts';

/**
 * Contract of the boards and events (issue 25; docs/promotions/boards.md): the royal ranking
 * (王者排行: PK, Cases and Upgrade boards by day and week), the unpacking king (开箱王: the day's
 * best single opening by value and by multiple of the box price), and PK power (act_pkpower:
 * power from battles created and won during an activity). Paths relative to /api; amounts in
 * coin units (1/10000 yuan); times epoch ms; periods are China days and weeks (UTC+8, weeks from
 * Monday). The world cup is in cup.ts.
 */
export {
  ADMIN_BOARDS_PATHS,
  BOARDS_EVENTS,
  BOARDS_PATHS,
  BOARDS_ROUTES,
  REWARD_NOTICE_MS,
} from './boards-paths.ts';

/** How many rows a board shows. */
export const BOARD_SIZE = 10;
/** The most ranks a board or an activity can pay. */
export const BOARD_MAX_PRIZES = 10;

/** The royal ranking's three boards (spec 2 "Royal ranking (PK, Cases, Upgrade boards)"). */
export const ROYAL_BOARDS = ['pk', 'cases', 'upgrade'] as const;
export type RoyalBoard = (typeof ROYAL_BOARDS)[number];
/** The unpacking king's two crowns. */
export const KING_BOARDS = ['king_value', 'king_multiple'] as const;
export type KingBoard = (typeof KING_BOARDS)[number];
/** Every board whose periods close on the calendar (PK power closes at its activity's end). */
export const PERIOD_BOARDS = [...ROYAL_BOARDS, ...KING_BOARDS] as const;
export type PeriodBoard = (typeof PERIOD_BOARDS)[number];
export const PERIOD_KINDS = ['day', 'week'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/**
 * What a board counts (docs/promotions/boards.md), robots never:
 * - pk: the entry price of every battle the player sat in that ended (dissolved ones refunded, not counted);
 * - cases: the price paid for every box opened (free openings not counted);
 * - upgrade: the stake (items' prices plus balance) of every upgrade;
 * - king_value: the price of the player's best single item from a paid box;
 * - king_multiple: that item's price over the box's price, in basis points (10000 = 1×);
 * - pk_power: power from the activity's battles (create_power for a battle the player made, once
 *   it ended; win_power for each battle won).
 * Ties go to whoever reached the score first, then the lower user id.
 */
export const SCORE_KINDS = {
  pk: 'units',
  cases: 'units',
  upgrade: 'units',
  king_value: 'units',
  king_multiple: 'bp',
  pk_power: 'points',
} as const;

export const royalQuery = z.object({
  board: z.enum(ROYAL_BOARDS).default('cases'),
  period: z.enum(PERIOD_KINDS).default('day'),
  /** 0 the current period, 1 the one before (yesterday, last week). */
  back: z.coerce.number().int().min(0).max(1).default(0),
});
export type RoyalQuery = z.infer<typeof royalQuery>;

export const boardPlayer = z.object({
  user_id: z.number().int(),
  nick_name: z.string(),
  avatar: z.string(),
  vip_level: playerVipLevel,
});

export const boardRow = boardPlayer.extend({
  rank: z.number().int(),
  /** See SCORE_KINDS for the unit. */
  score: z.number().int(),
  /** Records counted (battles, openings, upgrades). */
  plays: z.number().int(),
  /** The prize this rank pays (or paid) at the close, coin units; 0 for none. */
  prize: z.number().int(),
});
export type BoardRow = z.infer<typeof boardRow>;

/** The caller's own place (null when anonymous); rank null when not on the board. */
export const boardMe = z
  .object({ rank: z.number().int().nullable(), score: z.number().int(), plays: z.number().int() })
  .nullable();

export const boardView = z.object({
  board: z.string(),
  /** 'd:2026-11-28' (a China day), 'w:2026-11-23' (the week from that Monday), 'e:<id>' (an activity). */
  period_key: z.string(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  /** Whether the board pays prizes for this period at all (operator setting). */
  enabled: z.boolean(),
  /** Coin units per rank from 1 (the operator's setting, or what was paid once closed). */
  prizes: z.array(z.number().int()),
  /** True once the period's prizes were paid. */
  closed: z.boolean(),
  list: z.array(boardRow),
  me: boardMe,
  /** The server's clock when it answered: countdowns run on it, not on the reader's. */
  now: z.number().int(),
});
export type BoardView = z.infer<typeof boardView>;

export const kingQuery = z.object({
  /** 0 today, 1 yesterday. */
  back: z.coerce.number().int().min(0).max(1).default(0),
});

export const kingRow = boardRow.extend({
  item: z.object({
    item_id: z.number().int(),
    name: z.string(),
    img: z.string(),
    quality: z.number().int(),
    /** The item's price when won. */
    price: z.number().int(),
  }),
  box: z.object({ box_id: z.number().int(), name: z.string(), img: z.string(), price: z.number().int() }),
  /** The item's price over the box's, basis points. */
  multiple_bp: z.number().int(),
  opened_at: z.number().int(),
});
export type KingRow = z.infer<typeof kingRow>;

export const kingView = z.object({
  period_key: z.string(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  by_value: boardView.omit({ list: true, now: true }).extend({ list: z.array(kingRow) }),
  by_multiple: boardView.omit({ list: true, now: true }).extend({ list: z.array(kingRow) }),
  now: z.number().int(),
});
export type KingView = z.infer<typeof kingView>;

export const pkPowerEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  create_power: z.number().int(),
  win_power: z.number().int(),
  prizes: z.array(z.number().int()),
  state: z.enum(['upcoming', 'running', 'ended']),
  /** True once the prizes were paid. */
  closed: z.boolean(),
});
export type PkPowerEvent = z.infer<typeof pkPowerEvent>;

export const pkPowerView = z.object({
  event: pkPowerEvent.nullable(),
  list: z.array(boardRow),
  me: boardMe,
  now: z.number().int(),
});
export type PkPowerView = z.infer<typeof pkPowerView>;

/** act_pkpower_create_room (site room). */
export interface PkPowerCreateRoom {
  event_id: number;
  room_id: number;
  user_id: number;
  nick_name: string;
  avatar: string;
  /** Power the creator earns once the battle ends. */
  power: number;
}

/** act_pkpower_reward_notice and ranking_reward_notice (the winner's user room). */
export interface RewardNotice {
  /** 'pk' | 'cases' | 'upgrade' | 'king_value' | 'king_multiple' | 'pk_power'. */
  board: string;
  period_key: string;
  /** The activity's title for pk_power, in zh-CN ('' otherwise); the other languages beside it ('' when not given). */
  title: string;
  title_zh_tw: string;
  title_en: string;
  rank: number;
  score: number;
  /** Coin units credited. */
  prize: number;
  /** How long to show it. */
  show_ms: number;
}

// ---------------------------------------------------------------------------------------------
// Admin

const units = () => z.number().int().min(0).max(1_000_000_000_000);

export const boardSetting = z.object({
  board: z.enum(PERIOD_BOARDS),
  period: z.enum(PERIOD_KINDS),
  enabled: z.boolean(),
  /** Coin units for ranks 1.. (at most BOARD_MAX_PRIZES). */
  prizes: z.array(units()).max(BOARD_MAX_PRIZES),
});
export type BoardSetting = z.infer<typeof boardSetting>;

export const adminBoardSettings = z.object({
  /** Every calendar board and period; updated_at null: the default, never changed by an operator. */
  list: z.array(boardSetting.extend({ updated_at: z.number().int().nullable() })),
});
export type AdminBoardSettings = z.infer<typeof adminBoardSettings>;

export const adminBoardSettingsInput = z.object({
  list: z.array(boardSetting).min(1).max(20),
  reason: z.string().max(200).default(''),
});
export type AdminBoardSettingsInput = z.infer<typeof adminBoardSettingsInput>;

export const adminClosuresQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminClosure = z.object({
  board: z.string(),
  period_key: z.string(),
  closed_at: z.number().int(),
  prizes: z.array(
    z.object({
      rank: z.number().int(),
      user_id: z.number().int(),
      nick_name: z.string(),
      score: z.number().int(),
      prize: z.number().int(),
    }),
  ),
});
export const adminClosuresResponse = z.object({ list: z.array(adminClosure), total: z.number().int() });
export type AdminClosuresResponse = z.infer<typeof adminClosuresResponse>;

export const adminPkPowerEventInput = z.object({
  title_zh_cn: z.string().trim().min(1).max(60),
  title_zh_tw: z.string().trim().max(60).default(''),
  title_en: z.string().trim().max(60).default(''),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  create_power: z.number().int().min(0).max(1_000_000),
  win_power: z.number().int().min(0).max(1_000_000),
  prizes: z.array(units()).max(BOARD_MAX_PRIZES),
  reason: z.string().max(200).default(''),
});
export type AdminPkPowerEventInput = z.infer<typeof adminPkPowerEventInput>;

export const adminPkPowerEventUpdate = adminPkPowerEventInput.extend({ id: recordId });
export type AdminPkPowerEventUpdate = z.infer<typeof adminPkPowerEventUpdate>;

export const adminPkPowerEvent = z.object({
  id: z.number().int(),
  title_zh_cn: z.string(),
  title_zh_tw: z.string(),
  title_en: z.string(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  create_power: z.number().int(),
  win_power: z.number().int(),
  prizes: z.array(z.number().int()),
  state: z.enum(['upcoming', 'running', 'ended']),
  closed: z.boolean(),
  /** Players with power so far. */
  players: z.number().int(),
  updated_at: z.number().int(),
});
export type AdminPkPowerEvent = z.infer<typeof adminPkPowerEvent>;
export const adminPkPowerEventsResponse = z.object({ list: z.array(adminPkPowerEvent) });
export type AdminPkPowerEventsResponse = z.infer<typeof adminPkPowerEventsResponse>;
