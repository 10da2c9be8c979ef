/**
 * Realtime socket protocol at /connect (spec 1 §4, §7; spec 2 §7). Every frame is JSON
 * `{type, data}`. Frames that belong to a room also carry `room` and `seq`: the room's sequence
 * number, increasing by one per event, so a client that sees a gap refetches the room state.
 */
export const SOCKET_PATH = '/connect';
export const HEARTBEAT_INTERVAL_MS = 10_000;
export const PONG_TIMEOUT_MS = 10_000;
export const RECONNECT_DELAY_MS = 2_000;
export const START_POLL_MS = 500;

/** Client → server. */
export type ClientFrame =
  | { type: 'LOGIN'; data: { token: string; user_id: number | string } }
  | { type: 'JOIN'; data: { room: string } }
  | { type: 'LEAVE'; data: { room: string } }
  | { type: 'PING'; data?: unknown };

/** Server → client frames the shell understands; games add their own types. */
export type ServerFrame =
  | { type: 'PONG'; data: { time: number } }
  | { type: 'ERR'; data: { msg: string; code?: string } }
  | { type: 'LOGIN'; data: { user_id: number; ok: true } }
  | { type: 'JOIN'; data: { room: string; seq: number } }
  | { type: 'pyUserInfo'; data: { clientID: string; isGuest: boolean } }
  | RoomFrame;

export interface RoomFrame<T = unknown> {
  type: string;
  data: T;
  room: string;
  seq: number;
}

/** Text the client ignores silently (spec 1 §8: ERR shows its text unless it is this). */
export const ERR_NOT_LOGGED_IN = 'user not login';

/** Rooms every connection is in without asking: site-wide broadcasts (tickers, counts). */
export const SITE_ROOM = 'site';

export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/**
 * Public rooms a client may JOIN. `user:{id}` is checked separately (only that user). Anything
 * else is refused so a client cannot subscribe to internal channels.
 */
export const PUBLIC_ROOM_PATTERNS: readonly RegExp[] = [
  /^site$/,
  /^roulette:hall$/,
  /^battle:hall$/,
  /^battle:[1-9]\d{0,15}$/,
  /^roll:hall$/,
  /^roll:[1-9]\d{0,15}$/,
  // Card grabbing (夺宝) talks on treasure:* (TREASURE_HALL_ROOM, treasureRoom).
  /^treasure:hall$/,
  /^treasure:[1-9]\d{0,15}$/,
  // The red-packet rain's countdown and progress (RAIN_HALL_ROOM).
  /^rain:hall$/,
];

export type RoomAccess = 'public' | 'own-user' | 'other-user' | 'unknown';

export function roomAccess(room: string, userId: number | null): RoomAccess {
  // Ids are canonical (no leading zeros, within safe integers) so one room has one name.
  const m = /^user:([1-9]\d{0,15})$/.exec(room);
  if (m) return userId !== null && Number(m[1]) === userId ? 'own-user' : 'other-user';
  return PUBLIC_ROOM_PATTERNS.some((p) => p.test(room)) ? 'public' : 'unknown';
}

/** Socket events published on the site room. */
export const SITE_EVENTS = {
  rewardHistory: 'reward_history',
  openRooms: 'open_rooms',
  notice: 'notice',
} as const;
