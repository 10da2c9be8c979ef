import type { LocalizedText, Quality, WeaponClass } from '@kaixiang/shared/items';

/**
 * The shape of catalogue.json, written by scripts/extract-catalogue.ts from @ianlucas/cs2-lib at
 * build time. The server reads only this file: the library is a devDependency and never loaded at
 * run time.
 */
export interface Catalogue {
  /** The @ianlucas/cs2-lib version the file was extracted from. */
  version: string;
  /** What the file was built from, for a person reading it. */
  generatedFrom: string;
  /** Every `image` below is a path under this address (the library's CDN). */
  imageBaseUrl: string;
  cases: CatalogueCase[];
  /** Sorted by id; only items that some case in `cases` can drop. */
  items: CatalogueItem[];
}

export interface CatalogueItem {
  /** The library's item id; stable across library versions, our item_defs primary key. */
  id: number;
  /** Full market name, e.g. "AK-47 | 卡特尔"; Doppler phases carry the phase ("刺刀 | 多普勒 (P2)"). */
  name: LocalizedText;
  weaponClass: WeaponClass;
  /** The base weapon's name, e.g. "AK-47", "刺刀", "血猎手套". */
  weapon: LocalizedText;
  quality: Quality;
  /** Our colour for `quality` (QUALITY_COLORS), kept here so a reader needs no lookup. */
  rarityColor: string;
  /** Float range the skin can drop in; both null for a vanilla ★ (no paint, wear grade 6). */
  wearMin: number | null;
  wearMax: number | null;
  /** Whether the item can drop as StatTrak (guns and knives; never gloves). */
  statTrak: boolean;
  /** Path under `imageBaseUrl`, e.g. "/images/<sha256>.webp". */
  image: string;
  /** A ★ rare special item: a knife or gloves. Always quality 7. */
  special: boolean;
}

export interface CatalogueCase {
  /** The library's item id of the case. */
  id: number;
  /** The case's own name without the library's "Container | " prefix, e.g. "幻彩武器箱". */
  name: LocalizedText;
  /** Path under `imageBaseUrl`. */
  image: string;
  /** The library's "★ rare special item" tile for this case, when it has specials. */
  specialsImage: string | null;
  /** The regular drops (Mil-Spec .. Covert), in the library's order. */
  itemIds: number[];
  /** The ★ drops (knives, gloves); empty when the case has none. */
  specialItemIds: number[];
}
