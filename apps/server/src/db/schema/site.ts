import {
  bigint,
  boolean,
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
 * Site content the admin console will edit later. Texts a person reads are stored per language
 * (zh_cn is required; zh_tw and en fall back to it when empty).
 */
export const navItems = pgTable(
  'nav_items',
  {
    id: serial('id').primaryKey(),
    titleZhCn: text('title_zh_cn').notNull(),
    titleZhTw: text('title_zh_tw').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    path: text('path').notNull(),
    icon: text('icon').notNull().default(''),
    needLogin: smallint('need_login').notNull().default(1),
    badge: text('badge'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('nav_items_path_uq').on(t.path)],
);

export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  contentZhCn: text('content_zh_cn').notNull(),
  contentZhTw: text('content_zh_tw').notNull().default(''),
  contentEn: text('content_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An operator's version of a static help page (apps/web/src/features/help/content) in one language.
 * No row means the page shows its static text; deleting the row reverts to it. `body` is plain text
 * in the help markup (packages/shared/src/admin-content.ts), never HTML.
 */
export const helpPageOverrides = pgTable(
  'help_page_overrides',
  {
    page: text('page').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.page, t.locale] })],
);

export const bgmTracks = pgTable(
  'bgm_tracks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    link: text('link').notNull(),
    type: smallint('type').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('bgm_tracks_link_uq').on(t.link)],
);

/** Key/value settings (group number, QR links, code_item switch...), JSON-encoded values. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-host differences: record-filing numbers, About us, app entry, invite defaults. */
export const hostProfiles = pgTable('host_profiles', {
  host: text('host').primaryKey(),
  icp: text('icp').notNull().default(''),
  policeFiling: text('police_filing').notNull().default(''),
  showAboutUs: boolean('show_about_us').notNull().default(false),
  showApp: boolean('show_app').notNull().default(true),
  hideInvite: boolean('hide_invite').notNull().default(false),
  inviteCode: text('invite_code').notNull().default(''),
});

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  titleZhCn: text('title_zh_cn').notNull(),
  titleZhTw: text('title_zh_tw').notNull().default(''),
  titleEn: text('title_en').notNull().default(''),
  img: text('img').notNull(),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const activities = pgTable('activities', {
  id: serial('id').primaryKey(),
  titleZhCn: text('title_zh_cn').notNull(),
  titleZhTw: text('title_zh_tw').notNull().default(''),
  titleEn: text('title_en').notNull().default(''),
  img: text('img').notNull().default(''),
  path: text('path').notNull(),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** The rules the activity centre shows (issue 22), in each language. */
  rulesZhCn: text('rules_zh_cn').notNull().default(''),
  rulesZhTw: text('rules_zh_tw').notNull().default(''),
  rulesEn: text('rules_en').notNull().default(''),
  /** Lower first, then by start. */
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Ticker entries (spec 1 §3 reward history). Written by the games when a prize is won; the
 * columns copy what the ticker shows so reading it never joins five tables.
 */
export const rewardHistories = pgTable('reward_histories', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  nickName: text('nick_name').notNull(),
  avatar: text('avatar').notNull().default(''),
  gameType: smallint('game_type').notNull().default(0),
  rewardHistoryType: smallint('reward_history_type').notNull().default(1),
  jewelryRarity: smallint('jewelry_rarity').notNull().default(1),
  /** The catalogue item, so the client can draw it locally when the CDN image fails. */
  itemDefId: integer('item_def_id'),
  itemImg: text('item_img').notNull(),
  itemName: text('item_name').notNull().default(''),
  itemPriceUnits: bigint('item_price_units', { mode: 'number' }).notNull(),
  boxImg: text('box_img').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
