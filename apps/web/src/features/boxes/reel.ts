import type { BoxContentItem, OpenedItem } from '@kaixiang/shared/boxes';

/**
 * The reel is a picture of a result the server already decided. Nothing here is random: the
 * won item sits at LAND_INDEX, the filler tiles and the landing point inside the won tile are
 * drawn from numbers in the server's answer, so the same opening always animates the same way.
 */
export const REEL_LENGTH = 50;
export const LAND_INDEX = 45;
export const SPIN_MS = 5000;
/** Fast at first, a long slow crawl at the end: the last tiles pass the marker one by one. */
export const SPIN_EASING = 'cubic-bezier(0.08, 0.6, 0.12, 1)';

export interface ReelTile {
  /** Stable per position, so React keeps the tiles while the strip moves. */
  key: string;
  itemId: number;
  name: string;
  img: string;
  quality: number;
}

/** mulberry32: a tiny deterministic generator. Used for looks only, never for an outcome. */
function sequence(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of one strip's look: the roll's ticket mixed with the opening and the strip's place. */
export function stripSeed(openingId: number, stripIndex: number, ticket: number): number {
  let h = 2166136261;
  for (const n of [openingId, stripIndex, ticket]) {
    h = Math.imul(h ^ (n >>> 0), 16777619);
    h = Math.imul(h ^ Math.floor(n / 4294967296), 16777619);
  }
  return h >>> 0;
}

/** The item whose ticket range holds `ticket` (ranges follow the list order from 0). */
function itemAtTicket(items: readonly BoxContentItem[], ticket: number): BoxContentItem | undefined {
  let lo = 0;
  let hi = items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const item = items[mid];
    if (!item) break;
    if (ticket < item.ticket_from) hi = mid - 1;
    else if (ticket >= item.ticket_to) lo = mid + 1;
    else return item;
  }
  return undefined;
}

/**
 * `length` tiles (REEL_LENGTH on the box page; a battle's reels are shorter): filler weighted by
 * tickets (as often as the items really drop), and the won item at `landIndex`.
 */
export function buildStrip(
  contents: readonly BoxContentItem[],
  ticketTotal: number,
  won: Pick<OpenedItem, 'item_id' | 'name' | 'img' | 'quality'>,
  seed: number,
  length: number = REEL_LENGTH,
  landIndex: number = LAND_INDEX,
): ReelTile[] {
  const next = sequence(seed);
  const tiles: ReelTile[] = [];
  for (let i = 0; i < length; i++) {
    const filler = i === landIndex ? undefined : itemAtTicket(contents, Math.floor(next() * ticketTotal));
    const item = filler ?? won;
    tiles.push({ key: `${i}`, itemId: item.item_id, name: item.name, img: item.img, quality: item.quality });
  }
  return tiles;
}

/**
 * Where inside the won tile the marker stops, as a fraction of the tile (0.12..0.88): it differs
 * from roll to roll like a real wheel, but never sits on a border where the result would look
 * ambiguous.
 */
export function landingFraction(ticket: number): number {
  const spread = sequence(ticket ^ 0x5bd1e995)();
  return 0.12 + 0.76 * spread;
}

/**
 * The strip's final translate (px) along its axis: the point `fraction` of tile `landIndex` under
 * the centre of a viewport `viewportPx` long, tiles `pitchPx` apart.
 */
export function landingTranslate(
  pitchPx: number,
  viewportPx: number,
  fraction: number,
  landIndex: number = LAND_INDEX,
): number {
  return viewportPx / 2 - (landIndex + fraction) * pitchPx;
}

/** Which tile is under the centre marker when the strip is at translateX `x`. */
export function tileUnderMarker(x: number, pitchPx: number, viewportPx: number): number {
  return Math.floor((viewportPx / 2 - x) / pitchPx);
}
