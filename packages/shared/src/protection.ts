import { z } from 'zod';
import { RANKING_UTC_OFFSET_MS } from './promotion.ts';

/**
 * Player protection (issue 24 §2): the tools a player uses to stay in control of their play.
 * Paths are relative to /api; docs/player-protection.md describes each.
 */
export const PROTECTION_PATHS = {
  /**
   * GET ?kind=recharges|openings|coins → a CSV file (text/csv, UTF-8 with a BOM), not an envelope:
   * every recharge order, box opening or coin movement of the player, oldest first. A refusal
   * (no login, a bad kind) is the usual envelope.
   */
  historyExport: '/usercenter/v1/user/history-export',
} as const;

/** What a player can download: recharge orders, box openings, and every move of the coin balance. */
export const HISTORY_EXPORT_KINDS = ['recharges', 'openings', 'coins'] as const;
export type HistoryExportKind = (typeof HISTORY_EXPORT_KINDS)[number];

export const historyExportQuery = z.object({ kind: z.enum(HISTORY_EXPORT_KINDS) });
export type HistoryExportQuery = z.infer<typeof historyExportQuery>;

/** The file's name, from the kind and the China (UTC+8) calendar day of the download. */
export function historyExportFileName(kind: HistoryExportKind, nowMs: number): string {
  const day = new Date(nowMs + RANKING_UTC_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return `kaixiang-${kind}-${day}.csv`;
}

/* ------------------------------------------------------------------------------------------------
 * Limits, reality checks, cool-off and self-exclusion (issue 24 §2). Amounts are coin units
 * (1 unit = 0.0001 yuan, money.ts). Periods are China (UTC+8) calendar periods: the day from
 * 00:00, the week from Monday 00:00, the month from the 1st 00:00.
 * --------------------------------------------------------------------------------------------- */

export const PROTECTION_API = {
  /** GET → ProtectionView (login required). */
  view: '/usercenter/v1/user/protection',
  /** POST LimitsRequest → ProtectionView. A cut applies at once; a raise or a removal after 24 h. */
  limits: '/usercenter/v1/user/protection/limits',
  /** POST RealityCheckRequest → ProtectionView. 0 turns reminders off; applies at once. */
  realityCheck: '/usercenter/v1/user/protection/reality-check',
  /** POST {} → ProtectionView: the player has seen the reminder; play goes on for another interval. */
  realityAck: '/usercenter/v1/user/protection/reality-check/ack',
  /** POST CoolOffRequest → ProtectionView. Not reversible early. */
  coolOff: '/usercenter/v1/user/protection/cool-off',
  /** POST SelfExcludeRequest → ProtectionView. Not reversible early; reaches the ID's other accounts. */
  selfExclude: '/usercenter/v1/user/protection/self-exclude',
} as const;

export const LIMIT_FIELDS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

/** A raise (or a removal) of a limit waits this long; a cut applies at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
/** The largest limit a player may set: 10,000,000 yuan in units (anything above is "no limit"). */
export const LIMIT_MAX_UNITS = 100_000_000_000;
/** Reality check intervals a player may pick, in minutes (0: off). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 45, 60, 90, 120] as const;
/** A session ends after this long without a stake; the next stake starts a new one. */
export const PLAY_SESSION_IDLE_MS = 30 * 60 * 1000;
/** Cool-off lengths in days: 24 hours to 6 weeks. */
export const COOL_OFF_DAYS = [1, 3, 7, 14, 30, 42] as const;
/** Self-exclusion lengths in months: 6 months to 5 years. */
export const SELF_EXCLUDE_MONTHS = [6, 12, 24, 36, 60] as const;

/** Any number or null: the server checks the value (PROTECTION_LIMIT_INVALID), not the schema. */
const limitValue = z.number().nullable();
/**
 * The limits to change, each a number of units (0.01 to 10,000,000 yuan, whole cents) or null for
 * "no limit"; fields left out keep their value. Every field is checked before anything changes.
 */
export const limitsRequest = z.object({
  limits: z.object(
    Object.fromEntries(LIMIT_FIELDS.map((f) => [f, limitValue.optional()])) as {
      [K in LimitField]: z.ZodOptional<typeof limitValue>;
    },
  ),
});
export type LimitsRequest = z.infer<typeof limitsRequest>;

export const realityCheckRequest = z.object({
  minutes: z
    .number()
    .int()
    .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m)),
});
export type RealityCheckRequest = z.infer<typeof realityCheckRequest>;

export const coolOffRequest = z.object({
  days: z
    .number()
    .int()
    .refine((d) => (COOL_OFF_DAYS as readonly number[]).includes(d)),
});
export type CoolOffRequest = z.infer<typeof coolOffRequest>;

export const selfExcludeRequest = z.object({
  months: z
    .number()
    .int()
    .refine((m) => (SELF_EXCLUDE_MONTHS as readonly number[]).includes(m)),
});
export type SelfExcludeRequest = z.infer<typeof selfExcludeRequest>;

const limitsShape = z.object(
  Object.fromEntries(LIMIT_FIELDS.map((f) => [f, z.number().int().nullable()])) as {
    [K in LimitField]: z.ZodNullable<z.ZodNumber>;
  },
);
const usageShape = z.object(
  Object.fromEntries(LIMIT_FIELDS.map((f) => [f, z.number().int()])) as { [K in LimitField]: z.ZodNumber },
);

export const protectionView = z.object({
  /** The limits in force now (null: none). */
  limits: limitsShape,
  /** Raises and removals waiting for their 24 hours, each with the time it applies (ms). */
  pending: z.array(
    z.object({ field: z.enum(LIMIT_FIELDS), value: z.number().int().nullable(), effective_at: z.number().int() }),
  ),
  /**
   * This period's figures for each limit: deposits counted from paid and open recharge orders;
   * net loss = coins staked on play minus coins play paid back (payouts, refunds, item sales).
   */
  usage: usageShape,
  /** Reminder interval in minutes; 0 when off. */
  reality_check_minutes: z.number().int(),
  /** The session in progress (null when none: no stake in the last 30 minutes). */
  session: z
    .object({
      started_at: z.number().int(),
      /** When the next reminder is due (ms): a stake after it is refused until acknowledged. */
      next_check_at: z.number().int().nullable(),
      /** Coins staked minus coins paid back this session (may be negative: a net win). */
      net_spend: z.number().int(),
    })
    .nullable(),
  cool_off_until: z.number().int().nullable(),
  excluded_until: z.number().int().nullable(),
  /** Server time of this answer (ms): the client counts down from it. */
  now: z.number().int(),
});
export type ProtectionView = z.infer<typeof protectionView>;

/**
 * Transfer kinds that put a player's coins into play: a net-loss limit counts them, and a
 * cool-off, an exclusion or a due reality check refuses them (db/functions/protection.sql
 * kx_protection_kind holds the same lists; a test compares them).
 */
export const PROTECTION_STAKE_KINDS = [
  'box_open',
  'battle_entry',
  'turntable_bet',
  'upgrade_stake',
  'treasure_card',
  'bag_open',
  'wishing_well',
] as const;
/** Transfer kinds through which play pays coins back: they lower the net loss. */
export const PROTECTION_RETURN_KINDS = [
  'battle_refund',
  'battle_consolation',
  'turntable_win',
  'turntable_jackpot',
  'treasure_refund',
  'lucky_award',
  'item_sell',
  'item_recycle',
  'item_auto_sell',
] as const;

/** The China (UTC+8) calendar periods a limit counts in: starts of the day, week (Monday) and month, epoch ms. */
export function protectionPeriods(nowMs: number): { day: number; week: number; month: number } {
  const local = new Date(nowMs + RANKING_UTC_OFFSET_MS);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return {
    day: day - RANKING_UTC_OFFSET_MS,
    week: day - sinceMonday * 86_400_000 - RANKING_UTC_OFFSET_MS,
    month: Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - RANKING_UTC_OFFSET_MS,
  };
}

/** The end of a self-exclusion of `months` calendar months from `nowMs` (clamped to the month's last day). */
export function addMonths(nowMs: number, months: number): number {
  const d = new Date(nowMs);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(
    target.getUTCFullYear(),
    target.getUTCMonth(),
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}
