import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Boards and events (issue 25; docs/promotions/boards.md). One row per player per board per
 * period: kept current by triggers on the game records in the game's own transaction
 * (db/functions/boards.sql), so a board is an index range read, never a scan of the records.
 * `board`: pk | cases | upgrade | king_value | king_multiple | pk_power | cup; `period`:
 * 'd:YYYY-MM-DD' (China day), 'w:YYYY-MM-DD' (the China week from that Monday), 'e:<event id>',
 * 't:<tournament id>'. Sum boards add to `score`; king boards keep the best (`ref_id` is the
 * box_openings row behind it). `reached_at` is when the score last grew: the tie-break.
 */
export const boardScores = pgTable(
  'board_scores',
  {
    board: text('board').notNull(),
    period: text('period').notNull(),
    userId: integer('user_id').notNull(),
    score: bigint('score', { mode: 'number' }).notNull(),
    plays: integer('plays').notNull().default(0),
    refId: bigint('ref_id', { mode: 'number' }),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.period, t.userId] }),
    // The board itself: the top rows of one period are the first entries of this index.
    index('board_scores_rank_idx').on(t.board, t.period, sql`${t.score} desc`, t.reachedAt, t.userId),
  ],
);

/**
 * A period whose prizes were paid: the row is inserted first in the close's transaction, so a
 * second close (another process, a restart, a late tick) finds it and pays nothing.
 */
export const boardClosures = pgTable(
  'board_closures',
  {
    board: text('board').notNull(),
    period: text('period').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.board, t.period] }), index('board_closures_time_idx').on(t.closedAt)],
);

/** What a close paid, one row per rank (ledger key board_prize:<board>:<period>:<rank>). */
export const boardPrizes = pgTable(
  'board_prizes',
  {
    board: text('board').notNull(),
    period: text('period').notNull(),
    rank: smallint('rank').notNull(),
    userId: integer('user_id').notNull(),
    score: bigint('score', { mode: 'number' }).notNull(),
    prizeUnits: bigint('prize_units', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.board, t.period, t.rank] }), index('board_prizes_user_idx').on(t.userId)],
);

/** The operator's prizes per calendar board and period kind (admin API, audited). */
export const boardSettings = pgTable(
  'board_settings',
  {
    board: text('board').notNull(),
    period: text('period').notNull(),
    enabled: boolean('enabled').notNull(),
    /** Coin units per rank from 1. */
    prizes: bigint('prizes', { mode: 'number' }).array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.board, t.period] })],
);

/**
 * A PK power activity (act_pkpower): battles that end inside [starts_at, ends_at) give their real
 * players power: `create_power` to the creator, `win_power` to each winner. Activities do not
 * overlap (the admin API refuses it), so a battle counts for at most one.
 */
export const pkPowerEvents = pgTable(
  'pk_power_events',
  {
    id: serial('id').primaryKey(),
    titleZhCn: text('title_zh_cn').notNull(),
    titleZhTw: text('title_zh_tw').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createPower: integer('create_power').notNull(),
    winPower: integer('win_power').notNull(),
    prizes: bigint('prizes', { mode: 'number' }).array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('pk_power_events_time_idx').on(t.startsAt, t.endsAt),
    check('pk_power_events_time_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A tournament of predictions (世界杯竞猜; any later tournament is another row). */
export const cupTournaments = pgTable('cup_tournaments', {
  id: serial('id').primaryKey(),
  titleZhCn: text('title_zh_cn').notNull(),
  titleZhTw: text('title_zh_tw').notNull().default(''),
  titleEn: text('title_en').notNull().default(''),
  rulesZhCn: text('rules_zh_cn').notNull().default(''),
  rulesZhTw: text('rules_zh_tw').notNull().default(''),
  rulesEn: text('rules_en').notNull().default(''),
  /** draft (not shown) | open | archived (shown, read only). */
  state: text('state').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One fixture with fixed odds (basis points; draw null when there is none) and, once entered, its result. */
export const cupFixtures = pgTable(
  'cup_fixtures',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id').notNull(),
    stageZhCn: text('stage_zh_cn').notNull().default(''),
    stageZhTw: text('stage_zh_tw').notNull().default(''),
    stageEn: text('stage_en').notNull().default(''),
    homeZhCn: text('home_zh_cn').notNull(),
    homeZhTw: text('home_zh_tw').notNull().default(''),
    homeEn: text('home_en').notNull().default(''),
    homeFlag: text('home_flag').notNull().default(''),
    awayZhCn: text('away_zh_cn').notNull(),
    awayZhTw: text('away_zh_tw').notNull().default(''),
    awayEn: text('away_en').notNull().default(''),
    awayFlag: text('away_flag').notNull().default(''),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
    oddsHomeBp: integer('odds_home_bp').notNull(),
    oddsDrawBp: integer('odds_draw_bp'),
    oddsAwayBp: integer('odds_away_bp').notNull(),
    maxStake: integer('max_stake').notNull(),
    /** home | draw | away | void; null until entered. */
    result: text('result'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cup_fixtures_tournament_idx').on(t.tournamentId, t.kickoffAt)],
);

/** A player's one prediction on one fixture: the stake's ledger transfer, then the payout's. */
export const cupPredictions = pgTable(
  'cup_predictions',
  {
    id: serial('id').primaryKey(),
    fixtureId: integer('fixture_id').notNull(),
    userId: integer('user_id').notNull(),
    /** home | draw | away */
    pick: text('pick').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    oddsBp: integer('odds_bp').notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** open | won | lost | void */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cup_predictions_fixture_user_uq').on(t.fixtureId, t.userId),
    index('cup_predictions_user_idx').on(t.userId, t.id),
    check('cup_predictions_stake_ck', sql`${t.stake} > 0`),
  ],
);
