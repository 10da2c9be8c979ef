import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ERRORS, type ErrorKey } from './errors.ts';

describe('the error catalogue', () => {
  it('gives every error its own code, so a client can tell any two apart', () => {
    const byCode = new Map<number, ErrorKey[]>();
    for (const [key, e] of Object.entries(ERRORS) as [ErrorKey, { code: number }][]) {
      byCode.set(e.code, [...(byCode.get(e.code) ?? []), key]);
    }
    const shared = [...byCode.entries()].filter(([, keys]) => keys.length > 1);
    expect(shared).toEqual([]);
  });

  it('says every error in the three languages', () => {
    for (const key of Object.keys(ERRORS) as ErrorKey[]) {
      const m = ERROR_MESSAGES[key];
      expect([key, m['zh-CN'] !== '', m['zh-TW'] !== '', m['en-US'] !== '']).toEqual([key, true, true, true]);
    }
  });
});
