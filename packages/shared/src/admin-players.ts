/**
 * The console's Players API (issue 23; ours: the spec names no admin calls). Paths are relative to
 * /api; amounts in units (1/10000 yuan, money.ts; points are whole points); times epoch ms. Reads
 * ask `players.read`; ban, unban, password reset and mail `players.manage`; a balance adjustment
 * `balance.adjust` (and so does a mail whose attachment has value). Every change is one
 * transaction with its audit record (`player.<verb>`, target `user:<id>`) and carries a reason.
 */
import { z } from 'zod';
import { REQUEST_ID_PATTERN } from './boxes.ts';
import { protectionView } from './protection.ts';
import { recordId, recordIdQuery } from './record-id.ts';
import { CURRENCIES } from './wallet.ts';

export const ADMIN_PLAYER_PATHS = {
  /** GET ?q&contains&page&page_size: players matching an id, phone, e-mail, nickname, Steam id or invite code. */
  search: '/admin/v1/players/search',
  /** GET ?user_id: one player's page (profile, balances, identity, live sessions, counts). */
  detail: '/admin/v1/players/detail',
  /** GET ?user_id&kind&page&page_size[&currency]: a page of one kind of the player's records, newest first. */
  records: '/admin/v1/players/records',
  /** POST {user_id, reason}: bans the player and ends every session. */
  ban: '/admin/v1/players/ban',
  /** POST {user_id, reason}: lifts a ban. */
  unban: '/admin/v1/players/unban',
  /** POST {user_id, reason}: a random temporary password, answered once; every session ends. */
  resetPassword: '/admin/v1/players/reset-password',
  /** POST {user_id, currency?, amount, reason, request_id}: one ledger transfer with the house. */
  adjustBalance: '/admin/v1/players/adjust-balance',
  /** POST {user_id, title, content, coins?, items?, reason, request_id}: a mail to one player. */
  sendMail: '/admin/v1/players/send-mail',
} as const;

const int = () => z.number().int();

/** Why, in the staff member's words: required for every change, kept in the audit log. */
export const ADMIN_REASON_MAX = 200;
/**
 * The most one adjustment (or one mail's coins) moves: ¥100,000. Past it is a typo, not a
 * correction; a larger one is several adjustments, each with its reason.
 */
export const ADJUST_MAX_UNITS = 1_000_000_000;
/** Items one admin mail may attach. */
export const ADMIN_MAIL_MAX_ITEMS = 10;

/** Checked by the server too (PLAYER_REASON_INVALID): the schema takes any string up to a bound. */
const reason = z.string().max(1_000);
const requestId = z.string().regex(REQUEST_ID_PATTERN);

// --- search -------------------------------------------------------------------------------------

export const playerSearchQuery = z.object({
  /** Empty: the newest accounts. */
  q: z.string().trim().max(64).default(''),
  /**
   * Also match nicknames containing `q` anywhere (a scan of the users table, not an index:
   * docs/console/players.md). Without it a nickname matches by its beginning, from an index.
   */
  contains: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  page: z.coerce.number().int().min(1).max(1_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PlayerSearchQuery = z.input<typeof playerSearchQuery>;

/** How a row matched `q`, best first: the list is ordered by it, then newest account first. */
export const PLAYER_MATCHES = [
  'id',
  'phone',
  'email',
  'steam_id',
  'invite_code',
  'phone_suffix',
  'nick_name',
  'nick_name_contains',
  'recent',
] as const;
export type PlayerMatch = (typeof PLAYER_MATCHES)[number];

export const playerSummary = z.object({
  user_id: int(),
  nick_name: z.string(),
  /** In full: staff holding players.read see the whole number (they identify callers by it). */
  mobile: z.string(),
  email: z.string(),
  steam_id: z.string(),
  invite_code: z.string(),
  /** player | anchor | admin | support | finance. */
  role: z.string(),
  created_at: int(),
  banned: z.boolean(),
  /** The account was closed by its owner. */
  closed: z.boolean(),
  /** Coins, units. */
  balance: int(),
  match: z.enum(PLAYER_MATCHES),
});
export type PlayerSummary = z.infer<typeof playerSummary>;

export const playerSearchResponse = z.object({ list: z.array(playerSummary), total: int() });
export type PlayerSearchResponse = z.infer<typeof playerSearchResponse>;

// --- a player's page ----------------------------------------------------------------------------

export const playerIdQuery = z.object({ user_id: recordIdQuery });

export const playerSession = z.object({
  /** The session's id (what an access token names; useless without the token's signature). */
  id: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  created_at: int(),
  /** The last refresh of its tokens; null if never refreshed. */
  refreshed_at: int().nullable(),
  expires_at: int(),
});
export type PlayerSession = z.infer<typeof playerSession>;

export const playerDetail = z.object({
  profile: z.object({
    user_id: int(),
    nick_name: z.string(),
    avatar: z.string(),
    role: z.string(),
    /** 1 player, 2 and 3 anchor types. */
    account_type: int(),
    mobile: z.string(),
    email: z.string(),
    steam_id: z.string(),
    trade_link: z.string(),
    invite_code: z.string(),
    inviter: z.object({ user_id: int(), nick_name: z.string() }).nullable(),
    vip_level: int(),
    created_at: int(),
    /** The newest sign-in (session created); null if never signed in. */
    last_login_at: int().nullable(),
    banned_at: int().nullable(),
    closed_at: int().nullable(),
  }),
  /** Every balance the ledger keeps for a player, units (points: whole points). */
  balances: z.object({ coin: int(), quota: int(), point: int() }),
  identity: z.object({
    verified: z.boolean(),
    /**
     * Masked but the first and last characters (张*丰). The ID-card number itself is never
     * stored (only its HMAC), so there is none to show.
     */
    real_name: z.string(),
    /** 1 mainland, 2 Hong Kong, 3 Macau, 4 Taiwan; null when not verified. */
    identity_type: int().nullable(),
    verified_at: int().nullable(),
  }),
  /** Live sessions (signed in and not ended), newest first: one per device or browser. */
  sessions: z.array(playerSession),
  counts: z.object({
    invitees: int(),
    openings: int(),
    /** Paid recharge orders, and what they credited in total (units). */
    recharges: int(),
    recharged_units: int(),
    /** Items held now (status normal) and what they are worth. */
    items_held: int(),
    items_held_units: int(),
  }),
  /**
   * The player's own protection settings (issue 24 §2), read only: the console shows them and
   * cannot change them (a player's limits and exclusions are theirs). Null when never set.
   */
  protection: protectionView.nullable(),
});
export type PlayerDetail = z.infer<typeof playerDetail>;

// --- records ------------------------------------------------------------------------------------

export const PLAYER_RECORD_KINDS = [
  'ledger',
  'recharges',
  'openings',
  'upgrades',
  'battles',
  'items',
  'retrievals',
  'invitees',
] as const;
export type PlayerRecordKind = (typeof PLAYER_RECORD_KINDS)[number];

export const playerRecordsQuery = z.object({
  user_id: recordIdQuery,
  kind: z.enum(PLAYER_RECORD_KINDS),
  /** `ledger` only: one currency's entries; all of them when absent. */
  currency: z.enum(CURRENCIES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PlayerRecordsQuery = z.input<typeof playerRecordsQuery>;

export const ledgerRecord = z.object({
  id: int(),
  transfer_id: int(),
  /** Why money moved (wallet.ts TRANSFER_KINDS; `correction` for a console adjustment). */
  kind: z.string(),
  currency: z.enum(CURRENCIES),
  /** Signed: positive credits the player. */
  amount: int(),
  balance_after: int().nullable(),
  /** The transfer's memo (box name, order no., an adjustment's admin and reason). */
  memo: z.string(),
  created_at: int(),
});
export const rechargeRecord = z.object({
  id: int(),
  order_sn: z.string(),
  pay_mode: z.string(),
  provider: z.string(),
  /** Coins the order credits, what was payable, and the bonuses (tier + coupon + VIP). */
  amount: int(),
  real_price: int(),
  bonus: int(),
  /** 1 pending, 2 paid, 3 expired, 4 failed, 5 reversed (payments.ts ORDER_STATUS). */
  status: int(),
  created_at: int(),
  paid_at: int().nullable(),
});
export const openingRecord = z.object({
  id: int(),
  box_id: int(),
  box_name: z.string(),
  box_price: int(),
  item_def_id: int(),
  item_name: z.string(),
  exter: int(),
  price: int(),
  created_at: int(),
});
export const upgradeRecord = z.object({
  id: int(),
  target_item_def_id: int(),
  target_name: z.string(),
  target_price: int(),
  /** Items' prices plus balance staked. */
  stake: int(),
  rate_ppm: int(),
  success: z.boolean(),
  created_at: int(),
});
export const battleRecord = z.object({
  room_id: int(),
  /** The room's phase (waiting, running, ended...). */
  state: z.string(),
  seat: int(),
  /** What the room was worth once it ended (every item opened). */
  value: int(),
  joined_at: int(),
  ended_at: int().nullable(),
});
export const itemRecord = z.object({
  id: int(),
  item_def_id: int(),
  name: z.string(),
  img: z.string(),
  exter: int(),
  price: int(),
  /** inventory.ts ITEM_STATUS: 0 normal, 1 retrieving, 2 sold, 3 retrieved, 4 retrieval failed, 5 locked. */
  status: int(),
  disposal: z.string().nullable(),
  source: z.string(),
  source_name: z.string(),
  created_at: int(),
  updated_at: int(),
});
export const retrievalRecord = z.object({
  id: int(),
  item_ids: z.array(int()),
  trade_link: z.string(),
  /** pending | accepted | declined | failed | expired. */
  state: z.string(),
  failure: z.string().nullable(),
  bot: z.string(),
  created_at: int(),
  resolved_at: int().nullable(),
});
export const inviteeRecord = z.object({
  user_id: int(),
  nick_name: z.string(),
  vip_level: int(),
  banned: z.boolean(),
  created_at: int(),
});

const page = <K extends PlayerRecordKind, T extends z.ZodType>(kind: K, row: T) =>
  z.object({ kind: z.literal(kind), list: z.array(row), total: int() });

export const playerRecordsResponse = z.discriminatedUnion('kind', [
  page('ledger', ledgerRecord),
  page('recharges', rechargeRecord),
  page('openings', openingRecord),
  page('upgrades', upgradeRecord),
  page('battles', battleRecord),
  page('items', itemRecord),
  page('retrievals', retrievalRecord),
  page('invitees', inviteeRecord),
]);
export type PlayerRecordsResponse = z.infer<typeof playerRecordsResponse>;
/** The answer for one kind, and its rows: `PlayerRecordsPage<'ledger'>`, `PlayerRecordRows<'ledger'>`. */
export type PlayerRecordsPage<K extends PlayerRecordKind> = Extract<PlayerRecordsResponse, { kind: K }>;
export type PlayerRecordRows<K extends PlayerRecordKind> = PlayerRecordsPage<K>['list'];

// --- changes ------------------------------------------------------------------------------------

/** Ban, unban and password reset. */
export const playerActionRequest = z.object({ user_id: recordId, reason });
export type PlayerActionRequest = z.infer<typeof playerActionRequest>;

export const playerBanResponse = z.object({
  user_id: int(),
  /** When the ban began; null after an unban. */
  banned_at: int().nullable(),
  /** Sessions the ban ended. */
  sessions_ended: int(),
});
export type PlayerBanResponse = z.infer<typeof playerBanResponse>;

export const resetPasswordResponse = z.object({
  /** Shown once, to be passed to the player: it is stored only as a hash and never in the audit log. */
  temporary_password: z.string(),
  sessions_ended: int(),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

export const adjustBalanceRequest = z.object({
  user_id: recordId,
  currency: z.enum(CURRENCIES).default('coin'),
  /** Signed units: positive credits the player, negative debits. Non-zero, |amount| ≤ ADJUST_MAX_UNITS (ADJUST_AMOUNT_INVALID). */
  amount: z.number(),
  reason,
  /** The console's id of this adjustment (8–64 of A-Z a-z 0-9 _ -): sent again, it moves nothing more. */
  request_id: requestId,
});
export type AdjustBalanceRequest = z.input<typeof adjustBalanceRequest>;

/** The same for the first answer and any repeat of its request_id. */
export const adjustBalanceResponse = z.object({
  transfer_id: int(),
  user_id: int(),
  currency: z.enum(CURRENCIES),
  amount: int(),
  balance_before: int(),
  balance_after: int(),
  created_at: int(),
});
export type AdjustBalanceResponse = z.infer<typeof adjustBalanceResponse>;

export const adminMailRequest = z.object({
  user_id: recordId,
  /** zh-CN; shown in every language (a mail from staff is written in one). */
  title: z.string().trim().min(1).max(60),
  content: z.string().trim().max(2_000).default(''),
  /** Coins the attachment gives when the player collects it, units (0: none; ≤ ADJUST_MAX_UNITS). */
  coins: z.number().default(0),
  /** Catalogue items the attachment gives, one inventory row each; exter defaults to the item's usual grade. */
  items: z
    .array(z.object({ item_def_id: recordId, exter: int().min(1).max(6).optional() }))
    .max(ADMIN_MAIL_MAX_ITEMS)
    .default([]),
  reason,
  request_id: requestId,
});
export type AdminMailRequest = z.input<typeof adminMailRequest>;

export const adminMailResponse = z.object({
  mail_id: int(),
  /** Coins and items attached (what the player collects), as sent. */
  coins: int(),
  items: int(),
});
export type AdminMailResponse = z.infer<typeof adminMailResponse>;
