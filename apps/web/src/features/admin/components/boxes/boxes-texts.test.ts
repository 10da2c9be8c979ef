import { describe, expect, it } from 'vitest';
import enUS from './texts/en-US.json';
import zhCN from './texts/zh-CN.json';
import zhTW from './texts/zh-TW.json';

/** Every leaf's path; English plural forms (`_one`, `_other`) count as the one key they are. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return [...new Set(Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)))];
}

describe('the Boxes screen’s texts', () => {
  it('say the same things in all three languages, under the one feature key', () => {
    expect(Object.keys(zhCN)).toEqual(['adminBoxes']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });
});
