/**
 * The console's Games API (issue 23; ours: the spec names no admin calls). Paths are relative to
 * /api; amounts in units (1/10000 yuan); times epoch ms. Every call asks `games.manage`. Official
 * roll rooms and card-grab treasures are made here only (the player site keeps an anchor's own
 * rooms); each creation and each settings change is audited (`games.roll.create`,
 * `games.treasure.create`, `games.settings`). docs/console/games.md.
 */
import { z } from 'zod';
import { ADMIN_REASON_MAX } from './admin-players.ts';
import { recordId } from './record-id.ts';
import { rollCreateRequest } from './roll.ts';
import { treasureCreateRequest } from './treasure.ts';

export const ADMIN_GAME_PATHS = {
  /** GET ?page&page_size: roll rooms (anchors' and official), newest first. */
  rollRooms: '/admin/v1/games/roll-rooms',
  /** POST AdminRollCreateRequest: an official room of house prizes. */
  rollCreate: '/admin/v1/games/roll-rooms/create',
  /** GET ?page&page_size: card-grab treasures, newest first. */
  treasures: '/admin/v1/games/treasures',
  /** POST TreasureCreateRequest: a treasure. */
  treasureCreate: '/admin/v1/games/treasures/create',
  /** GET: the game settings in force. */
  settings: '/admin/v1/games/settings',
  /** POST {settings, reason}: new game settings, all at once. */
  settingsSave: '/admin/v1/games/settings/save',
} as const;

const int = () => z.number().int();

export const adminGamesPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminGamesPageQuery = z.input<typeof adminGamesPageQuery>;
export type AdminGamesPage = z.output<typeof adminGamesPageQuery>;

/**
 * An official roll room: house prizes only (catalogue items in a wear), open to every player (no
 * invitation condition); the other fields as an anchor's room, checked by the same rules.
 */
export const adminRollCreateRequest = rollCreateRequest.omit({ item_ids: true, invited_only: true }).extend({
  house_items: z
    .array(z.object({ item_id: recordId, exter: z.number().int().min(1).max(6).optional() }))
    .min(1)
    .max(200),
});
export type AdminRollCreateRequest = z.infer<typeof adminRollCreateRequest>;

export const adminTreasureCreateRequest = treasureCreateRequest;
export type AdminTreasureCreateRequest = z.infer<typeof adminTreasureCreateRequest>;

export const adminCreatedResponse = z.object({ room_id: int() });
export type AdminCreatedResponse = z.infer<typeof adminCreatedResponse>;

/** The rooms' states as the rules name them. */
export const adminRollRow = z.object({
  room_id: int(),
  title: z.string(),
  /** open | closed | ended. */
  state: z.string(),
  official: z.boolean(),
  owner_id: int(),
  owner_name: z.string(),
  prizes: int(),
  /** Units: what the prizes were worth when the room was made. */
  value: int(),
  players: int(),
  draw_at: int(),
  created_at: int(),
});
export type AdminRollRow = z.infer<typeof adminRollRow>;
export const adminRollListResponse = z.object({ list: z.array(adminRollRow), total: int() });
export type AdminRollListResponse = z.infer<typeof adminRollListResponse>;

export const adminTreasureRow = z.object({
  room_id: int(),
  title: z.string(),
  /** open | full | won | refunded. */
  state: z.string(),
  /** In the request's language. */
  prize_name: z.string(),
  prize_price: int(),
  cards: int(),
  sold: int(),
  card_price: int(),
  deadline: int(),
  created_at: int(),
});
export type AdminTreasureRow = z.infer<typeof adminTreasureRow>;
export const adminTreasureListResponse = z.object({ list: z.array(adminTreasureRow), total: int() });
export type AdminTreasureListResponse = z.infer<typeof adminTreasureListResponse>;

// --- settings ------------------------------------------------------------------------------------

/** ppm scale of the upgrade's rates (packages/game UPGRADE_RATE_SCALE). */
const PPM = 1_000_000;
/** 10,000,000 yuan: above it a number is a slip of the keyboard, not a limit. */
const MAX_UNITS = 100_000_000_000;
/**
 * The turntable jackpot's feed, basis points of each round's stakes: 0 (off) to 3 %. The long-run
 * return is 96 % + the feed, so at 3 % the house still keeps 1 %; at 4 % it would keep nothing.
 */
export const JACKPOT_FEED_BP_MIN = 0;
export const JACKPOT_FEED_BP_MAX = 300;

/** The most boxes a battle has by its rules (packages/game battle.ts BATTLE_MAX_BOXES). */
export const BATTLE_BOXES_MAX = 20;

/**
 * What an operator changes without a deploy. Each field's bounds are what the game can run with
 * sanely; how they relate (min ≤ max) is settingsProblem's, each with its own message.
 * - battle: a battle's creator may seat robots; the most boxes a battle may have (1–20, the rules'
 *   20 by default) and the most one seat may cost (the sum of its boxes' prices; null: no limit).
 *   Checked when a battle is created; a battle already made is not touched.
 * - turntable: per-entry bet limits, a player's total stake per round, entries per round, and the
 *   jackpot's feed (basis points of each round's stakes fed to the jackpot pool at settlement;
 *   0 = nothing fed, the pool still pays what it holds); a round takes the values in force when
 *   it opens, keeps them in its own state and shows them.
 * - upgrade: the house edge and the chance's bounds, ppm; every upgrade record keeps the edge and
 *   max rate it was rolled at, so a verifier recomputes its chance whatever they are today.
 */
export const gameSettings = z.object({
  battle: z.object({
    robots_enabled: z.boolean(),
    max_boxes: int().min(1).max(BATTLE_BOXES_MAX),
    /** Units, from ¥1; null: no limit. */
    max_seat_cost: int().min(10_000).max(MAX_UNITS).nullable(),
  }),
  turntable: z.object({
    min_bet: int().min(1).max(MAX_UNITS),
    max_bet: int().min(1).max(MAX_UNITS),
    max_round: int().min(1).max(MAX_UNITS),
    max_bets_per_round: int().min(1).max(1_000),
    /** JACKPOT_FEED_BP_MIN–MAX: settingsProblem's, so a value out of them has its own message. */
    jackpot_feed_bp: int(),
  }),
  upgrade: z.object({
    /** 0–50 %. */
    house_edge_ppm: int()
      .min(0)
      .max(PPM / 2),
    /** 0.01 %–50 %. */
    min_rate_ppm: int()
      .min(100)
      .max(PPM / 2),
    /** up to 95 %. */
    max_rate_ppm: int().min(100).max(950_000),
  }),
});
export type GameSettings = z.infer<typeof gameSettings>;

export type SettingsProblem = 'GAMES_BET_LIMITS_INVALID' | 'GAMES_JACKPOT_FEED_INVALID' | 'GAMES_RATE_BOUNDS_INVALID';

/**
 * How the limits relate, and the jackpot feed's bounds (each its own message, in the caller's
 * language): the smallest bet not above the largest, a round's total not below one bet, the feed
 * within JACKPOT_FEED_BP_MIN–MAX, the min rate not above the max.
 */
export function settingsProblem(s: GameSettings): SettingsProblem | null {
  if (s.turntable.max_bet < s.turntable.min_bet || s.turntable.max_round < s.turntable.max_bet)
    return 'GAMES_BET_LIMITS_INVALID';
  if (s.turntable.jackpot_feed_bp < JACKPOT_FEED_BP_MIN || s.turntable.jackpot_feed_bp > JACKPOT_FEED_BP_MAX)
    return 'GAMES_JACKPOT_FEED_INVALID';
  if (s.upgrade.max_rate_ppm < s.upgrade.min_rate_ppm) return 'GAMES_RATE_BOUNDS_INVALID';
  return null;
}

export const gameSettingsResponse = z.object({
  settings: gameSettings,
  /** The settings as shipped (config and the games' defaults): what "no stored value" means. */
  defaults: gameSettings,
  /** When a stored value was last saved; null when the defaults are in force. */
  updated_at: int().nullable(),
  /** How long another process may still use the previous values, ms. */
  stale_ms: int(),
  /** The turntable jackpot pool now (its ledger account's balance), units; read only. */
  jackpot_pool: int(),
});
export type GameSettingsResponse = z.infer<typeof gameSettingsResponse>;

export const gameSettingsSaveRequest = z.object({
  settings: gameSettings,
  reason: z.string().trim().min(1).max(ADMIN_REASON_MAX),
});
export type GameSettingsSaveRequest = z.infer<typeof gameSettingsSaveRequest>;
