import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Command item codes (口令饰品, issue 22; docs/promotions/command-items.md): a code typed in the
 * command dialog that grants a catalogue item in one wear grade (a user_items row, source
 * command_item, worth its price-table price fixed when the code was made), coins (a transfer
 * promotions → player), or both. `code` is stored trimmed and upper-cased. `uses_left` is the
 * stock of uses, taken by a guarded UPDATE in kx_command_item_redeem, never below zero. Codes are
 * never deleted: a disabled one keeps its claims readable.
 */
export const commandItemCodes = pgTable(
  'command_item_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    itemDefId: integer('item_def_id'),
    /** Wear grade 1..6 of the item granted. */
    exter: smallint('exter'),
    /** The item's price-table price in its grade, units (0 without an item). */
    worthUnits: bigint('worth_units', { mode: 'number' }).notNull().default(0),
    coinUnits: bigint('coin_units', { mode: 'number' }).notNull().default(0),
    usesTotal: integer('uses_total').notNull(),
    usesLeft: integer('uses_left').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** The admin who made it (null: the development seed). */
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('command_item_codes_code_uq').on(t.code),
    check('command_item_codes_code_ck', sql`char_length(${t.code}) between 1 and 200`),
    check('command_item_codes_uses_ck', sql`${t.usesLeft} >= 0 and ${t.usesLeft} <= ${t.usesTotal}`),
    check(
      'command_item_codes_grant_ck',
      sql`${t.coinUnits} >= 0 and ${t.worthUnits} >= 0 and (${t.itemDefId} is not null or ${t.coinUnits} > 0)`,
    ),
  ],
);

/** One row per (code, player): the one use a player has of a code, with what it gave. */
export const commandItemClaims = pgTable(
  'command_item_claims',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id').notNull(),
    userId: integer('user_id').notNull(),
    userItemId: integer('user_item_id'),
    coinUnits: bigint('coin_units', { mode: 'number' }).notNull().default(0),
    coinTransferId: bigint('coin_transfer_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('command_item_claims_uq').on(t.codeId, t.userId),
    index('command_item_claims_user_idx').on(t.userId, t.id),
  ],
);
