import type { Clock } from './clock.ts';

/**
 * Reads kept in memory for `ttlMs` per key: calls in between share the copy, or the read in
 * flight. A failed read is not kept (the next call asks again); `clear` forgets everything (the
 * process that changed what is read, right after its commit).
 */
export function createTtlCache(clock: Clock, ttlMs: number) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => PromiseLike<T>): Promise<T> {
      const now = clock.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      // Settled into a real promise once: a Drizzle query is a thenable that runs again each time
      // it is awaited, so caching the query itself would cache nothing.
      const value = Promise.resolve(load());
      const entry = { at: now, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}
