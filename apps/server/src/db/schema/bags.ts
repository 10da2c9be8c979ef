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

/** One row of a campaign's amount table, in ticket order (packages/game bags.ts BagEntry). */
export interface BagTableRow {
  amountUnits: number;
  tickets: number;
}

/** A level of a vip_level campaign and how many bags reaching it gives. */
export interface BagVipLevel {
  level: number;
  count: number;
}

/**
 * Lucky bag campaigns (福袋, issue 21; docs/promotions/bags.md "Campaigns"), defined by operators
 * through the admin API. `kind` says how bags are given: daily_recharge (on a day the player
 * recharged at least min_recharge_units, per_grant bags, once per player and China day),
 * vip_level (on reaching each level of vip_levels) or grant (only by mail, redeem codes and hand
 * grants). The triggers give bags only while enabled and within [starts_at, ends_at); bags already
 * given stay openable. The amount table lives in bag_tables, versioned.
 */
export const bagCampaigns = pgTable(
  'bag_campaigns',
  {
    id: serial('id').primaryKey(),
    /** Stable key of a seeded campaign ('daily_recharge', …): re-seeding finds it. Null for operators' own. */
    slug: text('slug'),
    kind: text('kind').notNull(),
    nameZhCn: text('name_zh_cn').notNull(),
    nameZhTw: text('name_zh_tw').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    perGrant: smallint('per_grant').notNull().default(1),
    minRechargeUnits: bigint('min_recharge_units', { mode: 'number' }).notNull().default(1),
    vipLevels: jsonb('vip_levels').$type<BagVipLevel[]>().notNull().default([]),
    /** The current table's version (bag_tables). */
    tableVersion: integer('table_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('bag_campaigns_slug_uq').on(t.slug),
    check('bag_campaigns_kind_ck', sql`${t.kind} in ('daily_recharge', 'vip_level', 'grant', 'energy')`),
    check('bag_campaigns_window_ck', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
    check('bag_campaigns_per_grant_ck', sql`${t.perGrant} between 1 and 10`),
  ],
);

/**
 * A campaign's published amount tables: a change makes a new version and never edits an old one,
 * so every opening's (version, hash) still names the table it was rolled against.
 */
export const bagTables = pgTable(
  'bag_tables',
  {
    campaignId: integer('campaign_id').notNull(),
    version: integer('version').notNull(),
    entries: jsonb('entries').$type<BagTableRow[]>().notNull(),
    /** packages/game bagTableHash(entries). */
    tableHash: text('table_hash').notNull(),
    /** Expected value of one bag, units, floored (shown to operators and players). */
    evUnits: bigint('ev_units', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.version] })],
);

/**
 * One bag a player holds, from given to opened. `source_key` names the event that gave it
 * (daily_recharge:<campaign>:<user>:<day>:<i>, vip_level:<campaign>:<user>:<level>:<i>,
 * mail:<mail>:<i>, admin:<audit ref>:<i>): a replayed recharge notification, level-up or mail
 * finds it taken and gives nothing twice. An opening (kx_open_bag, one statement) moves state 0 →
 * 1 once and records the roll's inputs and the credit transfer (key bag_open:<id>).
 */
export const userBags = pgTable(
  'user_bags',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    source: text('source').notNull(),
    sourceKey: text('source_key').notNull(),
    /** 0 unopened, 1 opened. */
    state: smallint('state').notNull().default(0),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    amountUnits: bigint('amount_units', { mode: 'number' }),
    tableVersion: integer('table_version'),
    tableHash: text('table_hash'),
    seedId: integer('seed_id'),
    /** The client seed the roll used (the player may change it while a seed pair is active). */
    clientSeed: text('client_seed'),
    nonce: integer('nonce'),
    ticket: integer('ticket'),
    transferId: bigint('transfer_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('user_bags_source_uq').on(t.sourceKey),
    index('user_bags_user_idx').on(t.userId, t.id),
    // has-bag and get-bag look for a player's unopened bags, oldest first.
    index('user_bags_unopened_idx').on(t.userId, t.id).where(sql`${t.state} = 0`),
    index('user_bags_campaign_idx').on(t.campaignId, t.state),
    check('user_bags_state_ck', sql`${t.state} in (0, 1)`),
    check(
      'user_bags_opened_ck',
      sql`(${t.state} = 0) = (${t.openedAt} is null) and (${t.state} = 0) = (${t.amountUnits} is null)`,
    ),
  ],
);
