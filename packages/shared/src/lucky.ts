import { z } from 'zod';
import { pageQuery } from './wallet.ts';

/**
 * Contract of the lucky player (幸运玩家, issue 21): during an operator's window each box opening
 * has a published 1/108 chance, from its own provable roll, to make its player a lucky player,
 * with an award paid through the ledger in the opening's own statement. Amounts are integer units
 * (1/10000 yuan); times are epoch milliseconds.
 */
export {
  LUCKY_ADMIN_PATHS,
  LUCKY_AWARD_MAX_UNITS,
  LUCKY_AWARD_MIN_UNITS,
  LUCKY_AWARD_STEP_UNITS,
  LUCKY_GAME,
  LUCKY_ODDS,
  LUCKY_PATHS,
  LUCKY_WINDOW_MAX_MS,
  LUCKY_WINNING_ROLL,
} from './lucky-paths.ts';

const int = () => z.number().int();

/**
 * The lucky roll of one opened box, present when the box was opened during a window: `roll` in
 * [0, 108), and the award it paid (0 unless roll is 0).
 */
export const luckyMark = z.object({ roll: int(), award: int() });
export type LuckyMark = z.infer<typeof luckyMark>;

export const luckyWindow = z.object({
  id: int(),
  start_time: int(),
  end_time: int(),
  /** What one lucky opening pays, units. */
  award: int(),
});
export type LuckyWindow = z.infer<typeof luckyWindow>;

export const luckyActivityResponse = z.object({
  /** The window running now, or null. */
  current: luckyWindow.nullable(),
  /** The next window that has not started, or null when none is scheduled. */
  next: luckyWindow.nullable(),
  /** 108: the odds are 1 in this. */
  odds: int(),
  system_time: int(),
});
export type LuckyActivityResponse = z.infer<typeof luckyActivityResponse>;

export const luckyPlayersQuery = pageQuery;
export const luckyPlayer = z.object({
  id: int(),
  user_id: int(),
  nick_name: z.string(),
  avatar: z.string(),
  box_id: int(),
  box_name: z.string(),
  award: int(),
  created_at: int(),
});
export type LuckyPlayer = z.infer<typeof luckyPlayer>;
export const luckyPlayersResponse = z.object({
  /** The window the list is of (the running one, else the last that started), or null. */
  window_id: int().nullable(),
  list: z.array(luckyPlayer),
  total: int(),
});
export type LuckyPlayersResponse = z.infer<typeof luckyPlayersResponse>;

// The admin API (role admin; every change in the audit log).

const epochMs = z.number().int().min(0).max(8_640_000_000_000_000);
const reason = z.string().trim().max(200).default('');

export const luckyWindowInput = z.object({
  start_time: epochMs,
  end_time: epochMs,
  award: z.number().int(),
  reason,
});
export type LuckyWindowInput = z.infer<typeof luckyWindowInput>;
export const luckyWindowUpdate = luckyWindowInput.extend({ id: z.number().int().positive() });
export const luckyWindowCancel = z.object({ id: z.number().int().positive(), reason });

export const adminLuckyWindow = luckyWindow.extend({
  /** 'scheduled' | 'running' | 'ended' | 'cancelled' at the server's time. */
  status: z.enum(['scheduled', 'running', 'ended', 'cancelled']),
  lucky_count: int(),
  paid_units: int(),
  /** What the award adds to an opening's expected return: award / 108, units per opening. */
  expected_units_per_opening: z.number(),
  created_by: int(),
  created_at: int(),
  updated_at: int(),
});
export type AdminLuckyWindow = z.infer<typeof adminLuckyWindow>;
export const adminLuckyWindowsResponse = z.object({ list: z.array(adminLuckyWindow), system_time: int() });
