/**
 * Where the battle (竞技场) API lives, paths relative to /api (spec 2 §7 goods/v1/pk/*), and its
 * socket rooms. Apart from the schemas in battles.ts: a first load can name them without zod.
 */
export const BATTLE_PATHS = {
  /** GET ?room_state: the hall (waiting and running rooms, newest first, at most BATTLE_LIST_MAX). */
  list: '/goods/v1/pk/get-room-list',
  /** GET ?room_id: one room's snapshot and the server's time. */
  room: '/goods/v1/pk/get-room-data',
  /** GET ?page&page_size: the rooms the player sat in. */
  ownRecord: '/goods/v1/pk/own-record',
  /** GET: the robots a creator may seat. */
  robots: '/goods/v1/pk/get-robot-list',
  /** GET: the boxes a battle may use, the box limit, seats and modes (the spec's create-rule "boxs"). */
  createRule: '/goods/v1/pk/get-create-rule',
  /** POST {box_ids, user_num, game_mode, rule}. */
  create: '/goods/v1/pk/create-room',
  /** POST {room_id, seat?}. */
  join: '/goods/v1/pk/join-room',
  /** POST {room_id, seat?}: the creator seats a robot. */
  addRobot: '/goods/v1/pk/add-robot',
  /** POST {room_id}: the creator dissolves a waiting room; everyone seated is refunded. */
  dissolve: '/goods/v1/pk/dissolve-room',
  /** GET: the emoticons; POST {room_id, emoticon_id}: a seated player shows one to the room. */
  emoticon: '/goods/v1/pk/emoticon',
  /** GET: the latest ended battles, newest first (BATTLE_REPORT_MAX). */
  realTimeResult: '/goods/v1/pk/real-time-result',
  /** GET: the report, the most valuable battles of the last 24 hours won by players (BATTLE_REPORT_MAX). */
  report: '/goods/v1/pk/report',
} as const;

/** Socket rooms: every room's own events, and the hall's (the list screen). */
export const BATTLE_HALL_ROOM = 'battle:hall';
export const battleRoom = (roomId: number) => `battle:${roomId}`;

/** Socket event names (spec 2 §7 broadcasts), on the room and, for the first four, the hall. */
export const BATTLE_EVENTS = {
  create: 'create_room',
  join: 'join_room',
  start: 'battle_start',
  end: 'battle_end',
  round: 'round_start',
  dissolve: 'dissolve_room',
  emoticon: 'send_emoticon',
} as const;

/**
 * A room's number of watchers (sockets in `battle:{id}` on every process), sent to the room when it
 * changes, at most about once a second: {watch_cnt}. Not a move of the room: no refetch.
 */
export const WATCH_COUNT_EVENT = 'watchCnt';

/** Sent to the hall when a battle has ended and the results lists changed ({room_id}): refetch them. */
export const BATTLE_RESULT_EVENT = 'pk_result_time_result';
