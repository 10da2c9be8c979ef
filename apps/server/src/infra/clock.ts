/** Time comes in through a port so services and tests agree on "now" (STYLE.md §4). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
