/**
 * Stored preferences (spec 1 §3): key prefix `kx_`, each value wrapped as
 * {datatype, content, timestamp} so a reader can tell a stored `false` from a missing key and
 * know how old a value is. Storage can be unavailable (private mode, quota): reads then fall back
 * to the default and writes are dropped, never thrown.
 */
export const STORAGE_PREFIX = 'kx_';

interface Stored<T> {
  datatype: string;
  content: T;
  timestamp: number;
}

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored<T>(key: string, fallback: T, which: Area = 'local'): T {
  const raw = area(which)?.getItem(STORAGE_PREFIX + key);
  if (raw == null) return fallback;
  try {
    const parsed = JSON.parse(raw) as Partial<Stored<T>>;
    if (parsed && typeof parsed === 'object' && 'content' in parsed && parsed.datatype === typeof fallback) {
      return parsed.content as T;
    }
  } catch {
    // A value written by something else: ignore it.
  }
  return fallback;
}

export function writeStored<T>(key: string, content: T, which: Area = 'local', nowMs: number = Date.now()): void {
  const value: Stored<T> = { datatype: typeof content, content, timestamp: nowMs };
  try {
    area(which)?.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: the preference lasts for this page only.
  }
}

export function removeStored(key: string, which: Area = 'local'): void {
  try {
    area(which)?.removeItem(STORAGE_PREFIX + key);
  } catch {
    // nothing to do
  }
}
