import { ERROR_MESSAGES } from '@kaixiang/shared/errors';
import { UPGRADE_MAX_STAKE_ITEMS } from '@kaixiang/shared/upgrade-paths';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const LOCALES = [
  ['zh-CN', zhCN],
  ['zh-TW', zhTW],
  ['en-US', enUS],
] as const;

describe('upgrade texts', () => {
  it('say the same things in all three languages, under the one feature key', () => {
    expect(Object.keys(zhCN)).toEqual(['upgrade']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });

  it('refuse a stake in the words the server uses for the same refusal', () => {
    for (const [locale, texts] of LOCALES) {
      const refused = texts.upgrade.refused;
      expect(refused.STAKE_EMPTY).toBe(ERROR_MESSAGES.UPGRADE_STAKE_EMPTY[locale]);
      expect(refused.STAKE_NOT_BELOW_TARGET).toBe(ERROR_MESSAGES.UPGRADE_STAKE_TOO_HIGH[locale]);
      expect(refused.RATE_TOO_LOW).toBe(ERROR_MESSAGES.UPGRADE_RATE_TOO_LOW[locale]);
      expect(texts.upgrade.stake.tooMany.replace('{{max}}', String(UPGRADE_MAX_STAKE_ITEMS))).toBe(
        ERROR_MESSAGES.UPGRADE_TOO_MANY_ITEMS[locale],
      );
    }
  });
});
