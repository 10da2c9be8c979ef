import { TURNTABLE_AREAS, TURNTABLE_ICON_NAMES } from '@kaixiang/game/turntable';
import { ERROR_MESSAGES } from '@kaixiang/shared/errors';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('turntable texts', () => {
  it('say the same things in all three languages, under the one feature key', () => {
    expect(Object.keys(zhCN)).toEqual(['turntable']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });

  it('name every icon and every area', () => {
    for (const texts of [zhCN, zhTW, enUS]) {
      expect(Object.keys(texts.turntable.icons)).toHaveLength(TURNTABLE_ICON_NAMES.length);
      expect(Object.keys(texts.turntable.areas)).toHaveLength(TURNTABLE_AREAS);
    }
  });

  it('word the zero bet as the spec and the server do', () => {
    expect(zhCN.turntable.bet.zero).toBe('押注金额不能为0');
    expect(zhCN.turntable.bet.zeroTitle).toBe('提示');
    expect(zhTW.turntable.bet.zero).toBe(ERROR_MESSAGES.TURNTABLE_BET_ZERO['zh-TW']);
    expect(enUS.turntable.bet.zero).toBe(ERROR_MESSAGES.TURNTABLE_BET_ZERO['en-US']);
  });
});
