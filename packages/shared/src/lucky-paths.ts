/**
 * Where the lucky player (幸运玩家, issue 21; spec 2 §2 /newYearActivity) lives, paths relative to
 * /api, and the constants the page, the overlay and the fairness page need. Apart from the schemas
 * in lucky.ts: a first load can name them without zod. The spec names no path for these calls;
 * they follow its promotion calls' style.
 */
export const LUCKY_PATHS = {
  /** GET: the window running now (its award and the odds) or the next one, and the server's time. */
  activity: '/promotion/v1/lucky/get-activity',
  /** GET ?page&page_size: the lucky players of the running (else the last) window, latest first. */
  players: '/promotion/v1/lucky/get-lucky-players',
} as const;

export const LUCKY_ADMIN_PATHS = {
  /** GET: every window, latest start first. POST {start_time, end_time, award, reason?}: schedules one. */
  windows: '/admin/v1/lucky/windows',
  /** POST {id, start_time, end_time, award, reason?}: changes one that has not ended. */
  update: '/admin/v1/lucky/windows/update',
  /** POST {id, reason?}: cancels one that has not started. */
  cancel: '/admin/v1/lucky/windows/cancel',
} as const;

/** The `game` part of the HMAC message of the lucky roll: "lucky:<clientSeed>:<nonce>:<cursor>". */
export const LUCKY_GAME = 'lucky';
/**
 * The odds, as the spec shows them (1/108): the lucky roll is a uniform integer in [0, 108) and
 * the opening's player is lucky when it is 0. Fixed, not operator data: the spec prints the figure.
 */
export const LUCKY_ODDS = 108;
/** The roll that makes a lucky player. */
export const LUCKY_WINNING_ROLL = 0;
/** The award's limits: whole fen (100 units) from ¥0.01 to ¥10,000. */
export const LUCKY_AWARD_MIN_UNITS = 100;
export const LUCKY_AWARD_MAX_UNITS = 100_000_000;
export const LUCKY_AWARD_STEP_UNITS = 100;
/** A window lasts at most this long. */
export const LUCKY_WINDOW_MAX_MS = 90 * 24 * 60 * 60 * 1000;
