import { BAG_SOURCES } from '@kaixiang/shared/bags-paths';
import { describe, expect, it } from 'vitest';
import shellEn from '../i18n/en-US.json';
import shellZhCN from '../i18n/zh-CN.json';
import shellZhTW from '../i18n/zh-TW.json';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('lucky bag texts', () => {
  it('say the same things in all three languages, under the one feature key', () => {
    expect(Object.keys(zhCN)).toEqual(['bags']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
    expect(keys(shellZhTW)).toEqual(keys(shellZhCN));
    expect(keys(shellEn)).toEqual(keys(shellZhCN));
  });

  it('name every source a bag can come from', () => {
    expect(Object.keys(zhCN.bags.record.sources).sort()).toEqual([...BAG_SOURCES].sort());
  });

  it('stay out of the shell’s first-load bundles, but for the menu entry', () => {
    expect(Object.keys(shellZhCN.bags)).toEqual(['menu']);
    const lazy = new Set(keys(zhCN));
    expect(keys(shellZhCN).some((k) => lazy.has(k))).toBe(false);
  });
});
