import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The double-entry ledger (ARCHITECTURE.md §Money, docs/money-and-items.md Ledger). Every balance change
 * is a transfer whose entries sum to zero per currency. Entries and transfers are append-only:
 * triggers installed by db/guards.sql refuse UPDATE and DELETE, and a deferred constraint trigger
 * refuses a commit whose transfer does not balance.
 *
 * An account belongs to a user (`owner` = 'u:<id>') or is a named house/external account
 * (`owner` = 'h:<name>'). User accounts carry a cached balance, changed in the same transaction
 * under the row lock and never below zero (the CHECK and the guarded UPDATE). House accounts keep
 * no cached balance (`balance` is null): their entries are appended without locking any row, so
 * the house side is never one hot row every opening waits on; their balance is the sum of entries.
 * The exception is a pool a game must read in one row (the turntable's jackpot): seeded with a
 * balance, kept like a player's and never below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    owner: text('owner').notNull(),
    userId: integer('user_id'),
    /** coin | quota | point */
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'number' }),
    /**
     * The player has protection settings that play must respect (issue 24 §2: a loss limit, a
     * reality check, a cool-off or an exclusion): the ledger's debit and credit functions read
     * this flag from the row they lock anyway, and only a guarded account pays for the check
     * (db/functions/protection.sql). Set by modules/protection, never cleared.
     */
    guarded: boolean('guarded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_uq').on(t.owner, t.currency),
    index('ledger_accounts_user_idx').on(t.userId),
    // A user account keeps a balance; a house account none, except the pools seeded with one
    // (BALANCED_HOUSE_ACCOUNTS: the turntable's jackpot).
    check('ledger_accounts_balance_ck', sql`(${t.userId} is null or ${t.balance} is not null) and ${t.balance} >= 0`),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Unique per source event (request id, order id, item id...): a replay posts nothing. */
    idemKey: text('idem_key').notNull(),
    memo: text('memo').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idem_uq').on(t.idemKey),
    // A day's transfers by kind, for the console dashboard's live today (docs/console/dashboard.md).
    index('ledger_transfers_created_idx').on(t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    /** Signed units: positive credits the account. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The account's cached balance after this entry (user accounts only). */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transfer_idx').on(t.transferId),
    check('ledger_entries_amount_ck', sql`${t.amount} <> 0`),
  ],
);
