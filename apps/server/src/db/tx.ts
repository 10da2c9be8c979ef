import { randomInt } from 'node:crypto';
import type { Db, Tx } from './client.ts';

/** serialization_failure and deadlock_detected: safe to run the whole transaction again. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryableTxError(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && RETRYABLE.has(code);
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

/** The SQLSTATE of a database error, looked for down the causes Drizzle wraps it in. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The rows of a raw `execute` (both drivers answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A PostgreSQL array literal, sent as one text parameter and cast in the statement
 * (`${pgArray(ids)}::integer[]`): both drivers take it alike, where a JS array would be spread
 * into one parameter per element by the SQL builder.
 */
export function pgArray(values: readonly (string | number)[]): string {
  const items = values.map((v) => {
    if (typeof v === 'number') {
      if (!Number.isSafeInteger(v)) throw new RangeError(`not a safe integer: ${v}`);
      return String(v);
    }
    return `"${v.replace(/["\\]/g, '\\$&')}"`;
  });
  return `{${items.join(',')}}`;
}
