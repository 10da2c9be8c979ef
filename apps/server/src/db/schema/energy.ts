import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  serial,
  smallint,
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
