/**
 * Paths, routes and socket events of the boards and events (issue 25; contract in boards.ts), kept
 * apart from zod so the shell can name the routes and events without loading the schemas.
 */
export const BOARDS_PATHS = {
  /** GET royalQuery → boardView. No login needed (`me` is filled when logged in). */
  royal: '/promotion/v1/boards/royal',
  /** GET kingQuery → kingView. No login needed. */
  king: '/promotion/v1/boards/king',
  /** GET → pkPowerView: the running activity, else the next, else the last ended. No login needed. */
  pkPower: '/promotion/v1/boards/pk-power',
} as const;

/** The admin API (permission promotions.manage; every change audited). */
export const ADMIN_BOARDS_PATHS = {
  /** GET → adminBoardSettings. */
  settings: '/admin/v1/boards/settings',
  /** POST adminBoardSettingsInput → adminBoardSettings (the whole list replaced). */
  saveSettings: '/admin/v1/boards/save-settings',
  /** GET adminClosuresQuery → adminClosuresResponse: closed periods, newest first, with what they paid. */
  closures: '/admin/v1/boards/closures',
  /** GET → adminPkPowerEventsResponse. */
  pkPowerEvents: '/admin/v1/boards/pk-power/events',
  /** POST adminPkPowerEventInput → adminPkPowerEvent. */
  createPkPowerEvent: '/admin/v1/boards/pk-power/create',
  /** POST adminPkPowerEventUpdate → adminPkPowerEvent (an event that has ended cannot change). */
  updatePkPowerEvent: '/admin/v1/boards/pk-power/update',
} as const;

/** The player's pages (lazily loaded). The spec names vipUnpackingKing; the other two are ours. */
export const BOARDS_ROUTES = {
  royal: '/ranking',
  king: '/vipUnpackingKing',
  pkPower: '/activity/pkPower',
} as const;

/** Socket events (spec 2 §7): a broadcast on the site room and notices on the winner's user room. */
export const BOARDS_EVENTS = {
  /** Site room, during a PK power activity: a player made a battle room (pkPowerCreateRoom). */
  pkPowerCreateRoom: 'act_pkpower_create_room',
  /** User room: the player won a PK power prize (rewardNotice). Shown for REWARD_NOTICE_MS. */
  pkPowerRewardNotice: 'act_pkpower_reward_notice',
  /** User room: the player won a ranking or unpacking king prize (rewardNotice). */
  rankingRewardNotice: 'ranking_reward_notice',
  /** Site room: today's unpacking king (either crown) changed hands or score ({period_key}); read the king again. */
  kingChange: 'king_change',
} as const;

/** How long a reward notice stays on screen (spec 2 §7: 15 s). */
export const REWARD_NOTICE_MS = 15_000;
