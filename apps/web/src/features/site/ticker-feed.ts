import { cryptoRandom, jitterMs, type RandomSource } from '../../lib/jitter.ts';

/** Spec 1 §9: tickers hold 20 entries and take new ones at random 1 to 2 s intervals. */
export const TICKER_MIN_MS = 1000;
export const TICKER_MAX_MS = 2000;

export interface TickerFeedOptions<T> {
  size: number;
  onChange: (entries: readonly T[]) => void;
  random?: RandomSource;
  minMs?: number;
  maxMs?: number;
}

/**
 * One ticker's entries. New wins wait in a queue and enter one at a time, each after a random
 * pause, so a burst of wins reads as a stream instead of a jump. The queue keeps at most `size`
 * entries: older ones would be pushed off the ticker before anyone saw them anyway.
 */
export class TickerFeed<T extends { id: number }> {
  private entries: readonly T[] = [];
  private readonly queue: T[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly random: RandomSource;

  constructor(private readonly opts: TickerFeedOptions<T>) {
    this.random = opts.random ?? cryptoRandom;
  }

  /** Replaces what is shown (the fetched list). Queued entries already in it are dropped. */
  reset(entries: readonly T[]): void {
    this.entries = entries.slice(0, this.opts.size);
    const shown = new Set(this.entries.map((e) => e.id));
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (shown.has(this.queue[i]!.id)) this.queue.splice(i, 1);
    }
    this.opts.onChange(this.entries);
  }

  push(entry: T): void {
    if (this.entries.some((e) => e.id === entry.id) || this.queue.some((e) => e.id === entry.id)) return;
    this.queue.push(entry);
    if (this.queue.length > this.opts.size) this.queue.shift();
    this.schedule();
  }

  current(): readonly T[] {
    return this.entries;
  }

  pending(): number {
    return this.queue.length;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer || this.queue.length === 0) return;
    const delay = jitterMs(this.opts.minMs ?? TICKER_MIN_MS, this.opts.maxMs ?? TICKER_MAX_MS, this.random);
    this.timer = setTimeout(() => {
      this.timer = null;
      const next = this.queue.shift();
      if (next) {
        this.entries = [next, ...this.entries].slice(0, this.opts.size);
        this.opts.onChange(this.entries);
      }
      this.schedule();
    }, delay);
  }
}
