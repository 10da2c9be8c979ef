/**
 * Random source for UI jitter (ticker pacing). Not for game outcomes: those are decided on the
 * server, provably fair. Injectable so tests can pin the timing.
 */
export type RandomSource = () => number;

/** A float in [0, 1) from the platform's CSPRNG. */
export const cryptoRandom: RandomSource = () => {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return (buf[0] ?? 0) / 2 ** 32;
};

/** A whole number of milliseconds in [minMs, maxMs]. */
export function jitterMs(minMs: number, maxMs: number, random: RandomSource = cryptoRandom): number {
  return Math.round(minMs + random() * (maxMs - minMs));
}
