import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('the verifiers’ texts loaded with the fairness page', () => {
  it('say the same things in all three languages, under fairness.roll, .treasure, .recipe, .rain and the beacon line of the rain only', () => {
    expect(Object.keys(zhCN)).toEqual(['fairness']);
    expect(Object.keys(zhCN.fairness)).toEqual(['roll', 'treasure', 'recipe', 'rain', 'beacon']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });
});
