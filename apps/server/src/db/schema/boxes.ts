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

/** Home page sections (spec 1 §2): real CS2 cases, themed boxes... */
export const boxCategories = pgTable('box_categories', {
  id: integer('id').primaryKey(),
  nameZhCn: text('name_zh_cn').notNull(),
  nameZhTw: text('name_zh_tw').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * A box on sale. Its contents live in box_versions: a change of contents or odds makes a new
 * version and every roll keeps the version (and the odds hash) it was rolled against.
 */
export const boxes = pgTable(
  'boxes',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    /** Stable seed key ("case:<case id>", "theme:<slug>"): re-seeding updates in place. */
    slug: text('slug').notNull(),
    nameZhCn: text('name_zh_cn').notNull(),
    nameZhTw: text('name_zh_tw').notNull(),
    nameEn: text('name_en').notNull(),
    /** CDN address or a local /img path; the web falls back to the local drawing. */
    image: text('image').notNull(),
    /** Local drawing of the box. */
    fallbackImage: text('fallback_image').notNull(),
    /** The current version's price (units) and RTP (basis points), copied for listing. */
    priceUnits: bigint('price_units', { mode: 'number' }).notNull(),
    rtpBp: integer('rtp_bp').notNull(),
    version: integer('version').notNull(),
    sort: integer('sort').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(true),
    /**
     * The staff member who last changed the names, category or picture in the console: from then
     * on they are the operator's, and the seed leaves them as they are (its odds rule is separate).
     */
    detailsEditedBy: integer('details_edited_by'),
  },
  (t) => [uniqueIndex('boxes_slug_uq').on(t.slug), check('boxes_price_ck', sql`${t.priceUnits} > 0`)],
);

/** One entry of a box's odds table, in ticket order. */
export interface BoxContentRow {
  itemId: number;
  exter: number;
  tickets: number;
  priceUnits: number;
}

export const boxVersions = pgTable(
  'box_versions',
  {
    boxId: integer('box_id').notNull(),
    version: integer('version').notNull(),
    contents: jsonb('contents').$type<BoxContentRow[]>().notNull(),
    ticketTotal: integer('ticket_total').notNull(),
    /** packages/game oddsHash(contents, ticketTotal). */
    oddsHash: text('odds_hash').notNull(),
    priceUnits: bigint('price_units', { mode: 'number' }).notNull(),
    rtpBp: integer('rtp_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The admin who saved it in the console (docs/console/boxes.md); null for the seed's. A box
     * whose current version an admin made is the console's: a re-seed leaves it alone.
     */
    createdBy: integer('created_by'),
  },
  (t) => [primaryKey({ columns: [t.boxId, t.version] })],
);

/**
 * Provably fair seed pairs (ARCHITECTURE.md §Fairness). A user has one active pair (revealed_at
 * null); `nonce` is the next roll's nonce and advances in the debit's transaction. Rotation
 * reveals the pair (its server seed becomes public) and starts a new one at nonce 0.
 */
export const fairSeeds = pgTable(
  'fair_seeds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fair_seeds_active_uq').on(t.userId).where(sql`${t.revealedAt} is null`),
    index('fair_seeds_user_idx').on(t.userId, t.id),
  ],
);

/** One open-box request (1, 5 or 10 boxes), idempotent by the client's request id. */
export const boxOpenRequests = pgTable(
  'box_open_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    requestId: text('request_id').notNull(),
    boxId: integer('box_id').notNull(),
    count: smallint('count').notNull(),
    totalPriceUnits: bigint('total_price_units', { mode: 'number' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    /**
     * The request signature's nonce (http/signature.ts, deferred): the same signed request sent
     * again finds it here and is refused as replayed, where a retry under a new signature gets the
     * first opening's answer. Null for openings made before it was kept.
     */
    signNonce: text('sign_nonce'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('box_open_requests_uq').on(t.userId, t.requestId)],
);
