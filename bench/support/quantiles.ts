/** The count, median, 99th percentile and maximum of some measurements (nearest rank). */
export function quantiles(values: readonly number[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  return { n: sorted.length, p50: q(0.5), p99: q(0.99), max: sorted.at(-1) ?? 0 };
}
