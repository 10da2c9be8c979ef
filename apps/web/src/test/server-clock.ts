import { expect } from 'vitest';

/**
 * A server whose clock is an hour ahead of the browser's, for countdown tests: a countdown drawn
 * on the browser's clock would show an hour more. The first `now()` pins the server's moment; a
 * countdown read later shows what was left then, less the seconds since (however slow the machine).
 */
export function serverClock(aheadMs = 3_600_000) {
  let pinnedAt = 0;
  return {
    now(): number {
      if (!pinnedAt) pinnedAt = Date.now();
      return pinnedAt + aheadMs;
    },
    /** `text` (HH:MM:SS) is `seconds` as of the pinned moment, less the whole seconds since. */
    expectCountdown(text: string | null, seconds: number): void {
      const [h = 0, m = 0, s = 0] = (text ?? '').split(':').map(Number);
      const shown = h * 3600 + m * 60 + s;
      const since = Math.ceil((Date.now() - pinnedAt) / 1000);
      expect(shown, text ?? '').toBeLessThanOrEqual(seconds);
      expect(shown, text ?? '').toBeGreaterThanOrEqual(seconds - since - 1);
    },
  };
}
