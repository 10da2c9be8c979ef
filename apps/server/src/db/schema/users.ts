import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Players (spec 1 §3 User info) with their credentials. Secrets are never stored in the clear:
 * `password_hash` is argon2id of the client's transport hash, `id_number_hash` an HMAC of the
 * normalised ID number (docs/site-and-accounts.md "Accounts and sessions").
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    nickName: text('nick_name').notNull(),
    avatar: text('avatar').notNull().default(''),
    avatarId: integer('avatar_id'),
    /** 1 player, 2 and 3 anchor types (spec 1 §6). */
    accountType: smallint('account_type').notNull().default(1),
    /** 'player' | 'anchor' | 'admin'. */
    role: text('role').notNull().default('player'),
    vipLevel: smallint('vip_level').notNull().default(0),
    inviteUserId: integer('invite_user_id'),
    superInviteCode: text('super_invite_code'),
    mobile: text('mobile'),
    email: text('email'),
    passwordHash: text('password_hash'),
    steamId: text('steam_id'),
    steamLink: text('steam_link').notNull().default(''),
    /** When a trade link was first bound: the one-time bind reward (spec 2 'bind coin') keys on it. */
    steamLinkBoundAt: timestamp('steam_link_bound_at', { withTimezone: true }),
    receiptSms: boolean('receipt_sms').notNull().default(true),
    realName: text('real_name').notNull().default(''),
    idNumberHash: text('id_number_hash'),
    /** 1 mainland, 2 Hong Kong, 3 Macau, 4 Taiwan. */
    identityType: smallint('identity_type'),
    identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
    traceParam: text('trace_param').notNull().default(''),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    destroyedAt: timestamp('destroyed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_mobile_uq').on(t.mobile),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_steam_id_uq').on(t.steamId),
    uniqueIndex('users_super_invite_code_uq').on(t.superInviteCode),
    // The console's player search (docs/console/players.md): a nickname by its beginning in any
    // case, a phone by its last digits (the reversed number by its beginning), and a player's
    // invitees, newest first (the player's own invite list uses it too).
    index('users_nick_name_lower_idx').on(sql`lower(${t.nickName}) text_pattern_ops`),
    index('users_mobile_reverse_idx').on(sql`reverse(${t.mobile}) text_pattern_ops`),
    index('users_invite_user_idx').on(t.inviteUserId, t.id),
  ],
);
