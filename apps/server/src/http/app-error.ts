import type { ErrorKey } from '@kaixiang/shared/errors';

/**
 * An expected failure with a stable key. The error handler turns it into the envelope with the
 * message in the request's language; `msg` overrides that text only where a module needs a
 * message of its own (it must then be localised by the caller).
 */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly options: { msg?: string; data?: unknown; details?: { path: string; message: string }[] } = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}
