import type { ErrorKey } from './errors.ts';

/** Every API response (spec 1 §7). */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
  /** Stable error key on failures; absent on success. */
  error?: ErrorKey;
  /** Per-field problems for VALIDATION_FAILED, already in the request's language. */
  details?: { path: string; message: string }[];
}

export const OK_CODE = 200;
/** Item sale and one game-platform login flow use 0 for success (spec 1 §7). */
export const OK_CODE_ZERO = 0;

export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { code: OK_CODE, data, msg };
}
