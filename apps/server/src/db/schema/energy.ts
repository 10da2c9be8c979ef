import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The energy box's levels (能量箱, issue 22; docs/promotions/energy-box.md), operator rows behind
 * admin/v1/energy. A level is reached when the player's energy this China week (read from the
 * ledger: ENERGY_KINDS) is at least `energy_units`; its box is a lucky bag of `campaign_id` (a bag
 * campaign of kind energy: its names and its published, versioned table), given and opened once
 * per player, level and week (user_bags source key energy:<level id>:<user>:<week>).
 */
export const energyLevels = pgTable(
  'energy_levels',
  {
    id: serial('id').primaryKey(),
    level: smallint('level').notNull(),
    energyUnits: bigint('energy_units', { mode: 'number' }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('energy_levels_level_uq').on(t.level),
    check('energy_levels_energy_ck', sql`${t.energyUnits} > 0`),
    check('energy_levels_level_ck', sql`${t.level} between 1 and 100`),
  ],
);

/**
 * The free boxes (免费箱, issue 22; docs/promotions/energy-box.md "Free boxes"), operator rows:
 * `first_charge` (after the player's first recharge, once per player and per real-name ID) and
 * `trade_link` (after binding a Steam trade link, once per account). Each names the box opened for
 * free (a box on sale: its own odds, the boxes module's provable opening) and whether it is on.
 */
export const freeBoxes = pgTable(
  'free_boxes',
  {
    kind: text('kind').primaryKey(),
    boxId: integer('box_id').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('free_boxes_kind_ck', sql`${t.kind} in ('first_charge', 'trade_link')`)],
);

/**
 * A free box claimed: one per (kind, player), and for first_charge one per real-name ID (the
 * users.id_number_hash of the player at the claim). Written in the opening's own transaction with
 * the house's funding transfer (kind free_box, key free_box:<kind>:<user>): a claim refused by a
 * unique index rolls back the funding and the opening with it.
 */
export const freeBoxClaims = pgTable(
  'free_box_claims',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id').notNull(),
    idNumberHash: text('id_number_hash'),
    boxId: integer('box_id').notNull(),
    /** The box opening's request id (box_open_requests), for the player's records. */
    requestId: text('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('free_box_claims_user_uq').on(t.kind, t.userId),
    uniqueIndex('free_box_claims_id_uq').on(t.kind, t.idNumberHash).where(sql`${t.idNumberHash} is not null`),
  ],
);
