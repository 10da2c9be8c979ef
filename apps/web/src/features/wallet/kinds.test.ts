import { TRANSFER_KINDS } from '@kaixiang/shared/wallet';
import { describe, expect, it } from 'vitest';
import enUS from './i18n/en-US.json';
import zhCN from './i18n/zh-CN.json';
import zhTW from './i18n/zh-TW.json';

describe('transfer kind labels', () => {
  it('every kind a player can see has a label in all three languages', () => {
    for (const bundle of [zhCN, zhTW, enUS]) {
      const labels = bundle.wallet.kind as Record<string, string>;
      expect(Object.keys(labels).sort()).toEqual([...TRANSFER_KINDS].sort());
      for (const kind of TRANSFER_KINDS) expect(labels[kind]).toBeTruthy();
    }
  });
});
