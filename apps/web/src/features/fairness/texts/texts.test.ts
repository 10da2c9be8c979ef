import { TURNTABLE_ICON_NAMES } from '@kaixiang/game/turntable';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('the fairness page’s texts, loaded with its chunk', () => {
  it('say the same things in all three languages, under the one feature key', () => {
    expect(Object.keys(zhCN)).toEqual(['fairness']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });

  it('name every turntable icon the rules name', () => {
    for (const texts of [zhCN, zhTW, enUS]) {
      expect(Object.keys(texts.fairness.turntable.icons).sort()).toEqual([...new Set(TURNTABLE_ICON_NAMES)].sort());
    }
  });
});
