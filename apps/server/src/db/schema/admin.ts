import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './accounts.ts';
import { users } from './users.ts';

/**
 * Every change an operator makes through the admin API (docs/operations.md "Admin API"): who,
 * when, from where, what, and the record before and after. Written in the change's own
 * transaction, so a change that committed is always recorded and a refused one never is. Rows
 * are never updated or deleted.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id').notNull(),
    /** What was done, `<area>.<verb>` (`rain.schedule`, `bag.campaign.update`). */
    action: text('action').notNull(),
    /** What it was done to, `<kind>:<id>` (`rain:3`). */
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_admin_idx').on(t.adminId, t.createdAt),
    index('admin_audit_target_idx').on(t.target, t.createdAt),
  ],
);

/**
 * A staff member's authenticator (the console's second factor, docs/operations.md "Console
 * sign-in"). The secret is sealed with STAFF_TOTP_KEY (AES-256-GCM), so a copy of the database
 * alone cannot mint codes. Until `confirmedAt`, the secret is only offered: a new setup replaces
 * it. `lastStep` is the last 30 s step accepted, so a code works once.
 */
export const staffTotp = pgTable('staff_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  sealedSecret: text('sealed_secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  /** Wrong codes since the last right one; at TOTP_MAX_FAILURES the factor locks until `lockedUntil`. */
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** One-use recovery codes (SHA-256 of the normalised code), made when the authenticator is confirmed. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A console session: a site session that passed the second factor. Admin routes answer it until
 * `expiresAt` (verification + CONSOLE_SESSION_MAX_MS) and while `lastSeenAt` is within
 * CONSOLE_SESSION_IDLE_MS. It dies with its site session (logout, ban, password change).
 */
export const consoleSessions = pgTable('console_sessions', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ip: text('ip').notNull().default(''),
});
