/**
 * The turntable's API contract (spec 2 §3 Turntable; rules: packages/game/src/turntable.ts).
 * Amounts are integer units (1/10000 yuan). Areas 0–14: line 1 areas 12, 14, 13; line 2 areas
 * 8–11; line 3 areas 0–7. Icons: outer wheel 0–8, inner ring 9–12.
 */
import { z } from 'zod';

export { TURNTABLE_EVENTS, TURNTABLE_HALL_ROOM, TURNTABLE_PATHS } from './turntable-paths.ts';

/** One page of own records (spec 2 §7 user_record page_size 30). */
export const TURNTABLE_RECORD_PAGE = 30;

const int = () => z.number().int();
const fraction = z.object({ num: int(), den: int() });
/**
 * The round's jackpot feed: basis points of its stakes fed to the jackpot pool at settlement,
 * fixed when the round opened from the operator's setting (100 = 1 %; 0 = nothing fed).
 */
const jackpotFeedBp = int();

/**
 * A bet entry as the client sends it. Not typed further here on purpose: the rules refuse what is
 * not an area or a whole positive amount with the turntable's own message ('押注金额无效' for a
 * string amount), clearer than a generic "invalid field".
 */
export const turntableBetEntry = z.object({ area: z.unknown(), amount: z.unknown() });
export const turntableBetRequest = z.object({
  bets: z.array(turntableBetEntry).max(64),
  /** The client's id of this bet (A–Z a–z 0–9 _ -, up to 64): a retry with it is refused, not booked twice. */
  bet_id: z.string().max(64).optional(),
});
export type TurntableBetRequest = z.infer<typeof turntableBetRequest>;

export const turntableAreaState = z.object({
  area: int(),
  /** Total staked on it this round, by how many players. */
  amount: int(),
  users: int(),
  /** The viewer's own stake on it. */
  self: int(),
  /** Once settled: 1 won, 2 lost; 0 before. */
  state: int(),
  /** Once settled: what it paid the viewer (multiplier and jackpot), 0 otherwise. */
  award: int(),
});

export const turntableHistoryEntry = z.object({ round_id: int(), out_icon: int(), inner_icon: int() });

export const turntableOddsEntry = z.object({
  area: int(),
  icons: z.array(int()),
  chance: fraction,
  multiplier: fraction,
  rtp: fraction,
  /** The share of the jackpot pool its bettors split when its icon is drawn. */
  jackpot: fraction.nullable(),
});

export const turntableRoomInfo = z.object({
  round_id: int(),
  /** The spec's phase: 0 betting, -1 betting over and the draw pending, 1 settled (the wheels turn, then the result). */
  phase: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  /** When the phase ends (epoch ms) and the server's time now, for the countdown. */
  phase_end_at: int(),
  now: int(),
  bets_close_at: int(),
  /** When betting was closed (epoch ms; at or after bets_close_at), or null while open: the beacon comes after it. */
  closed_at: int().nullable(),
  /** Once settled: when it settled (the wheels start turning) and when the next round opens. */
  settled_at: int().nullable(),
  next_round_at: int().nullable(),
  min_bet: int(),
  max_bet: int(),
  max_round: int(),
  quick_bet: z.array(int()),
  areas: z.array(turntableAreaState),
  selfbets: z.array(z.object({ area: int(), amount: int() })),
  /** The jackpot pool (a ledger account) now. */
  jackpot: int(),
  /** Newest first, at most 100. */
  history: z.array(turntableHistoryEntry),
  /** Rounds since each outer icon 0–8 last came up. */
  icon_miss_count: z.array(int()),
  /** Once settled. */
  result: z
    .object({
      out_icon: int(),
      inner_icon: int(),
      winning_areas: z.array(int()),
      area_award: z.array(z.object({ area: int(), award: int() })),
      jackpot_award: int(),
    })
    .nullable(),
  server_seed_hash: z.string(),
  /** Shown once settled. */
  server_seed: z.string().nullable(),
  public_seed: z.string().nullable(),
  beacon_round: int().nullable(),
  beacon_url: z.string().nullable(),
  /** The hash chain the round's seed belongs to: its public commitment and the seed's index. */
  chain: z.object({ id: int(), index: int(), terminal_hash: z.string() }),
  odds: z.array(turntableOddsEntry),
  /** Every area's return, this round's jackpot feed as a share of the stakes and the long-run return, exact. */
  rtp: z.object({ area: fraction, jackpot: fraction, long_run: fraction }),
});
export type TurntableRoomInfo = z.infer<typeof turntableRoomInfo>;

export const turntableBetResponse = z.object({
  round_id: int(),
  selfbets: z.array(z.object({ area: int(), amount: int() })),
  /** The coin balance after the bet. */
  balance: int(),
});
export type TurntableBetResponse = z.infer<typeof turntableBetResponse>;

export const turntableRecordQuery = z.object({
  page_no: z.coerce.number().int().min(0).max(10_000).default(0),
  page_size: z.coerce.number().int().min(1).max(TURNTABLE_RECORD_PAGE).default(TURNTABLE_RECORD_PAGE),
});

export const turntableUserRecord = z.object({
  round_id: int(),
  created_at: int(),
  /** Null while the round is not settled. */
  out_icon: int().nullable(),
  inner_icon: int().nullable(),
  staked: int(),
  won: int(),
  jackpot: int(),
  jackpot_feed_bp: jackpotFeedBp,
  details: z.array(z.object({ area: int(), amount: int(), award: int() })),
});
export const turntableRecordResponse = z.object({ list: z.array(turntableUserRecord), total: int() });
export type TurntableRecordResponse = z.infer<typeof turntableRecordResponse>;

export const turntableJackpotRecord = z.object({
  round_id: int(),
  settled_at: int(),
  inner_icon: int(),
  award: int(),
  jackpot_feed_bp: jackpotFeedBp,
  winners: z.array(z.object({ user_id: int(), nick_name: z.string(), avatar: z.string(), amount: int() })),
});
export const turntableJackpotResponse = z.object({ list: z.array(turntableJackpotRecord), jackpot: int() });
export type TurntableJackpotResponse = z.infer<typeof turntableJackpotResponse>;

export const turntableRoundQuery = z.object({ round_id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const turntableRoundResponse = z.object({
  round_id: int(),
  state: z.string(),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(),
  /** The beacon value drawn with: the first round published after `closed_at`, and where to look it up. */
  public_seed: z.string().nullable(),
  beacon_round: int().nullable(),
  beacon_url: z.string().nullable(),
  /** Bets were taken until this time (epoch ms), and betting was closed at `closed_at` (null before). */
  bets_close_at: int(),
  closed_at: int().nullable(),
  chain: z.object({ id: int(), index: int(), terminal_hash: z.string() }),
  out_icon: int().nullable(),
  inner_icon: int().nullable(),
  settled_at: int().nullable(),
  jackpot_feed_bp: jackpotFeedBp,
});
export type TurntableRoundResponse = z.infer<typeof turntableRoundResponse>;

export const turntableSettleSelf = z.object({ round_id: int(), staked: int(), won: int(), jackpot: int() });
export type TurntableSettleSelf = z.infer<typeof turntableSettleSelf>;
export const turntableBetEvent = z.object({
  round_id: int(),
  areas: z.array(z.object({ area: int(), amount: int(), users: int() })),
});
export type TurntableBetEvent = z.infer<typeof turntableBetEvent>;
