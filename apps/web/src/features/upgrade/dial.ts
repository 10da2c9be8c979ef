import { UPGRADE_RATE_SCALE } from '@kaixiang/shared/upgrade-paths';

/**
 * The dial's geometry. The ring is the roll's whole range, 0 at 12 o'clock and clockwise to 100 %;
 * the success arc runs from 0 to the chance, since a roll below the chance wins. The needle lands
 * on the server's roll, so it stops inside the arc exactly when the upgrade won.
 */

/** How long the needle sweeps before it lands. */
export const SPIN_MS = 4_500;
/** Whole turns before the landing, so every upgrade is a sweep, whatever the roll. */
export const SPIN_TURNS = 4;
/** The needle ticks as it passes each of these marks (degrees apart: every 10 %). */
export const TICK_DEG = 36;

/** Where a ppm value sits on the ring, degrees clockwise from 12 o'clock, in [0, 360). */
export const degOfPpm = (ppm: number): number => (ppm / UPGRADE_RATE_SCALE) * 360;

/** The needle's total sweep for a roll: the whole turns, then the roll's place. */
export const landingDeg = (roll: number): number => SPIN_TURNS * 360 + degOfPpm(roll);

/** Fast at first, slowing to a stop (ease-out quart). */
const easeOut = (p: number) => 1 - (1 - p) ** 4;

/** The needle's angle `elapsedMs` into the sweep that lands on `roll`. */
export function needleDeg(elapsedMs: number, roll: number): number {
  const p = Math.min(1, Math.max(0, elapsedMs / SPIN_MS));
  return easeOut(p) * landingDeg(roll);
}

/** How many tick marks a needle moving from `fromDeg` to `toDeg` passed (for the clicks). */
export function ticksPassed(fromDeg: number, toDeg: number): number {
  return Math.max(0, Math.floor(toDeg / TICK_DEG) - Math.floor(fromDeg / TICK_DEG));
}

/** A point of the ring: radius r around (c, c), `deg` clockwise from 12 o'clock. */
export function ringPoint(c: number, r: number, deg: number): { x: number; y: number } {
  const a = (deg * Math.PI) / 180;
  return { x: c + r * Math.sin(a), y: c - r * Math.cos(a) };
}

/**
 * The SVG path of the ring's band from `fromDeg` to `toDeg` (clockwise) between radii r0 and r1.
 * Each edge is drawn as two arcs of at most 180°: one arc whose ends meet (the whole ring) is
 * dropped by the renderer, and a near-full one is at the mercy of rounding.
 */
export function bandPath(c: number, r0: number, r1: number, fromDeg: number, toDeg: number): string {
  const span = Math.min(360, Math.max(0, toDeg - fromDeg));
  const mid = fromDeg + span / 2;
  const end = fromDeg + span;
  const f = (r: number, deg: number) => {
    const p = ringPoint(c, r, deg);
    return `${p.x.toFixed(2)} ${p.y.toFixed(2)}`;
  };
  return [
    `M${f(r1, fromDeg)}`,
    `A${r1} ${r1} 0 0 1 ${f(r1, mid)}`,
    `A${r1} ${r1} 0 0 1 ${f(r1, end)}`,
    `L${f(r0, end)}`,
    `A${r0} ${r0} 0 0 0 ${f(r0, mid)}`,
    `A${r0} ${r0} 0 0 0 ${f(r0, fromDeg)}`,
    'Z',
  ].join(' ');
}
