import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Sign-in state (docs/site-and-accounts.md "Accounts and sessions"). Every secret a client holds (refresh token, codes,
 * captcha answers, Steam tickets) is stored as a SHA-256 or HMAC, never as sent.
 */

/** One login: the access token names it (`s`), the refresh token rotates within its family. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the current refresh token; replaced on every refresh. */
    refreshHash: text('refresh_hash').notNull(),
    /** SHA-256 of the refresh token this one replaced: presenting it again means theft. */
    previousRefreshHash: text('previous_refresh_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why: logout, rotated-reuse, password, banned, destroyed. */
    revokedReason: text('revoked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_refresh_hash_uq').on(t.refreshHash), index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens already rotated away, so a replay is recognised and kills the family. */
export const sessionRetiredTokens = pgTable('session_retired_tokens', {
  refreshHash: text('refresh_hash').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .references(() => sessions.id),
  retiredAt: timestamp('retired_at', { withTimezone: true }).notNull(),
});

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  /** Upper-case answer; kept readable because the development outbox shows it (not a secret worth more). */
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** SMS and e-mail codes; `type` is the code_type of the request (spec 1 §5). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    type: smallint('type').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** False for a code type 3 request on an unknown phone: recorded for the limits, never sent. */
    delivered: boolean('delivered').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.channel, t.target, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** One-time tickets our Steam callback hands to the browser (`/?steamId=<ticket>`). */
export const steamLoginTickets = pgTable('steam_login_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  steamId: text('steam_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** OpenID response_nonce values already accepted (replay protection). */
export const steamNonces = pgTable('steam_nonces', {
  nonce: text('nonce').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

export const avatars = pgTable('avatars', {
  id: integer('id').primaryKey(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** One row per verified ID (HMAC); verifications lock it so "at most 5 accounts" holds under races. */
export const identities = pgTable('identities', {
  idNumberHash: text('id_number_hash').primaryKey(),
  accounts: integer('accounts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Sandbox SMS / e-mail messages, shared by every process (the /dev/outbox page). */
export const devOutbox = pgTable('dev_outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel').notNull(),
  target: text('target').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
