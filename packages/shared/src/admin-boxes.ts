/**
 * The console's Boxes API (issue 23 "Catalogue and boxes"; ours: docs/console/boxes.md): every
 * box with its versions, a live preview of a new odds table's expected value and RTP against the
 * operator's RTP bounds, a new version saved under the box's lock, new boxes, publishing, and the
 * bounds themselves. Paths are relative to /api; every route needs `catalogue.manage`.
 */
import { z } from 'zod';
import { BOX_TICKETS } from './boxes.ts';
import { recordId, recordIdQuery } from './record-id.ts';

export const ADMIN_BOX_PATHS = {
  /** GET → {list, categories}: every box, unpublished ones too. */
  list: '/admin/v1/boxes/list',
  /** GET ?box_id → one box: its current contents with EV and RTP, and every version. */
  detail: '/admin/v1/boxes/detail',
  /** POST {price, contents} → the evaluation (EV, RTP, odds, problems); changes nothing. */
  preview: '/admin/v1/boxes/preview',
  /** POST {box_id, base_version?, price, contents, reason} → the box: a new version, made current. */
  saveVersion: '/admin/v1/boxes/save-version',
  /** POST {slug, names, category_id, image, price, contents, reason} → the box, unpublished, version 1. */
  create: '/admin/v1/boxes/create',
  /** POST {box_id, names, category_id, image, reason} → the box: its names, category and picture (not its odds). */
  updateDetails: '/admin/v1/boxes/update-details',
  /** POST {box_id, published, reason} → the box: shown on (or hidden from) the site. */
  publish: '/admin/v1/boxes/publish',
  /** GET → the operator's RTP bounds. */
  rtpBounds: '/admin/v1/boxes/rtp-bounds',
  /** POST {min_bp, max_bp, reason} → the new bounds. */
  setRtpBounds: '/admin/v1/boxes/set-rtp-bounds',
} as const;

const int = () => z.number().int();
/** ¥1,000,000 a box at most (units): more is a typo. */
export const ADMIN_BOX_MAX_PRICE = 10_000_000_000;
/** Entries of one odds table at most. */
export const ADMIN_BOX_MAX_ENTRIES = 500;
/** The RTP bounds when the operator has set none: 85 %–98 %. */
export const DEFAULT_BOX_RTP_BOUNDS = { min_bp: 8_500, max_bp: 9_800 } as const;

const reason = z.string().trim().min(1).max(200);
const price = int().min(1).max(ADMIN_BOX_MAX_PRICE);
const bp = int().min(1).max(10_000);

/**
 * One entry of an odds table, in ticket order: a catalogue item at one wear grade (1..6), as the
 * box contents identify items, with its tickets. The entry's price is the price table's, worked
 * out by the server. Tickets are integers summing to exactly BOX_TICKETS over the table (no
 * normalising: what the operator sees is what the odds hash commits to).
 */
export const adminBoxEntryInput = z.object({
  item_id: recordId,
  exter: int().min(1).max(6),
  tickets: int().min(1).max(BOX_TICKETS),
});
export type AdminBoxEntryInput = z.infer<typeof adminBoxEntryInput>;

const contents = z.array(adminBoxEntryInput).min(1).max(ADMIN_BOX_MAX_ENTRIES);

export const adminBoxPreviewInput = z.object({ price, contents });
export type AdminBoxPreviewInput = z.infer<typeof adminBoxPreviewInput>;

export const adminBoxSaveInput = z.object({
  box_id: recordId,
  /**
   * The version the operator edited from: when given and no longer current (someone saved in
   * between), BOX_VERSION_STALE and nothing changes.
   */
  base_version: int().min(1).optional(),
  price,
  contents,
  reason,
});
export type AdminBoxSaveInput = z.infer<typeof adminBoxSaveInput>;

/** Lower-case letters, digits and dashes: never a seed key ("case:…", "theme:…"). */
export const ADMIN_BOX_SLUG = /^[a-z0-9][a-z0-9-]{1,62}$/;

export const adminBoxCreateInput = z.object({
  slug: z.string().regex(ADMIN_BOX_SLUG),
  name_zh_cn: z.string().trim().min(1).max(40),
  name_zh_tw: z.string().trim().min(1).max(40),
  name_en: z.string().trim().min(1).max(60),
  category_id: recordId,
  /** The picture's address (a CDN URL or a /img path); empty: the locally drawn box. */
  image: z.string().trim().max(500).default(''),
  price,
  contents,
  reason,
});
export type AdminBoxCreateInput = z.infer<typeof adminBoxCreateInput>;

/** What a box shows besides its odds: changed without a new odds version. */
export const adminBoxDetailsInput = adminBoxCreateInput
  .pick({ name_zh_cn: true, name_zh_tw: true, name_en: true, category_id: true, image: true, reason: true })
  .extend({ box_id: recordId });
export type AdminBoxDetailsInput = z.infer<typeof adminBoxDetailsInput>;

export const adminBoxPublishInput = z.object({ box_id: recordId, published: z.boolean(), reason });
export type AdminBoxPublishInput = z.infer<typeof adminBoxPublishInput>;

export const adminBoxDetailQuery = z.object({ box_id: recordIdQuery });

export const adminRtpBounds = z.object({ min_bp: bp, max_bp: bp });
export type AdminRtpBounds = z.infer<typeof adminRtpBounds>;
export const adminRtpBoundsInput = adminRtpBounds.extend({ reason });
export type AdminRtpBoundsInput = z.infer<typeof adminRtpBoundsInput>;

/** Why a table cannot be saved, entry by entry where it is one entry's fault (0-based index). */
export const ADMIN_BOX_PROBLEMS = [
  'BOX_TICKETS_SUM',
  'BOX_ITEM_UNKNOWN',
  'BOX_ITEM_WEAR_INVALID',
  'BOX_ENTRY_DUPLICATE',
  'BOX_RTP_OUT_OF_BOUNDS',
] as const;
export type AdminBoxProblem = (typeof ADMIN_BOX_PROBLEMS)[number];

export const adminBoxEntry = z.object({
  item_id: int(),
  exter: int(),
  /** In the request's language; empty for an unknown item. */
  name: z.string(),
  img: z.string(),
  quality: int(),
  /**
   * The entry's price (units): a saved version's own (its detail), else the site's price of the
   * item at this grade (the operator's item price, else the price table's); 0 for an unknown item.
   */
  price: int(),
  /** The site's price of the item at this grade today: differs from `price` when it changed after the version was saved. */
  current_price: int(),
  tickets: int(),
  /** tickets / the table's ticket sum × 100, to 4 decimals (display only; the tickets are the odds). */
  odds_pct: z.number(),
});
export type AdminBoxEntry = z.infer<typeof adminBoxEntry>;

export const adminBoxEvaluation = z.object({
  price: int(),
  /** Σ tickets of the table (must be BOX_TICKETS). */
  ticket_sum: int(),
  ticket_total: int(),
  /** floor(Σ tickets × price / ticket_sum), units. */
  ev: int(),
  /** floor(ev × 10000 / price). */
  rtp_bp: int(),
  bounds: adminRtpBounds,
  within_bounds: z.boolean(),
  /** True when the table can be saved as it is: no problems. */
  valid: z.boolean(),
  problems: z.array(z.object({ code: z.enum(ADMIN_BOX_PROBLEMS), entry: int().nullable() })),
  entries: z.array(adminBoxEntry),
});
export type AdminBoxEvaluation = z.infer<typeof adminBoxEvaluation>;

export const adminBoxSummary = z.object({
  box_id: int(),
  slug: z.string(),
  name_zh_cn: z.string(),
  name_zh_tw: z.string(),
  name_en: z.string(),
  category_id: int(),
  image: z.string(),
  fallback_image: z.string(),
  price: int(),
  rtp_bp: int(),
  version: int(),
  published: z.boolean(),
  sort: int(),
});
export type AdminBoxSummary = z.infer<typeof adminBoxSummary>;

export const adminBoxCategory = z.object({
  category_id: int(),
  name_zh_cn: z.string(),
  name_zh_tw: z.string(),
  name_en: z.string(),
});

export const adminBoxListResponse = z.object({
  list: z.array(adminBoxSummary),
  categories: z.array(adminBoxCategory),
});
export type AdminBoxListResponse = z.infer<typeof adminBoxListResponse>;

export const adminBoxVersion = z.object({
  version: int(),
  odds_hash: z.string(),
  price: int(),
  rtp_bp: int(),
  created_at: int(),
  /** The admin who saved it; null for the seed's. */
  created_by: int().nullable(),
});
export type AdminBoxVersion = z.infer<typeof adminBoxVersion>;

export const adminBoxDetail = z.object({
  box: adminBoxSummary,
  /** The current version's contents, evaluated as a preview would be (against today's bounds). */
  current: adminBoxEvaluation.extend({ version: int(), odds_hash: z.string() }),
  /** Newest first. */
  versions: z.array(adminBoxVersion),
  /** Boxes opened of it, all versions. */
  openings: int(),
});
export type AdminBoxDetail = z.infer<typeof adminBoxDetail>;
