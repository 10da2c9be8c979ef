import { POINTS_SHOP_KINDS, POINTS_SHOP_STATES } from '@kaixiang/shared/points-shop-paths';
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

describe('points shop texts', () => {
  it('say the same things in all three languages, under the one feature key', () => {
    expect(Object.keys(zhCN)).toEqual(['pointsShop']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
    expect(keys(shellZhTW)).toEqual(keys(shellZhCN));
    expect(keys(shellEn)).toEqual(keys(shellZhCN));
  });

  it('name every kind, and a button for every state but the buyable one', () => {
    expect(Object.keys(zhCN.pointsShop.kind).sort()).toEqual([...POINTS_SHOP_KINDS].sort());
    for (const s of POINTS_SHOP_STATES.filter((s) => s !== 'on')) expect(zhCN.pointsShop.button).toHaveProperty(s);
  });

  it('stay out of the shell’s first-load bundles, but for the menu entry', () => {
    expect(Object.keys(shellZhCN.pointsShop)).toEqual(['menu']);
    const lazy = new Set(keys(zhCN));
    expect(keys(shellZhCN).some((k) => lazy.has(k))).toBe(false);
  });
});
