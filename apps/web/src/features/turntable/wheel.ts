import { TURNTABLE_INNER_FIRST, TURNTABLE_INNER_WEIGHTS, TURNTABLE_OUTER_WEIGHTS } from '@kaixiang/game/turntable';

/**
 * The geometry of the two wheels (packages/game/src/turntable.ts): each icon owns one sector as
 * wide as its weight's share of its wheel, in icon order, clockwise from 12 o'clock, where the
 * pointer is. Landing is a pure function of the round, so every screen (and a late visitor)
 * turns the wheels the same way at the same server time.
 */
export interface Sector {
  icon: number;
  /** Degrees clockwise from the pointer (12 o'clock), before the wheel turns. */
  startDeg: number;
  endDeg: number;
}

function sectorsOf(weights: readonly number[], firstIcon: number): Sector[] {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = 0;
  return weights.map((weight, i) => {
    const startDeg = (at / total) * 360;
    at += weight;
    return { icon: firstIcon + i, startDeg, endDeg: (at / total) * 360 };
  });
}

export const OUTER_SECTORS: readonly Sector[] = sectorsOf(TURNTABLE_OUTER_WEIGHTS, 0);
export const INNER_SECTORS: readonly Sector[] = sectorsOf(TURNTABLE_INNER_WEIGHTS, TURNTABLE_INNER_FIRST);

/** Whole turns a wheel makes on top of the way to its icon: enough to read as a spin. */
export const OUTER_TURNS = 5;
export const INNER_TURNS = 3;

const norm = (deg: number) => ((deg % 360) + 360) % 360;

/**
 * Where in its sector an icon stops for this round: somewhere in the middle half, picked from the
 * round id, so the pointer is never on a border and the same round always stops at the same spot.
 */
export function landingPoint(sectors: readonly Sector[], icon: number, roundId: number): number {
  const sector = sectors.find((s) => s.icon === icon) ?? sectors[0]!;
  // Knuth's multiplicative hash of the round id: any fixed spread will do.
  const fraction = ((Math.imul(roundId, 2654435761) >>> 0) % 1000) / 1000;
  return sector.startDeg + (sector.endDeg - sector.startDeg) * (0.25 + 0.5 * fraction);
}

/** The wheel's rotation, in [0, 360), that puts the round's icon under the pointer. */
export function restAngle(sectors: readonly Sector[], icon: number, roundId: number): number {
  return norm(-landingPoint(sectors, icon, roundId));
}

export interface Spin {
  fromDeg: number;
  toDeg: number;
}

/**
 * A spin from where the wheel rested to the round's icon, `turns` whole turns and the rest of the
 * way: clockwise (growing angles) for +1, the other way for −1.
 */
export function spinTo(fromDeg: number, targetDeg: number, turns: number, direction: 1 | -1): Spin {
  const rest = direction === 1 ? norm(targetDeg - fromDeg) : -norm(fromDeg - targetDeg);
  return { fromDeg, toDeg: fromDeg + rest + direction * 360 * turns };
}

/** Fast at first, slowing to a stop (ease-out quart). */
export function spinEase(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return 1 - (1 - c) ** 4;
}

export function angleAt(spin: Spin, elapsedMs: number, durationMs: number): number {
  return spin.fromDeg + (spin.toDeg - spin.fromDeg) * spinEase(elapsedMs / durationMs);
}

/** The icon under the pointer when the wheel has turned by `angleDeg`. */
export function iconUnderPointer(sectors: readonly Sector[], angleDeg: number): number {
  const at = norm(-angleDeg);
  return (sectors.find((s) => at >= s.startDeg && at < s.endDeg) ?? sectors[sectors.length - 1]!).icon;
}
