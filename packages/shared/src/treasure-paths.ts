/**
 * Where the card grabbing (夺宝) API lives, paths relative to /api exactly as spec 2 §7 lists them
 * (site/v1/get-treasure-list, …; treasure/my-cards, get-rewaed — the spec's spelling), and its
 * socket rooms and events. Apart from the schemas in treasure.ts: a first load can name them
 * without zod.
 */
export const TREASURE_PATHS = {
  /** GET ?page&page_size: treasures on sale or waiting for the draw (card state: ongoing). */
  list: '/site/v1/get-treasure-list',
  /** GET ?page&page_size: ended treasures (won or refunded), the latest first, with winners. */
  endList: '/site/v1/get-end-treasure-list',
  /** GET ?room_id&page&page_size: who grabbed which cards, newest first. */
  dynamic: '/site/v1/get-treasure-dynamic',
  /** GET ?room_id: one treasure, its cards sold and the viewer's own cards. */
  info: '/site/v1/get-treasure-info',
  /** GET ?room_id: an ended treasure's draw — winner, winning card, seeds, every card's holder. */
  endInfo: '/site/v1/get-end-treasure-info',
  /** POST {room_id, count}: grab the next `count` cards, paid at once. */
  join: '/site/v1/join-treasure',
  /** GET ?page&page_size: the treasures the signed-in player grabbed cards in, newest first. */
  selfJoin: '/site/v1/get-self-join-treasure',
  /** GET ?page&page_size: the signed-in player's cards, by treasure, with status 1/2/3. */
  myCards: '/treasure/my-cards',
  /** GET ?page&page_size: the treasures the signed-in player won (spelled as spec 2 §7 does). */
  reward: '/treasure/get-rewaed',
} as const;

export const TREASURE_HALL_ROOM = 'treasure:hall';
export const treasureRoom = (roomId: number) => `treasure:${roomId}`;

/** Socket events. Those made by a treasure's transitions carry {room_id, room_seq}: a gap means refetch. */
export const TREASURE_EVENTS = {
  /** Hall: a treasure was made. */
  create: 'treasure_create',
  /** Room and hall: cards grabbed {user_id, first, count, sold}. */
  grab: 'treasure_grab',
  /** Room and hall: every card sold {filled_at}; the draw waits for the beacon. */
  full: 'treasure_full',
  /** Room and hall: drawn {card, user_id}. */
  won: 'treasure_won',
  /** Room and hall: not full by the deadline, every card refunded. */
  refund: 'treasure_refund',
} as const;

/** A treasure as answers number it (spec 2 §3 "Card states: ongoing, ended"). */
export const TREASURE_STATE = { ongoing: 1, ended: 2 } as const;
/** A player's standing in a treasure (spec 2 §3 "Card room status"): 1 in progress, 2 won, 3 not won. */
export const TREASURE_CARD_STATUS = { inProgress: 1, won: 2, notWon: 3 } as const;
export const TREASURE_PAGE_SIZE = 12;
