import { useEffect, useState } from 'react';

/** Hours, minutes and seconds left (and whole days past 24 h), each two digits but the days. */
export function countdownParts(leftMs: number): { d: number; h: string; m: string; s: string } {
  const total = Math.max(0, Math.ceil(leftMs / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const d = Math.floor(total / 86_400);
  return {
    d,
    h: pad(Math.floor((total % 86_400) / 3600)),
    m: pad(Math.floor((total % 3600) / 60)),
    s: pad(total % 60),
  };
}

/**
 * Milliseconds until `atMs` on the server's clock (`offsetMs`: server minus ours; 0 where an
 * answer carries no server time), re-read every second. Our own clock may be minutes off; the
 * server's is what its deadlines follow.
 */
export function useMsUntil(atMs: number, offsetMs: number): number {
  // Read on every render, not kept: a kept value would still be the old deadline's for the render in
  // which a new one arrives (a deadline of 0 before the data: "passed", and every page asked again).
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return atMs - (Date.now() + offsetMs);
}

/**
 * Server time minus ours, from an answer's `now`: the server read its clock somewhere between our
 * send (`sentAtMs`) and the answer's arrival (now), so take the middle.
 */
export function serverOffsetMs(serverNowMs: number, sentAtMs: number): number {
  return serverNowMs - (sentAtMs + Date.now()) / 2;
}
