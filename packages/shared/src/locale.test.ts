import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale.ts';

describe('resolveLocale', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK,en;q=0.5', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['en-US,en;q=0.9', 'en-US'],
    ['fr-FR,en;q=0.8', 'en-US'],
    ['fr-FR', 'zh-CN'],
    ['en;q=0.3,zh-TW;q=0.9', 'zh-TW'],
  ])('%s → %s', (header, expected) => {
    expect(resolveLocale(header)).toBe(expected);
  });
});
