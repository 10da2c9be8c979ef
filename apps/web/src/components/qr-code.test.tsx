import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code.tsx';

/** The drawn modules back as rows of booleans, quiet zone included. */
function drawn(svg: SVGElement): boolean[][] {
  const extent = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const grid = Array.from({ length: extent }, () => Array<boolean>(extent).fill(false));
  for (const [, x, y] of (svg.querySelector('path')?.getAttribute('d') ?? '').matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    grid[Number(y)]![Number(x)] = true;
  }
  return grid;
}

/** A 7×7 finder pattern: dark ring, light ring, dark 3×3 centre. */
function hasFinderAt(grid: boolean[][], top: number, left: number): boolean {
  for (let y = 0; y < 7; y++) {
    for (let x = 0; x < 7; x++) {
      const ring = Math.max(Math.abs(y - 3), Math.abs(x - 3));
      if (grid[top + y]![left + x] !== (ring !== 2)) return false;
    }
  }
  return true;
}

describe('QR code', () => {
  it('draws the text as a QR symbol: a valid size, three finder patterns, a 4-module quiet zone', () => {
    const url = 'http://localhost:3000/dev/cashier/RC20261121080000123456';
    const { getByRole } = render(<QrCode text={url} label="付款二维码" />);
    const svg = getByRole('img', { name: '付款二维码' }) as unknown as SVGElement;
    expect(svg.getAttribute('data-qr-text')).toBe(url);
    const grid = drawn(svg);
    const size = grid.length - 8;
    // Version v is 17 + 4v modules wide; this URL at level M needs version 3 or 4.
    expect((size - 17) % 4).toBe(0);
    expect([29, 33]).toContain(size);
    expect(hasFinderAt(grid, 4, 4)).toBe(true);
    expect(hasFinderAt(grid, 4, 4 + size - 7)).toBe(true);
    expect(hasFinderAt(grid, 4 + size - 7, 4)).toBe(true);
    expect(hasFinderAt(grid, 4 + size - 7, 4 + size - 7)).toBe(false);
    const quiet = grid.flatMap((row, y) =>
      row.filter((_, x) => Math.min(x, y, grid.length - 1 - x, grid.length - 1 - y) < 4),
    );
    expect(quiet.every((dark) => !dark)).toBe(true);
    // The timing pattern between the top finders alternates dark and light.
    const timing = grid[4 + 6]!.slice(4 + 8, 4 + size - 8);
    expect(timing.every((dark, i) => dark === (i % 2 === 0))).toBe(true);
  });

  it('draws a longer text as a larger symbol', () => {
    const short = render(<QrCode text="T" label="a" />).getByRole('img', { name: 'a' });
    const long = render(<QrCode text={'T'.repeat(300)} label="b" />).getByRole('img', { name: 'b' });
    const extent = (el: Element) => Number(el.getAttribute('viewBox')?.split(' ')[2]);
    expect(extent(short)).toBe(21 + 8);
    expect(extent(long)).toBeGreaterThan(extent(short));
  });
});
