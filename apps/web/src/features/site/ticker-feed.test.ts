import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TickerFeed } from './ticker-feed.ts';

type Entry = { id: number };
const e = (id: number): Entry => ({ id });

function feed(random: () => number, size = 3) {
  const shown: number[][] = [];
  const f = new TickerFeed<Entry>({ size, random, onChange: (list) => shown.push(list.map((x) => x.id)) });
  return { f, shown, ids: () => f.current().map((x) => x.id) };
}

describe('TickerFeed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the fetched list at once, cut to the ticker size', () => {
    const { f, ids } = feed(() => 0);
    f.reset([e(5), e(4), e(3), e(2)]);
    expect(ids()).toEqual([5, 4, 3]);
  });

  it('lets new wins in one at a time, each after a random pause of 1 to 2 s', () => {
    const draws = [0, 0.5, 0.999];
    const { f, ids } = feed(() => draws.shift() ?? 0);
    f.reset([e(1)]);
    f.push(e(2));
    f.push(e(3));
    f.push(e(4));
    vi.advanceTimersByTime(999);
    expect(ids()).toEqual([1]);
    vi.advanceTimersByTime(1); // 1000 ms: first pause, random 0
    expect(ids()).toEqual([2, 1]);
    vi.advanceTimersByTime(1499);
    expect(ids()).toEqual([2, 1]);
    vi.advanceTimersByTime(1); // +1500 ms: random 0.5
    expect(ids()).toEqual([3, 2, 1]);
    vi.advanceTimersByTime(1998);
    expect(ids()).toEqual([3, 2, 1]);
    vi.advanceTimersByTime(1); // +1999 ms: random 0.999
    expect(ids()).toEqual([4, 3, 2]);
    expect(f.pending()).toBe(0);
  });

  it('ignores an entry it already shows or holds', () => {
    const { f, ids } = feed(() => 0);
    f.reset([e(1)]);
    f.push(e(1));
    f.push(e(2));
    f.push(e(2));
    expect(f.pending()).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(ids()).toEqual([2, 1]);
  });

  it('keeps at most a ticker-full of waiting entries, dropping the oldest', () => {
    const { f, ids } = feed(() => 0, 2);
    for (let id = 1; id <= 5; id++) f.push(e(id));
    expect(f.pending()).toBe(2);
    vi.advanceTimersByTime(2000);
    expect(ids()).toEqual([5, 4]);
  });

  it('stops after dispose', () => {
    const { f, ids } = feed(() => 0);
    f.push(e(1));
    f.dispose();
    vi.advanceTimersByTime(5000);
    expect(ids()).toEqual([]);
  });
});
