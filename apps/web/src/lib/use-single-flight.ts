import { useCallback, useRef } from 'react';

/**
 * A paid action sent once however often it is clicked: `once(send)` does nothing while an earlier
 * send is in flight (marked at the click itself, so a second click of the same tick sees it). A
 * refusal is the API client's to show in the server's words; `once` resolves to the answer, or to
 * null when the send was refused or skipped.
 */
export function useSingleFlight(): <T>(send: () => Promise<T>) => Promise<T | null> {
  const inFlight = useRef(false);
  return useCallback(async <T>(send: () => Promise<T>): Promise<T | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    try {
      return await send();
    } catch {
      return null;
    } finally {
      inFlight.current = false;
    }
  }, []);
}
