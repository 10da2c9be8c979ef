/**
 * Where the red-packet rain (红包雨, issue 21) API lives, paths relative to /api, and its socket
 * room and events (spec 2 §7: rpRedPacketRain, rpRedPacketRainAll, red_packet_round_notice).
 * Apart from the schemas in rain.ts: the shell's countdown names them without zod.
 */
export const RAIN_PATHS = {
  /**
   * GET: the spec's red packet rain info — status (1 upcoming, 2 running), the interval list
   * (start_time, end_time), system_time, complete, userComplete — and the current round. Open to
   * visitors (the countdown shows on every page).
   */
  info: '/promotion/v1/red-packet-rain/info',
  /** POST {round_id}: grab one packet of the running round (the spec's grab-red-packet). Login. */
  grab: '/promotion/v1/grab-red-packet',
  /** GET ?page&page_size: the player's grabs, newest first (the spec's blessing-bag red-packet-record). Login. */
  record: '/promotion/v1/blessing-bag/red-packet-record',
  /** GET ?round_id: one round for /fairness — commitments, and once ended the seed, list and grab order. */
  round: '/promotion/v1/red-packet-rain/round',
} as const;

/** The admin API of the rain (role admin; every change in the audit log). */
export const RAIN_ADMIN_PATHS = {
  /** GET: every schedule, with its next windows. */
  schedules: '/admin/v1/rain/schedules',
  /** POST a schedule (no id: a new one). */
  saveSchedule: '/admin/v1/rain/schedules/save',
  /** POST {id, enabled, reason?}: turn a schedule on or off (rounds already made keep their window). */
  enableSchedule: '/admin/v1/rain/schedules/enable',
  /** POST {round_id, reason?}: cancel a round that has not opened yet. */
  cancelRound: '/admin/v1/rain/rounds/cancel',
  /** GET ?page&page_size: every round made, newest window first, with what it paid. */
  rounds: '/admin/v1/rain/rounds',
} as const;

/** The socket room every page joins for the countdown. */
export const RAIN_HALL_ROOM = 'rain:hall';

export const RAIN_EVENTS = {
  /** On the hall: {round_id, start_time, end_time, count}: a round starts soon. */
  notice: 'red_packet_round_notice',
  /**
   * On the hall: {kind: 'open' | 'progress' | 'close', round_id, remaining, count, …}: a round
   * opened, its packets left (at most a few frames a second), or it closed. Refetch info on open,
   * close or a gap.
   */
  all: 'rpRedPacketRainAll',
  /** To the grabber's own room: {round_id, index, amount}: their packet. */
  self: 'rpRedPacketRain',
} as const;

/** The spec's status: 1 upcoming, 2 running. */
export const RAIN_STATUS = { upcoming: 1, running: 2 } as const;

/** The red envelope's animation, in frames (spec 2 §9). */
export const RAIN_ENVELOPE_FRAMES = 47;
