/**
 * The whole item catalogue for admins (ours: the spec names no admin calls): search it by name to
 * pick a house prize — a treasure's, later an official roll room's. Prices are the price table's,
 * per wear grade, exactly as a mail attachment or a treasure prices the item it makes.
 */
import { z } from 'zod';
import type { Permission } from './admin.ts';

export const ADMIN_CATALOGUE_PATHS = {
  /** GET ?keyword&page&page_size (admin): catalogue items whose name contains the keyword. */
  search: '/admin/v1/catalogue/search',
} as const;

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
  /** The wear grades the item exists in (1..6), each with its price in units, best grade first. */
  wears: z.array(z.object({ exter: int(), price: int() })).min(1),
});
export type CatalogueSearchItem = z.infer<typeof catalogueSearchItem>;

export const catalogueSearchResponse = z.object({ list: z.array(catalogueSearchItem), total: int() });
export type CatalogueSearchResponse = z.infer<typeof catalogueSearchResponse>;
