/**
 * The console's Dashboard API (issue 23 "Dashboard"; ours: the spec names no admin calls). Today
 * (live) and the last 30 China days (from the daily rollups): deposits, new and active players,
 * each game's plays, turnover and what it gave back, gross gaming revenue, payment channels'
 * success, the realised RTP of the public page beside the published one, and the retrieval
 * queue's health. Paths are relative to /api; amounts in units (1/10000 yuan); times epoch ms.
 * Asks `dashboard.read`. docs/console/dashboard.md says where each figure comes from.
 */
import { z } from 'zod';
import { OFFER_STATES } from './inventory.ts';
import { rtpResponse } from './transparency.ts';

export const ADMIN_DASHBOARD_PATHS = {
  /** GET: the whole dashboard. */
  overview: '/admin/v1/dashboard',
} as const;

/** Days of history beside today. */
export const DASHBOARD_DAYS = 30;

/** The games whose stakes the dashboard counts; roll rooms take no stake and are left out. */
export const DASHBOARD_GAMES = ['box', 'battle', 'turntable', 'upgrade', 'card_grab'] as const;
export type DashboardGame = (typeof DASHBOARD_GAMES)[number];

const int = () => z.number().int();

export const dashboardGameDay = z.object({
  game: z.enum(DASHBOARD_GAMES),
  /** Openings, battle entries, turntable bets, upgrades, cards bought. */
  n: int(),
  /** What players staked, less refunds. */
  turnover: int(),
  /** What the game gave back: coins, and the value of the items it awarded. */
  won: int(),
});
export type DashboardGameDay = z.infer<typeof dashboardGameDay>;

export const dashboardDay = z.object({
  /** 'YYYY-MM-DD', China time. */
  day: z.string(),
  /** True for today, read live; the other days come from the rollup. */
  live: z.boolean(),
  /** Recharges paid (coins credited by `recharge`). */
  deposits: z.object({ n: int(), amount: int() }),
  new_players: int(),
  /** Players with a money movement of their own that day, or an upgrade. */
  active_players: int(),
  games: z.array(dashboardGameDay),
  /** Σ turnover − won over the games. */
  ggr: int(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardChannel = z.object({
  pay_mode: z.string(),
  /** Orders created today and how many of them are paid. */
  today: z.object({ created: int(), paid: int() }),
  /** The same over the 30 days before today. */
  window: z.object({ created: int(), paid: int() }),
});
export type DashboardChannel = z.infer<typeof dashboardChannel>;

export const dashboardRetrievals = z.object({
  by_state: z.record(z.enum(OFFER_STATES), int()),
  /** When the oldest offer still waiting was created; null when none waits. */
  oldest_pending_at: int().nullable(),
  /** Offers declined or failed in the last 24 hours. */
  failures_24h: int(),
});
export type DashboardRetrievals = z.infer<typeof dashboardRetrievals>;

export const dashboardResponse = z.object({
  computed_at: int(),
  /** Oldest first, today last; a past day the rollup has not reached yet is absent. */
  days: z.array(dashboardDay),
  /** The first day of the window ('YYYY-MM-DD'): the charts' axis runs from it to today. */
  from_day: z.string(),
  channels: z.array(dashboardChannel),
  /** The public realised-RTP page's latest snapshot (docs/transparency.md), in the caller's language. */
  rtp: rtpResponse,
  retrievals: dashboardRetrievals,
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
