import { yuanToUnits } from '@kaixiang/shared/money';

/** A yuan amount as typed, in units; null when it is not one. */
export function unitsOf(text: string): number | null {
  try {
    return yuanToUnits(text.trim());
  } catch {
    return null;
  }
}

/**
 * A moment in the reader's own time zone as back offices write it, `2026-11-28 14:03:07`: the same
 * in the three languages, sortable by eye, and exact to the second for matching other logs.
 */
const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export function localDateTime(ms: number): string {
  const d = new Date(ms);
  return `${localDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A moment as a datetime-local input's value: the reader's time zone, to the minute. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  return `${localDate(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The key an authenticator shows it in: groups of four, so it can be read out and typed without losing the place. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
