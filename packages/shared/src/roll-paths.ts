/**
 * Where the roll room (ROLL房) API lives, paths relative to /api exactly as spec 2 §7 lists them
 * (POST roll-room/create-room, is-open-award; site/v1/get-roll-rooms, …), and its socket rooms and
 * events. Apart from the schemas in roll.ts: a first load can name them without zod.
 */
export const ROLL_PATHS = {
  /** POST {title, description?, draw_at, password?, item_ids?, min_recharge?, recharge_days?, min_vip?, invited_only?}: an anchor's room. */
  create: '/roll-room/create-room',
  /** POST {room_id}: has the room been drawn (开奖)? Asked when the countdown ends. */
  isOpenAward: '/roll-room/is-open-award',
  /** GET: may the signed-in player create a room, and the limits of the create dialog (ours). */
  createRule: '/roll-room/get-create-rule',
  /** GET ?state (1 ongoing, 2 joined by me — signed in, 3 ended)&page&page_size: the hall's tabs. */
  list: '/site/v1/get-roll-rooms',
  /** GET ?room_id: one room, its conditions, fairness facts and the viewer's own standing. */
  info: '/site/v1/get-roll-room-info',
  /** GET ?room_id: the prizes in draw order, each with its winner once drawn. */
  items: '/site/v1/get-roll-room-items',
  /** GET ?room_id&page&page_size: the players, newest first. */
  users: '/site/v1/get-roll-room-users',
  /** GET ?room_id: the draw — winners, rolls, the entrant list and seeds (empty before the draw). */
  reward: '/site/v1/get-roll-room-reward',
  /** POST {room_id, password?}: join, free. */
  join: '/site/v1/join-roll-room',
  /** GET ?page&page_size: the rooms the signed-in player joined, newest first (what state 2 lists). */
  selfJoin: '/site/v1/get-self-join-roll-room',
} as const;

/** Socket rooms: every room's own events, and the hall's (the list screen). */
export const ROLL_HALL_ROOM = 'roll:hall';
export const rollRoom = (roomId: number) => `roll:${roomId}`;

/** Socket events. Those made by a room's transitions carry {room_id, room_seq}: a gap means refetch. */
export const ROLL_EVENTS = {
  /** Hall: a room was made {room_id}. */
  create: 'roll_create',
  /** Room: a player joined {room_id, user_id, nick_name, avatar, vip_level} (no room_seq: joins do not move the room). */
  join: 'roll_join',
  /** Room and hall: entries closed, the draw waits for the beacon {room_id, closed_at}. */
  close: 'roll_close',
  /** Room and hall: drawn {room_id, winners: [{prize, user_id}], returned}. Refetch. */
  end: 'roll_end',
  /** To a winner's own room user:{id}: {room_id, title, prize}. A mail follows. */
  win: 'roll_win',
} as const;

/** A room's state as answers number it. */
export const ROLL_STATE = { open: 1, drawing: 2, ended: 3 } as const;
/** The hall's tabs (spec 2 §3 "Roll states: ongoing, joined by me, ended"). */
export const ROLL_TABS = { ongoing: 1, joined: 2, ended: 3 } as const;
export const ROLL_PAGE_SIZE = 12;
