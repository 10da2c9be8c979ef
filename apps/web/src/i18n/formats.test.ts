import { describe, expect, it } from 'vitest';
import { groupThousands, numericDate } from './formats.ts';

describe('formats written out without Intl', () => {
  it('groups thousands as zh-CN, zh-TW and en-US all do', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, -98_765, 2 ** 53 - 1]) {
      expect(groupThousands(n)).toBe(new Intl.NumberFormat('en-US').format(n));
      expect(groupThousands(n)).toBe(new Intl.NumberFormat('zh-CN').format(n));
    }
  });

  it('writes a day as Intl does with 2-digit month and day, in local time', () => {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
    for (const ms of [Date.UTC(2026, 0, 5, 12), Date.UTC(2026, 10, 25, 23, 59), Date.UTC(1999, 11, 31, 1)]) {
      for (const locale of ['zh-CN', 'zh-TW', 'en-US']) {
        expect(numericDate(locale, ms)).toBe(new Intl.DateTimeFormat(locale, options).format(ms));
      }
    }
  });
});
