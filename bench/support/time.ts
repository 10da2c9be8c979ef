/** The chaos run's clock: milliseconds since the run started, for its timeline and records. */
const t0 = performance.now();

export const at = () => performance.now() - t0;
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const log = (msg: string) => console.log(`[${(at() / 1000).toFixed(1).padStart(5)} s] ${msg}`);
