import { describe, expect, it } from 'vitest';
import shell from '../i18n/zh-CN.json';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('the verifiers’ texts loaded with the fairness page', () => {
  it('say the same things in all three languages, under fairness.roll, .treasure, .recipe, .lucky, .bag, .rain and the beacon line of the rain only', () => {
    expect(Object.keys(zhCN)).toEqual(['fairness']);
    expect(Object.keys(zhCN.fairness)).toEqual(['roll', 'treasure', 'recipe', 'lucky', 'bag', 'rain', 'beacon']);
    // None of them is also among the shell's fairness texts, which a deep merge would overwrite.
    expect(Object.keys(zhCN.fairness).filter((k) => k in shell.fairness)).toEqual([]);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });
});
