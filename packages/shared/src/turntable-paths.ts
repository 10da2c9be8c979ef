/**
 * Where the turntable (转盘) API lives, paths relative to /api, and its socket rooms and events
 * (spec 2 §7: JOIN roulette:hall; inbound bet_start, bet, settle, settle_self). The spec's
 * outgoing GAME messages (user_bet, user_record, user_jackpot_record) are served over signed HTTP,
 * as the battles' are (docs/games/battles.md). Apart from the schemas in turntable.ts: a first load
 * can name them without zod.
 */
export const TURNTABLE_PATHS = {
  /** GET: the spec's room_info — the current round, areas, own bets, history, miss counts, jackpot. */
  roomInfo: '/roulette/v1/room-info',
  /** POST {bets: [{area, amount}], bet_id?}: the spec's user_bet. */
  bet: '/roulette/v1/user-bet',
  /** GET ?page_no&page_size (30): the player's own rounds (the spec's user_record). */
  userRecord: '/roulette/v1/user-record',
  /** GET: the latest jackpot wins (the spec's user_jackpot_record). */
  jackpotRecord: '/roulette/v1/user-jackpot-record',
  /** GET ?round_id: one settled round with everything needed to verify it (the fairness page). */
  round: '/roulette/v1/round',
} as const;

/** The socket room every visitor of the turntable screen joins. */
export const TURNTABLE_HALL_ROOM = 'roulette:hall';

/** Socket events: on the hall, and settle_self on the bettor's own user room. */
export const TURNTABLE_EVENTS = {
  /** A round opened: {round_id, server_seed_hash, bets_close_at}. Refetch room-info. */
  betStart: 'bet_start',
  /** Area totals changed: {round_id, areas: [{area, amount, users}]} — totals, never smaller than before. */
  bet: 'bet',
  /** The round settled: {round_id, out_icon, inner_icon}. Refetch room-info. */
  settle: 'settle',
  /** To the bettor only: {round_id, staked, won, jackpot}. */
  settleSelf: 'settle_self',
} as const;
