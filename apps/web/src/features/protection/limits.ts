import { formatUnits, yuanToUnits } from '@kaixiang/shared/money';
import { LIMIT_FIELDS, LIMIT_MAX_UNITS, type LimitField, type LimitsRequest } from '@kaixiang/shared/protection';

/** What the player typed in each limit field, in yuan; '' is "no limit". */
export type LimitInputs = Record<LimitField, string>;

/** A limit as the form shows it: yuan with two decimals, or '' for none. */
export function limitText(units: number | null): string {
  return units === null ? '' : formatUnits(units);
}

/** The form's starting values: the limits in force now. */
export function limitInputs(limits: Record<LimitField, number | null>): LimitInputs {
  return Object.fromEntries(LIMIT_FIELDS.map((f) => [f, limitText(limits[f])])) as LimitInputs;
}

/** Yuan with at most two decimals, as the server accepts them (PROTECTION_LIMIT_INVALID otherwise). */
const YUAN_2DP = /^\d+(?:\.\d{1,2})?$/;

/**
 * One typed limit in units: null for an empty field ("no limit"), undefined when it is not a
 * limit the server would take (not a number, more than two decimals, zero, above the maximum).
 * The server checks again; this only answers at once.
 */
export function parseLimit(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!YUAN_2DP.test(trimmed)) return undefined;
  const units = yuanToUnits(trimmed);
  return units >= 1 && units <= LIMIT_MAX_UNITS ? units : undefined;
}

export type LimitChanges = { ok: true; limits: LimitsRequest['limits'] } | { ok: false; invalid: LimitField[] };

/**
 * The fields whose typed value differs from the limit in force, ready to send: a field left as
 * it was is not sent, so a raise already waiting for it is not restarted by an unrelated save.
 */
export function changedLimits(inForce: Record<LimitField, number | null>, inputs: LimitInputs): LimitChanges {
  const invalid: LimitField[] = [];
  const limits: LimitsRequest['limits'] = {};
  for (const field of LIMIT_FIELDS) {
    const value = parseLimit(inputs[field]);
    if (value === undefined) invalid.push(field);
    else if (value !== inForce[field]) limits[field] = value;
  }
  return invalid.length > 0 ? { ok: false, invalid } : { ok: true, limits };
}
