import { useRef } from 'react';
import { ApiError, apiPost, type SchemaSource } from './api.ts';
import { toast } from './toast.ts';

/**
 * Requests that move money by a client request id (a box opening, an upgrade): the server acts
 * once per id and answers a repeat with the first result, so a lost answer can be asked again
 * without paying twice.
 */

/** Waits before the automatic retries of a request whose answer was lost on the way. */
export const PAID_RETRY_DELAYS_MS = [600, 1500] as const;

/** No answer reached us: the server may or may not have acted. */
export function answerLost(error: unknown): boolean {
  return error instanceof ApiError && (error.failure === 'network' || error.failure === 'timeout');
}

/**
 * A UUID v4. randomUUID exists only in secure contexts (https, localhost); a site reached over plain
 * http on a LAN address still has getRandomValues.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POSTs a request carrying its request id; a lost answer is retried with the same id after each
 * of PAID_RETRY_DELAYS_MS. Attempts are silent and the final failure is toasted once, with the
 * server's message in the player's language, as the API client would have.
 */
export async function postPaid<T>(path: string, body: unknown, schema: SchemaSource<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiPost(path, body, { schema, silent: true });
    } catch (error) {
      const delay = PAID_RETRY_DELAYS_MS[attempt];
      if (answerLost(error) && delay !== undefined) {
        await wait(delay);
        continue;
      }
      if (error instanceof ApiError && error.failure !== 'unauthorized' && error.failure !== 'aborted') {
        toast.error(error.message);
      }
      throw error;
    }
  }
}

/**
 * The request id to send for an action identified by `key` (which box count, which stake): the
 * id of the same action whose answer never came, else a new one. `settled(error)` after each
 * answer: a success or a refusal forgets the id; a lost answer keeps it, so pressing the button
 * again repeats that request instead of paying twice.
 */
export function useKeptRequestId() {
  const unanswered = useRef<{ key: string; requestId: string } | null>(null);
  return {
    idFor(key: string): string {
      const requestId = unanswered.current?.key === key ? unanswered.current.requestId : newRequestId();
      unanswered.current = { key, requestId };
      return requestId;
    },
    settled(error?: unknown): void {
      if (error === undefined || !answerLost(error)) unanswered.current = null;
    },
  };
}
