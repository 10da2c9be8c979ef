import { ERRORS } from '@kaixiang/shared/errors';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';

/** The refusals that come from the player's own protection settings (errors.ts, 4900–4904). */
const PROTECTION_REFUSALS: ReadonlySet<number> = new Set([
  ERRORS.PROTECTION_EXCLUDED.code,
  ERRORS.PROTECTION_COOL_OFF.code,
  ERRORS.PROTECTION_DEPOSIT_LIMIT.code,
  ERRORS.PROTECTION_LOSS_LIMIT.code,
  ERRORS.PROTECTION_REALITY_CHECK.code,
]);

/** The code of a stake or recharge the player's protection settings refused; null for anything else. */
export function protectionRefusal(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.failure !== 'rejected' || error.code === null) return null;
  return PROTECTION_REFUSALS.has(error.code) ? error.code : null;
}

export const REALITY_CHECK_CODE = ERRORS.PROTECTION_REALITY_CHECK.code;

/**
 * Calls `onRefusal` with the code whenever a query or a mutation of `queryClient` fails with a
 * protection refusal. Every stake and recharge of the site goes through a mutation, so this hears
 * them all without the API client knowing this feature exists. Returns the unsubscribe.
 */
export function watchProtectionRefusals(queryClient: QueryClient, onRefusal: (code: number) => void): () => void {
  const hear = (error: unknown) => {
    const code = protectionRefusal(error);
    if (code !== null) onRefusal(code);
  };
  const offMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') hear(event.action.error);
  });
  const offQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') hear(event.action.error);
  });
  return () => {
    offMutations();
    offQueries();
  };
}
