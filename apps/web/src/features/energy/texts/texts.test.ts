import { ENERGY_LEVEL_STATES, FREE_BOX_KINDS } from '@kaixiang/shared/energy';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('energy box texts', () => {
  it('say the same things in all three languages, under the one feature key', () => {
    expect(Object.keys(zhCN)).toEqual(['energyBox']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });

  it('name every state of a level', () => {
    for (const texts of [zhCN, zhTW, enUS]) {
      expect(Object.keys(texts.energyBox.state).sort()).toEqual([...ENERGY_LEVEL_STATES].sort());
    }
  });

  it('name and explain every free box', () => {
    for (const texts of [zhCN, zhTW, enUS]) {
      expect(Object.keys(texts.energyBox.free.kind).sort()).toEqual([...FREE_BOX_KINDS].sort());
      expect(Object.keys(texts.energyBox.free.rule).sort()).toEqual([...FREE_BOX_KINDS].sort());
    }
  });
});
