import { useCallback, useRef } from 'react';

/** Spec 1 §4 and spec 2 §4: after a login, register, ID verification … submission, 3 s of nothing. */
export const SUBMIT_LOCK_MS = 3000;

/**
 * `tryLock()` answers true and starts the lock when free; false while locked. A ref, not state:
 * a double click lands before React re-renders.
 */
export function useSubmitLock(ms: number = SUBMIT_LOCK_MS) {
  const lockedUntil = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now < lockedUntil.current) return false;
    lockedUntil.current = now + ms;
    return true;
  }, [ms]);
}
