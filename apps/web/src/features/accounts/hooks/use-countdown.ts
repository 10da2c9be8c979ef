import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 1 §9: the send-code button waits 60 s before a code can be asked for again. */
export const SEND_CODE_COUNTDOWN_S = 60;

/** Seconds left of a running countdown (0 when idle), with start and reset. */
export function useCountdown(seconds: number = SEND_CODE_COUNTDOWN_S) {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);
  const start = useCallback(() => {
    stop();
    // Counted from the start time, not by ticks: a throttled background tab must not stretch it.
    const endsAt = Date.now() + seconds * 1000;
    setLeft(seconds);
    timer.current = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) stop();
    }, 1000);
  }, [seconds, stop]);
  const reset = useCallback(() => {
    stop();
    setLeft(0);
  }, [stop]);
  useEffect(() => stop, [stop]);
  return { left, running: left > 0, start, reset };
}
