import { CUP_FIXTURE_STATES, CUP_PICKS } from '@kaixiang/shared/cup';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('world cup texts', () => {
  it('say the same things in all three languages, under the one feature key', () => {
    expect(Object.keys(zhCN)).toEqual(['cup']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });

  it('name every pick, fixture state and prediction status', () => {
    for (const texts of [zhCN, zhTW, enUS]) {
      expect(Object.keys(texts.cup.pick).sort()).toEqual([...CUP_PICKS].sort());
      expect(Object.keys(texts.cup.fixtures.state).sort()).toEqual([...CUP_FIXTURE_STATES].sort());
      expect(Object.keys(texts.cup.mine.status).sort()).toEqual(['lost', 'open', 'void', 'won']);
    }
  });
});
