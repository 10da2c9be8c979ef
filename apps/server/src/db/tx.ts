import { randomInt } from 'node:crypto';
import type { Db, Tx } from './client.ts';

/** serialization_failure and deadlock_detected: safe to run the whole transaction again. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryableTxError(error: unknown): boolean {
  // Drizzle wraps driver errors; the SQLSTATE sits on the error or somewhere down its causes.
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export interface TxOptions {
  maxRetries?: number;
  isolationLevel?: 'read committed' | 'repeatable read' | 'serializable';
  /** Called before each retry (metrics, tests). */
  onRetry?: (attempt: number, error: unknown) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` in a transaction and runs it again, from the start, when PostgreSQL aborts it for a
 * serialization failure or a deadlock. `fn` must therefore do nothing outside the database that
 * a second run would repeat (publish events after this returns, not inside).
 */
export async function withTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
  const maxRetries = opts.maxRetries ?? 5;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(fn, opts.isolationLevel ? { isolationLevel: opts.isolationLevel } : undefined);
    } catch (error) {
      if (attempt >= maxRetries || !isRetryableTxError(error)) throw error;
      opts.onRetry?.(attempt + 1, error);
      // Exponential backoff with jitter so the colliding transactions do not collide again.
      await sleep(Math.min(200, 5 * 2 ** attempt) + randomInt(0, 10));
    }
  }
}
