/**
 * Waits for a state, never for a time: polls `what` until it gives a truthy value and returns it.
 * The timeout is only there to fail a test that would otherwise hang (CI runs on a loaded machine:
 * keep it generous).
 */
export async function until<T>(what: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
