import { WEAR_GRADE_LABELS, type WearGrade } from '@kaixiang/shared/items';

/** What identifies a catalogue item on Steam: its English name, wear grade and ★ (knives, gloves). */
export interface CatalogueKey {
  nameEn: string;
  exter: number;
  /** Quality 7 items carry Steam's "★ " prefix. */
  star: boolean;
}

const STAR = '★ ';
const WEAR_BY_LABEL = new Map<string, WearGrade>(
  ([1, 2, 3, 4, 5] as const).map((g) => [WEAR_GRADE_LABELS[g]['en-US'], g]),
);

/**
 * Steam's market_hash_name of a catalogue item, e.g. "AK-47 | Redline (Field-Tested)" or
 * "★ Karambit" (a vanilla ★ has no wear suffix: grade 6). Our items are never StatTrak™ or
 * Souvenir, so those prefixes never appear here.
 */
export function marketHashName(k: CatalogueKey): string {
  const base = `${k.star ? STAR : ''}${k.nameEn}`;
  if (k.exter === 6) return base;
  const label = k.exter >= 1 && k.exter <= 5 ? WEAR_GRADE_LABELS[k.exter as WearGrade]['en-US'] : null;
  if (!label) throw new RangeError(`not a wear grade: ${k.exter}`);
  return `${base} (${label})`;
}

/**
 * The catalogue key an asset's market_hash_name stands for, or null when it cannot be one of our
 * items: StatTrak™ and Souvenir copies are worth more than the item a player holds, so a bot never
 * sends one in its place.
 */
export function parseMarketHashName(name: string): CatalogueKey | null {
  let rest = name.trim();
  if (rest.includes('StatTrak™') || rest.startsWith('Souvenir ')) return null;
  const star = rest.startsWith(STAR);
  if (star) rest = rest.slice(STAR.length);
  const m = /^(.*) \(([^()]+)\)$/.exec(rest);
  const wear = m ? WEAR_BY_LABEL.get(m[2] as string) : undefined;
  if (m && wear) return { nameEn: m[1] as string, exter: wear, star };
  // No wear suffix: only a vanilla ★ knife or gloves is one of ours (cases, stickers are not).
  return star && rest ? { nameEn: rest, exter: 6, star } : null;
}
