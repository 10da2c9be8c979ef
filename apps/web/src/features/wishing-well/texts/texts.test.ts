import { WISH_CURRENCIES } from '@kaixiang/shared/wishing-well-paths';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('wishing well texts', () => {
  it('say the same things in all three languages, under the one feature key', () => {
    expect(Object.keys(zhCN)).toEqual(['wishingWell']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });

  it('name every currency a wish is paid in, its price and what is short of it', () => {
    for (const texts of [zhCN, zhTW, enUS]) {
      expect(Object.keys(texts.wishingWell.unit).sort()).toEqual([...WISH_CURRENCIES].sort());
      expect(Object.keys(texts.wishingWell.price).sort()).toEqual([...WISH_CURRENCIES].sort());
      expect(Object.keys(texts.wishingWell.button.short).sort()).toEqual([...WISH_CURRENCIES].sort());
    }
  });
});
