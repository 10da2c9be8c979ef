import { describe, expect, it } from 'vitest';
import shellZhCN from '../../../i18n/locales/zh-CN.json';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

/** Every leaf's path; English plural forms (`_one`, `_other`) count as the one key they are. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return [...new Set(Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)))];
}

describe('console texts', () => {
  it('say the same things in all three languages, under the one feature key', () => {
    expect(Object.keys(zhCN)).toEqual(['admin']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });

  it('stay out of the shell’s first-load bundles (which merge features/*/i18n/), and overwrite none of its texts', () => {
    const merged = import.meta.glob('../../*/i18n/zh-CN.json');
    expect(Object.keys(merged).some((path) => path.includes('/admin/'))).toBe(false);
    const shell = new Set(keys(shellZhCN));
    expect(keys(zhCN).filter((k) => shell.has(k))).toEqual([]);
  });
});
