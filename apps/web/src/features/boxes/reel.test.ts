import type { BoxContentItem } from '@kaixiang/shared/boxes';
import { describe, expect, it } from 'vitest';
import { formatProbability, formatRtp } from './format.ts';
import {
  buildStrip,
  LAND_INDEX,
  landingFraction,
  landingTranslate,
  REEL_LENGTH,
  stripSeed,
  tileUnderMarker,
} from './reel.ts';

function item(item_id: number, ticket_from: number, ticket_to: number, quality = 2): BoxContentItem {
  return {
    item_id,
    name: `item ${item_id}`,
    img: '',
    quality,
    exter: 3,
    cost_price: 10_000 * item_id,
    tickets: ticket_to - ticket_from,
    ticket_from,
    ticket_to,
  };
}

const CONTENTS = [item(1, 0, 999_000), item(2, 999_000, 999_990), item(3, 999_990, 1_000_000, 7)];
const WON = { item_id: 3, name: '★ 蝴蝶刀', img: '', quality: 7 };

describe('reel strip', () => {
  it('puts the server’s item at the landing index', () => {
    const strip = buildStrip(CONTENTS, 1_000_000, WON, stripSeed(12, 0, 999_995));
    expect(strip).toHaveLength(REEL_LENGTH);
    expect(strip[LAND_INDEX]).toMatchObject({ itemId: 3, name: '★ 蝴蝶刀', quality: 7 });
  });

  it('fills the rest from the box by tickets, the same way every time for the same answer', () => {
    const seed = stripSeed(12, 0, 123_456);
    const a = buildStrip(CONTENTS, 1_000_000, WON, seed);
    const b = buildStrip(CONTENTS, 1_000_000, WON, seed);
    expect(a).toEqual(b);
    const fillers = a.filter((_, i) => i !== LAND_INDEX);
    // Item 1 holds 99.9 % of the tickets: the filler is (almost) all item 1, like the real odds.
    expect(fillers.filter((t) => t.itemId === 1).length).toBeGreaterThanOrEqual(45);
    expect(fillers.every((t) => [1, 2, 3].includes(t.itemId))).toBe(true);
    // Another strip of the same opening looks different.
    const even = [item(1, 0, 300_000), item(2, 300_000, 600_000), item(3, 600_000, 1_000_000)];
    expect(buildStrip(even, 1_000_000, WON, stripSeed(12, 1, 123_456))).not.toEqual(
      buildStrip(even, 1_000_000, WON, stripSeed(12, 0, 123_456)),
    );
  });

  it('still shows the won item when the contents are not known', () => {
    const strip = buildStrip([], 0, WON, 1);
    expect(strip.every((t) => t.itemId === 3)).toBe(true);
  });

  it('lands the marker inside the won tile, never on its border', () => {
    for (const ticket of [0, 1, 483_088, 999_999, 777_777]) {
      const fraction = landingFraction(ticket);
      expect(fraction).toBeGreaterThanOrEqual(0.12);
      expect(fraction).toBeLessThanOrEqual(0.88);
      for (const [pitch, viewport] of [
        [150, 1200],
        [104, 1200],
        [100, 360],
        [72, 320],
      ] as const) {
        const x = landingTranslate(pitch, viewport, fraction);
        expect(tileUnderMarker(x, pitch, viewport)).toBe(LAND_INDEX);
      }
    }
    expect(landingFraction(42)).toBe(landingFraction(42));
    expect(landingFraction(42)).not.toBe(landingFraction(43));
  });
});

describe('odds and RTP texts', () => {
  it('are exact percentages', () => {
    expect(formatProbability(2600, 1_000_000)).toBe('0.2600');
    expect(formatProbability(1, 1_000_000)).toBe('0.0001');
    expect(formatProbability(1_000_000, 1_000_000)).toBe('100.0000');
    expect(formatProbability(1, 3)).toBe('33.3333');
    expect(formatRtp(9000)).toBe('90.00');
    expect(formatRtp(9_512)).toBe('95.12');
  });
});
