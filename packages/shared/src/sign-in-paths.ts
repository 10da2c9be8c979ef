/**
 * Where the daily sign-in (每日签到) and the activity centre's admin API live, paths relative to
 * /api (the spec names the feature but gives no calls: ours follow its naming, documented in
 * docs/promotions/sign-in.md), and the constants the screens need. Apart from the schemas in
 * sign-in.ts.
 */
export const SIGN_IN_PATHS = {
  /** GET → signInInfoResponse: the player's current 7-day cycle, streak and today's state. */
  info: '/promotion/v1/sign-in/get-info',
  /** POST {} → signInResponse: signs the player in for today (China time) and pays its reward. */
  sign: '/promotion/v1/sign-in/sign',
} as const;

/** The admin API of the sign-in rewards and the activity list (role admin). */
export const ADMIN_SIGN_IN_PATHS = {
  /** GET → adminSignInRewardsResponse: the 7 days' rewards and the cost of a full cycle. */
  rewards: '/admin/v1/sign-in/rewards',
  /** POST {days: 7 rows, reason} → adminSignInRewardsResponse. */
  updateRewards: '/admin/v1/sign-in/update-rewards',
  /** GET → {list}: every activity row, past, running, upcoming and disabled. */
  activities: '/admin/v1/activities/list',
  /** POST adminActivityInput → the activity. */
  createActivity: '/admin/v1/activities/create',
  /** POST {id, …fields to change, reason} → the activity. */
  updateActivity: '/admin/v1/activities/update',
} as const;

/** Days in a sign-in cycle: day 7 is the big one, the day after it starts a new cycle at day 1. */
export const SIGN_IN_CYCLE_DAYS = 7;

/** The transfer kind of every sign-in reward (points and coins). */
export const SIGN_IN_KIND = 'sign_in';

/** Where the sign-in calendar lives: under /activity, so the footer is hidden (spec 2 §2). */
export const SIGN_IN_ROUTE = '/activity/signIn';
