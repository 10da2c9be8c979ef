import { useCallback, useRef } from 'react';

/** Spec 1 §4 and spec 2 §4: after a login, register, ID verification … submission, 3 s of nothing. */
export const SUBMIT_LOCK_MS = 3000;

/**
 * `tryLock()` answers true and starts the lock when free; false while locked. A ref, not state:
 * a double click lands before React re-renders. `release()` ends the lock early: a dialog that
 * closed after a successful submission opens again unlocked, since the lock is there to stop a
 * repeated attempt, not the next one.
 */
export function useSubmitLock(ms: number = SUBMIT_LOCK_MS): { tryLock: () => boolean; release: () => void } {
  const lockedUntil = useRef(0);
  const tryLock = useCallback(() => {
    const now = Date.now();
    if (now < lockedUntil.current) return false;
    lockedUntil.current = now + ms;
    return true;
  }, [ms]);
  const release = useCallback(() => {
    lockedUntil.current = 0;
  }, []);
  return { tryLock, release };
}
