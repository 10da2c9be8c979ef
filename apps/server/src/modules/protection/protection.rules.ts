import { LIMIT_FIELDS, LIMIT_MAX_UNITS, LIMIT_RAISE_DELAY_MS, type LimitField } from '@kaixiang/shared/protection';

export type Limits = Record<LimitField, number | null>;
/** Raises and removals waiting: field → the value it will take and when (epoch ms). */
export type Pending = Partial<Record<LimitField, { value: number | null; at: number }>>;

/** A limit is whole cents (100 units) from 0.01 yuan to LIMIT_MAX_UNITS, or null for none. */
export function isValidLimit(v: unknown): v is number | null {
  return (
    v === null ||
    (typeof v === 'number' && Number.isSafeInteger(v) && v >= 100 && v <= LIMIT_MAX_UNITS && v % 100 === 0)
  );
}

/** True when `next` is at least as strict as `current` (null is no limit: the loosest). */
const stricter = (next: number | null, current: number | null) =>
  next !== null && (current === null || next <= current);

/**
 * The limits after a player's change (issue 24 §2): a cut (or a first limit) applies at once and
 * drops any raise of that field still waiting; a raise or a removal waits LIMIT_RAISE_DELAY_MS
 * (asking again replaces the wait, from now); asking for the limit already in force just drops a
 * waiting raise. Fields not named keep their limit and their wait. Pure: the caller validated the
 * values and holds the row's lock.
 */
export function applyLimitChanges(
  current: Limits,
  pending: Pending,
  changes: Partial<Record<LimitField, number | null>>,
  nowMs: number,
): { limits: Limits; pending: Pending; applied: LimitField[]; waiting: LimitField[] } {
  const limits = { ...current };
  const next: Pending = { ...pending };
  const applied: LimitField[] = [];
  const waiting: LimitField[] = [];
  for (const field of LIMIT_FIELDS) {
    if (!(field in changes)) continue;
    const value = changes[field];
    if (value === undefined) continue;
    if (value === current[field]) {
      delete next[field];
    } else if (stricter(value, current[field])) {
      limits[field] = value;
      delete next[field];
      applied.push(field);
    } else {
      next[field] = { value, at: nowMs + LIMIT_RAISE_DELAY_MS };
      waiting.push(field);
    }
  }
  return { limits, pending: next, applied, waiting };
}
