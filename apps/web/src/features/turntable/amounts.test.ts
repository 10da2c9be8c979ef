import { describe, expect, it } from 'vitest';
import { compactYuan } from './amounts.ts';

const yuan = (y: number) => Math.round(y * 10_000);

describe('amounts in the narrow betting areas', () => {
  it('under the threshold (¥1,000 unless told) as every price; from it in at most five characters, floored', () => {
    expect(compactYuan(0, 'zh-CN')).toBe('0.00');
    expect(compactYuan(yuan(100), 'zh-CN')).toBe('100.00');
    expect(compactYuan(yuan(999.99) + 99, 'en-US')).toBe('999.99');
    expect(compactYuan(yuan(1_000), 'zh-CN')).toBe('1000');
    expect(compactYuan(yuan(9_999.99), 'en-US')).toBe('9999');
    expect(compactYuan(yuan(99.99), 'zh-CN', 100)).toBe('99.99');
    expect(compactYuan(yuan(100), 'zh-CN', 100)).toBe('100');
    expect(compactYuan(yuan(100.5), 'en-US', 100)).toBe('100.5');
    expect(compactYuan(yuan(999.99), 'en-US', 100)).toBe('999.9');
  });

  it('in 万 and 亿 in Chinese, K, M and B in English, never rounded up', () => {
    const tw = (zh: string) => zh.replace('万', '萬').replace('亿', '億');
    const cases: [number, string, string][] = [
      [10_000, '1万', '10K'],
      [12_345.67, '1.23万', '12.3K'],
      [19_999.99, '1.99万', '19.9K'],
      [50_000, '5万', '50K'],
      [123_456.78, '12.3万', '123K'],
      [999_999.99, '99.9万', '999K'],
      [1_000_000, '100万', '1M'],
      [12_345_678, '1234万', '12.3M'],
      [123_456_789, '1.23亿', '123M'],
      [4_567_890_123, '45.6亿', '4.56B'],
    ];
    for (const [y, zh, en] of cases) {
      expect([y, compactYuan(yuan(y), 'zh-CN'), compactYuan(yuan(y), 'zh-TW'), compactYuan(yuan(y), 'en-US')]).toEqual([
        y,
        zh,
        tw(zh),
        en,
      ]);
    }
  });

  it('never takes more than five characters from the threshold on', () => {
    for (let units = yuan(100); units < 2 ** 52; units = Math.floor(units * 1.37) + 7) {
      for (const locale of ['zh-CN', 'zh-TW', 'en-US'] as const)
        expect(compactYuan(units, locale, 100).length).toBeLessThanOrEqual(5);
    }
  });

  it('refuses what is not an amount', () => {
    expect(() => compactYuan(-1, 'zh-CN')).toThrow(RangeError);
    expect(() => compactYuan(1.5, 'zh-CN')).toThrow(RangeError);
  });
});
