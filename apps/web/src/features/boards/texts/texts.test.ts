import { KING_BOARDS, PERIOD_KINDS, ROYAL_BOARDS } from '@kaixiang/shared/boards';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('boards texts', () => {
  it('say the same things in all three languages, under the one feature key', () => {
    expect(Object.keys(zhCN)).toEqual(['boards']);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });

  it('name every board, period and crown, and every board a notice can come from', () => {
    for (const texts of [zhCN, zhTW, enUS]) {
      const b = texts.boards;
      expect(Object.keys(b.royal.board).sort()).toEqual([...ROYAL_BOARDS].sort());
      expect(Object.keys(b.royal.score).sort()).toEqual([...ROYAL_BOARDS].sort());
      expect(Object.keys(b.royal.period).sort()).toEqual([...PERIOD_KINDS].sort());
      expect(Object.keys(b.royal.back).sort()).toEqual([...PERIOD_KINDS].sort());
      expect(Object.keys(b.king.crown).sort()).toEqual([...KING_BOARDS].sort());
      expect(Object.keys(b.notice.board).sort()).toEqual([...ROYAL_BOARDS, ...KING_BOARDS, 'pk_power'].sort());
    }
  });
});
