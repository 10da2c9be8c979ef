import { integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Players. The accounts issue adds credentials, sessions and the rest of spec 1 §3 User info;
 * the foundation needs the row itself (statistics count it, tickers and the socket refer to it).
 */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  nickName: text('nick_name').notNull(),
  avatar: text('avatar').notNull().default(''),
  /** 1 player, 2 and 3 anchor types (spec 1 §6). */
  accountType: smallint('account_type').notNull().default(1),
  vipLevel: smallint('vip_level').notNull().default(0),
  inviteUserId: integer('invite_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
