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
  it('say the same things in all three languages, under fairness.roll, .treasure, .recipe, .lucky, .bag, .wish, .rain and the beacon line of the rain only', () => {
    expect(Object.keys(zhCN)).toEqual(['fairness']);
    expect(Object.keys(zhCN.fairness)).toEqual([
      'roll',
      'treasure',
      'recipe',
      'lucky',
      'bag',
      'wish',
      'rain',
      'beacon',
    ]);
    // The chunk is merged deep into the shell's texts (feature-texts.tsx), overwriting a leaf of
    // the same path: none of its texts may be one of the shell's (the rain's beacon line sits
    // beside the shell's fairness.beacon texts, under a key of its own).
    const shellLeaves = new Set(keys(shell.fairness));
    expect(keys(zhCN.fairness).filter((k) => shellLeaves.has(k))).toEqual([]);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });
});
