import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One box opened: one roll (the footer's open_box_num counts these rows, spec 1 §2). The roll's
 * public inputs are kept so anyone can recompute it once the seed is revealed.
 */
export const boxOpenings = pgTable(
  'box_openings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    boxId: integer('box_id').notNull(),
    itemDefId: integer('item_def_id').notNull(),
    /** The won item's price. */
    priceUnits: bigint('price_units', { mode: 'number' }).notNull(),
    /** box_open_requests.id; null for rows written by tests of the footer counts. */
    requestRowId: integer('request_row_id'),
    boxVersion: integer('box_version').notNull().default(1),
    boxPriceUnits: bigint('box_price_units', { mode: 'number' }).notNull().default(0),
    exter: smallint('exter').notNull().default(3),
    seedId: integer('seed_id'),
    /** The client seed the roll used (the player may change it while a seed pair is active). */
    clientSeed: text('client_seed').notNull().default(''),
    nonce: integer('nonce'),
    ticket: integer('ticket'),
    oddsHash: text('odds_hash').notNull().default(''),
    userItemId: integer('user_item_id'),
    /**
     * The lucky player's roll of this box (0..107; 0 made its player lucky) when it was opened
     * during a lucky window; null otherwise (docs/promotions/lucky.md).
     */
    luckyRoll: smallint('lucky_roll'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('box_openings_user_idx').on(t.userId, t.createdAt),
    index('box_openings_box_idx').on(t.boxId, t.id),
    index('box_openings_request_idx').on(t.requestRowId),
    // The last 30 days of openings, for the public realised-RTP page (docs/transparency.md).
    index('box_openings_created_idx').on(t.createdAt),
  ],
);

/**
 * The upgrade's targets (装备升级, issue 13; modules/upgrade): one catalogue item in one wear grade
 * at one price, the price a won item is worth (its user_items price). Seeded from the catalogue
 * at each item's typical grade, priced like box items; `show_rate` weights the screen's random
 * pick (spec 1 §3). A target taken off sale is refused; rows are never deleted (records name them).
 */
export const upgradeItems = pgTable(
  'upgrade_items',
  {
    id: serial('id').primaryKey(),
    itemDefId: integer('item_def_id').notNull(),
    exter: smallint('exter').notNull(),
    priceUnits: bigint('price_units', { mode: 'number' }).notNull(),
    showRate: integer('show_rate').notNull().default(100),
    onSale: boolean('on_sale').notNull().default(true),
  },
  (t) => [
    uniqueIndex('upgrade_items_item_uq').on(t.itemDefId, t.exter),
    index('upgrade_items_price_idx').on(t.priceUnits, t.id),
    check('upgrade_items_price_ck', sql`${t.priceUnits} > 0`),
    check('upgrade_items_show_rate_ck', sql`${t.showRate} >= 0`),
  ],
);

/**
 * One upgrade rolled (the footer's upgrade_num counts these rows): the stake, the target as it
 * was, the chance and everything the fairness page needs to recompute the roll once the seed
 * pair is revealed (the pair's hash is fair_seeds.server_seed_hash of `seed_id`). Written by
 * kx_upgrade (db/functions/upgrade.sql) with the stake's consumption and the prize.
 */
export const upgradeRecords = pgTable(
  'upgrade_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** The client's id of this upgrade: a replay answers this row and rolls nothing. */
    requestId: text('request_id').notNull(),
    upgradeItemId: integer('upgrade_item_id').notNull(),
    targetItemDefId: integer('target_item_def_id').notNull(),
    targetExter: smallint('target_exter').notNull(),
    targetPriceUnits: bigint('target_price_units', { mode: 'number' }).notNull(),
    /** user_items ids staked, ascending; their prices then, in the same order. */
    stakeItemIds: integer('stake_item_ids').array().notNull(),
    stakeItemPrices: bigint('stake_item_prices', { mode: 'number' }).array().notNull(),
    stakeBalanceUnits: bigint('stake_balance_units', { mode: 'number' }).notNull(),
    /** The items' prices plus the balance. */
    stakeUnits: bigint('stake_units', { mode: 'number' }).notNull(),
    /** The chance used, ppm (roll < rate wins), and the rules it was quoted under. */
    ratePpm: integer('rate_ppm').notNull(),
    houseEdgePpm: integer('house_edge_ppm').notNull(),
    maxRatePpm: integer('max_rate_ppm').notNull(),
    seedId: integer('seed_id').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    roll: integer('roll').notNull(),
    success: boolean('success').notNull(),
    /** The won item's row; null when the upgrade failed. */
    userItemId: integer('user_item_id'),
    /** The balance stake's ledger transfer; null for a stake of items only. */
    transferId: bigint('transfer_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('upgrade_records_request_uq').on(t.userId, t.requestId),
    index('upgrade_records_user_idx').on(t.userId, t.id),
    // A player's upgrades of one day (daily tasks, docs/promotions/tasks.md).
    index('upgrade_records_user_time_idx').on(t.userId, t.createdAt),
    index('upgrade_records_target_idx').on(t.upgradeItemId, t.id),
    // The last 30 days of upgrades, for the public realised-RTP page (docs/transparency.md).
    index('upgrade_records_created_idx').on(t.createdAt),
    check('upgrade_records_rate_ck', sql`${t.ratePpm} between 1 and 999999`),
    // The outcome is the rule itself (packages/game upgradeWins): a row cannot say otherwise.
    check('upgrade_records_outcome_ck', sql`${t.success} = (${t.roll} < ${t.ratePpm})`),
    check('upgrade_records_stake_ck', sql`${t.stakeUnits} > 0 and ${t.stakeBalanceUnits} >= 0`),
  ],
);

/**
 * A room or round of a multiplayer game (docs/GAMES.md §1; battles, and the games after them):
 * a persisted state machine. `data` is the pure rules' state (packages/game/src/<game>.ts), JSON;
 * `state` mirrors its phase for queries; `seq` is the number of the last event the room
 * published; `due_at` its next deadline, run by the scheduler leader. Every command takes this
 * row's lock (`select … for update`): the row lock is the room's queue across processes.
 */
export const gameRooms = pgTable(
  'game_rooms',
  {
    id: serial('id').primaryKey(),
    /** 'battle', … */
    game: text('game').notNull(),
    state: text('state').notNull(),
    seq: integer('seq').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Revealed (shown) once the room has ended; its SHA-256 is public from the start. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    /** The public beacon's value mixed into the rolls, fixed after entries closed. */
    publicSeed: text('public_seed'),
    beaconRound: bigint('beacon_round', { mode: 'number' }),
    data: jsonb('data').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** What the room was worth once it ended (a battle: every item opened), for results lists. */
    valueUnits: bigint('value_units', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('game_rooms_game_state_idx').on(t.game, t.state, t.id),
    index('game_rooms_game_ended_idx').on(t.game, t.endedAt).where(sql`${t.endedAt} is not null`),
    index('game_rooms_due_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
  ],
);

/** Who sits in a room: one row per seat taken; a player sits once per room. */
export const gameRoomMembers = pgTable(
  'game_room_members',
  {
    roomId: integer('room_id').notNull(),
    seat: smallint('seat').notNull(),
    userId: integer('user_id').notNull(),
    robot: smallint('robot').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.seat] }),
    uniqueIndex('game_room_members_user_uq').on(t.roomId, t.userId),
    index('game_room_members_user_idx').on(t.userId, t.roomId),
    // The seats a player took on one day (daily tasks, docs/promotions/tasks.md).
    index('game_room_members_user_time_idx').on(t.userId, t.joinedAt),
  ],
);

/**
 * Seed hash chains (GAMES.md §4; the turntable): seed i = sha256hex(seed i+1), the last one
 * (`top_seed`, secret) drawn at random, `terminal_hash` = sha256hex(seed 0) published when the
 * chain is made. Rounds take seeds 0, 1, 2, … in order (`next_index`), so each round's seed hash is
 * the previous round's revealed seed and the whole chain was fixed before its first round.
 */
export const gameSeedChains = pgTable(
  'game_seed_chains',
  {
    id: serial('id').primaryKey(),
    game: text('game').notNull(),
    topSeed: text('top_seed').notNull(),
    length: integer('length').notNull(),
    terminalHash: text('terminal_hash').notNull(),
    nextIndex: integer('next_index').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('game_seed_chains_game_idx').on(t.game, t.id)],
);

/**
 * One player's stakes in one turntable round (one row however many bets: a bet locks and updates
 * it, so a player's bets in a round are served one after the other). `areas` is units per area
 * 0–14; `won` and `jackpot` are written by the round's settlement.
 */
export const turntableStakes = pgTable(
  'turntable_stakes',
  {
    roomId: integer('room_id').notNull(),
    userId: integer('user_id').notNull(),
    areas: bigint('areas', { mode: 'number' }).array().notNull(),
    totalUnits: bigint('total_units', { mode: 'number' }).notNull().default(0),
    entries: integer('entries').notNull().default(0),
    betIds: text('bet_ids').array().notNull(),
    wonUnits: bigint('won_units', { mode: 'number' }).notNull().default(0),
    jackpotUnits: bigint('jackpot_units', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('turntable_stakes_user_idx').on(t.userId, t.roomId),
    // The rounds a player bet in on one day (daily tasks, docs/promotions/tasks.md).
    index('turntable_stakes_user_time_idx').on(t.userId, t.createdAt),
    index('turntable_stakes_jackpot_idx').on(t.roomId).where(sql`${t.jackpotUnits} > 0`),
  ],
);

/**
 * One player's entry in one roll room (a free draw; modules/roll). Entries live beside the room,
 * not in its row: a room may take thousands, and a join holds the room only under a SHARE lock.
 * The primary key is "each player once", whatever two requests at the same moment saw.
 */
export const rollEntries = pgTable(
  'roll_entries',
  {
    roomId: integer('room_id').notNull(),
    userId: integer('user_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    // "Rooms I joined", newest first.
    index('roll_entries_user_idx').on(t.userId, t.roomId),
    // A room's players, newest first.
    index('roll_entries_room_time_idx').on(t.roomId, t.joinedAt),
  ],
);
