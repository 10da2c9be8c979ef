/**
 * The whole item catalogue for admins (ours: the spec names no admin calls): search it by name to
 * pick a house prize (a treasure, an official roll room, a box entry, a mail), and set item prices.
 * Prices are the site's, per wear grade: the operator's where one is set, the price table's
 * otherwise, exactly as a mail attachment, a treasure or a new box version prices the item it
 * makes. docs/console/catalogue.md.
 */
import { z } from 'zod';
import type { Permission } from './admin.ts';
import { ADMIN_REASON_MAX } from './admin-players.ts';

export const ADMIN_CATALOGUE_PATHS = {
  /** GET ?keyword&page&page_size (admin): catalogue items whose name contains the keyword. */
  search: '/admin/v1/catalogue/search',
  /** POST ItemPriceSetRequest (catalogue.manage): set or clear the operator's price of an item in a grade. */
  priceSet: '/admin/v1/catalogue/prices/set',
} as const;

/** Whole fen (100 units) from ¥0.01 to ¥1,000,000. */
export const ITEM_PRICE_MAX_UNITS = 10_000_000_000;

/** Any one of these opens the search: whoever sets a house prize (a box's contents, a treasure, a mail's items). */
export const CATALOGUE_SEARCH_PERMISSIONS: readonly Permission[] = [
  'catalogue.manage',
  'games.manage',
  'promotions.manage',
];

export const CATALOGUE_SEARCH_PAGE_SIZE = 20;

const int = () => z.number().int();

export const catalogueSearchQuery = z.object({
  /** Matched in any of the three languages' names; empty lists everything. */
  keyword: z.string().trim().max(50).default(''),
  /** true: only items with at least one grade priced by the operator. */
  priced: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(CATALOGUE_SEARCH_PAGE_SIZE),
});
export type CatalogueSearchQuery = z.infer<typeof catalogueSearchQuery>;

export const catalogueSearchItem = z.object({
  item_id: int(),
  /** In the request's language. */
  name: z.string(),
  img: z.string(),
  /** 0..7 (QUALITY_COLORS). */
  quality: int(),
  /**
   * The wear grades the item exists in (1..6), best grade first, each with its price in units (the
   * site's), the price table's, and whether the operator set the price.
   */
  wears: z.array(z.object({ exter: int(), price: int(), table_price: int(), set: z.boolean() })).min(1),
});
export type CatalogueSearchItem = z.infer<typeof catalogueSearchItem>;

export const catalogueSearchResponse = z.object({ list: z.array(catalogueSearchItem), total: int() });
export type CatalogueSearchResponse = z.infer<typeof catalogueSearchResponse>;

export const itemPriceSetRequest = z.object({
  item_id: int().positive(),
  exter: int().min(1).max(6),
  /** Units, whole fen; null: back to the price table's. */
  price: int().nullable(),
  reason: z.string().trim().min(1).max(ADMIN_REASON_MAX),
});
export type ItemPriceSetRequest = z.infer<typeof itemPriceSetRequest>;

export const itemPriceSetResponse = catalogueSearchItem;
export type ItemPriceSetResponse = z.infer<typeof itemPriceSetResponse>;
