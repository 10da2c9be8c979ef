import { z } from 'zod';
import { recordId } from './record-id.ts';
import { SIGN_IN_CYCLE_DAYS } from './sign-in-paths.ts';

/**
 * Contract of the daily sign-in (每日签到) and of the activity list's admin API
 * (docs/promotions/sign-in.md). Coins are in units (1/10000 yuan); points are whole points (the
 * `point` ledger currency counts one unit per point).
 */
export { ADMIN_SIGN_IN_PATHS, SIGN_IN_CYCLE_DAYS, SIGN_IN_PATHS, SIGN_IN_ROUTE } from './sign-in-paths.ts';

const int = () => z.number().int();

/** What one day of the cycle pays. */
export const signInReward = z.object({
  day: int().min(1).max(SIGN_IN_CYCLE_DAYS),
  points: int().min(0),
  /** Coin units. */
  coins: int().min(0),
  bag_count: int().min(0),
  /** The lucky bag campaign's name in the request's language, or '' without bags. */
  bag_name: z.string(),
});
export type SignInReward = z.infer<typeof signInReward>;

/** A day of the current cycle: signed (with its China date), today's, or still ahead. */
export const signInDay = signInReward.extend({
  state: z.enum(['signed', 'today', 'ahead']),
});
export type SignInDay = z.infer<typeof signInDay>;

export const signInInfoResponse = z.object({
  /** Today's China date, YYYY-MM-DD. */
  today: z.string(),
  signed_today: z.boolean(),
  /** Consecutive days signed up to today (or yesterday, when today is not signed yet); 0 when broken. */
  streak: int().min(0),
  /** The cycle day today's sign-in pays (1–7): signed already, or the one it would pay. */
  cycle_day: int().min(1).max(SIGN_IN_CYCLE_DAYS),
  days: z.array(signInDay).length(SIGN_IN_CYCLE_DAYS),
  /** The player's points. */
  points: int(),
  /** When the next China day starts (epoch ms): the next sign-in opens then. */
  next_day_at: int(),
  server_time: int(),
});
export type SignInInfoResponse = z.infer<typeof signInInfoResponse>;

export const signInRequest = z.object({}).strict().default({});

export const signInResponse = z.object({
  today: z.string(),
  cycle_day: int(),
  streak: int(),
  reward: signInReward,
  /** Balances after the reward: points, and coins (units). */
  points: int(),
  money: int(),
});
export type SignInResponse = z.infer<typeof signInResponse>;

// ---- admin: the reward table -------------------------------------------------------------------

/** At most 1,000,000 points, ¥10,000 in coins and 10 bags a day: more is a typo, not a reward. */
export const SIGN_IN_MAX_POINTS = 1_000_000;
export const SIGN_IN_MAX_COIN_UNITS = 100_000_000;
export const SIGN_IN_MAX_BAGS = 10;

const reason = z.string().trim().max(200).default('');

export const adminSignInDayInput = z.object({
  day: int().min(1).max(SIGN_IN_CYCLE_DAYS),
  points: int().min(0).max(SIGN_IN_MAX_POINTS).default(0),
  coins: int().min(0).max(SIGN_IN_MAX_COIN_UNITS).default(0),
  bag_campaign_id: recordId.nullable().default(null),
  bag_count: int().min(0).max(SIGN_IN_MAX_BAGS).default(0),
});

/** The whole table at once: days 1–7, each once (the server checks it and that each pays something). */
export const adminSignInRewardsInput = z.object({
  days: z.array(adminSignInDayInput).min(1).max(SIGN_IN_CYCLE_DAYS),
  reason,
});
export type AdminSignInRewardsInput = z.infer<typeof adminSignInRewardsInput>;

export const adminSignInDay = z.object({
  day: int(),
  points: int(),
  coins: int(),
  bag_campaign_id: z.number().int().nullable(),
  bag_count: int(),
  /** The campaign's expected value per bag (coin units), 0 without bags. */
  bag_ev: int(),
  updated_at: int(),
});

export const adminSignInRewardsResponse = z.object({
  days: z.array(adminSignInDay),
  /**
   * What one player who signs in every day of a full cycle costs: the points, the coins, the bags
   * and their expected value, and coins plus that value (coin units).
   */
  cycle_cost: z.object({ points: int(), coins: int(), bags: int(), bag_ev: int(), coins_total: int() }),
  /** Players who signed in on each of the last 7 China days (most recent first), and their rewards paid. */
  recent: z.array(z.object({ day: z.string(), players: int(), points: int(), coins: int(), bags: int() })),
});
export type AdminSignInRewardsResponse = z.infer<typeof adminSignInRewardsResponse>;

// ---- admin: the activity list ------------------------------------------------------------------

const title = z.string().trim().max(60);
const rules = z.string().trim().max(2_000);
const epochMs = int().min(0).max(8_640_000_000_000_000);
/** A page of the site ("/activity/signIn") or an outside address (opened in a new window, spec 1 §2). */
const activityPath = z
  .string()
  .trim()
  .max(300)
  .regex(/^(\/|https?:\/\/)\S*$/);

const activityFields = {
  title_zh_cn: title.min(1),
  title_zh_tw: title.default(''),
  title_en: title.default(''),
  rules_zh_cn: rules.default(''),
  rules_zh_tw: rules.default(''),
  rules_en: rules.default(''),
  img: z.string().trim().max(300).default(''),
  path: activityPath,
  start_at: epochMs,
  end_at: epochMs,
  sort: int().min(-1000).max(1000).default(0),
  enabled: z.boolean().default(true),
};

export const adminActivityInput = z.object({ ...activityFields, reason });
export type AdminActivityInput = z.infer<typeof adminActivityInput>;

export const adminActivityUpdate = z.object({
  id: recordId,
  title_zh_cn: activityFields.title_zh_cn.optional(),
  title_zh_tw: title.optional(),
  title_en: title.optional(),
  rules_zh_cn: rules.optional(),
  rules_zh_tw: rules.optional(),
  rules_en: rules.optional(),
  img: z.string().trim().max(300).optional(),
  path: activityPath.optional(),
  start_at: epochMs.optional(),
  end_at: epochMs.optional(),
  sort: activityFields.sort.optional(),
  enabled: z.boolean().optional(),
  reason,
});
export type AdminActivityUpdate = z.infer<typeof adminActivityUpdate>;

export const adminActivity = z.object({
  id: int(),
  title_zh_cn: z.string(),
  title_zh_tw: z.string(),
  title_en: z.string(),
  rules_zh_cn: z.string(),
  rules_zh_tw: z.string(),
  rules_en: z.string(),
  img: z.string(),
  path: z.string(),
  start_at: int(),
  end_at: int(),
  sort: int(),
  enabled: z.boolean(),
  /** What players see now: running, upcoming (listed, not started), ended, or off (disabled). */
  state: z.enum(['running', 'upcoming', 'ended', 'off']),
  updated_at: int(),
});
export type AdminActivity = z.infer<typeof adminActivity>;
export const adminActivitiesResponse = z.object({ list: z.array(adminActivity) });
