import type { ErrorKey } from '@kaixiang/shared/errors';
import { sqlStateOf } from '../../db/tx.ts';

/** SQLSTATE of a stake the ledger's protection guard refused (db/functions/protection.sql). */
export const SQLSTATE_PROTECTION = 'KX003';

const CAUSES: Record<string, ErrorKey> = {
  'protection:excluded': 'PROTECTION_EXCLUDED',
  'protection:cool_off': 'PROTECTION_COOL_OFF',
  'protection:reality_check': 'PROTECTION_REALITY_CHECK',
  'protection:loss_limit': 'PROTECTION_LOSS_LIMIT',
};

/**
 * The player's error for a stake the ledger refused for protection, or null for any other error.
 * The refusal may come from deep inside a game's statement; the error handler answers it wherever
 * it surfaces, so no game needs to know of protection.
 */
export function protectionRefusalOf(error: unknown): ErrorKey | null {
  if (sqlStateOf(error) !== SQLSTATE_PROTECTION) return null;
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string') {
      for (const [cause, key] of Object.entries(CAUSES)) if (message.includes(cause)) return key;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return 'PROTECTION_EXCLUDED';
}
