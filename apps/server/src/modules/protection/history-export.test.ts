import { readFileSync } from 'node:fs';
import { LOCALES } from '@kaixiang/shared/locale';
import { ORDER_STATUS, PAY_MODES } from '@kaixiang/shared/payments';
import { historyExportFileName } from '@kaixiang/shared/protection';
import { TRANSFER_KINDS } from '@kaixiang/shared/wallet';
import { describe, expect, it } from 'vitest';
import { chinaTime, csvCell, csvRow } from './history-export.csv.ts';
import { CHANNEL_LABELS, KIND_LABELS, ORDER_STATE_LABELS } from './history-export.labels.ts';

const webTexts = (feature: string, locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../web/src/features/${feature}/i18n/${locale}.json`, import.meta.url), 'utf8'),
  );

describe('history export CSV', () => {
  it('quotes only what RFC 4180 asks for, doubling inner quotes', () => {
    expect(csvCell('plain 文字')).toBe('plain 文字');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\rtwo')).toBe('"one\rtwo"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvRow(['a', 'b,c', 1])).toBe('a,"b,c",1\r\n');
  });

  it('defuses a cell a spreadsheet would run as a formula, but leaves signed numbers as numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvCell('-12.3400')).toBe('-12.3400');
    expect(csvCell('+0.0001')).toBe('+0.0001');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes times in China time, and names the file by the China calendar day', () => {
    expect(chinaTime(new Date(Date.UTC(2026, 10, 21, 16, 30, 5)))).toBe('2026-11-22 00:30:05');
    expect(chinaTime(null)).toBe('');
    expect(historyExportFileName('coins', Date.UTC(2026, 10, 21, 15, 59, 59))).toBe('kaixiang-coins-20261121.csv');
    expect(historyExportFileName('coins', Date.UTC(2026, 10, 21, 16, 0, 0))).toBe('kaixiang-coins-20261122.csv');
  });

  it('names kinds, channels and states as the player pages do, in all three languages', () => {
    for (const locale of LOCALES) {
      const wallet = webTexts('wallet', locale).wallet;
      const recharge = webTexts('recharge', locale).recharge;
      for (const kind of TRANSFER_KINDS) expect(KIND_LABELS[kind][locale]).toBe(wallet.kind[kind]);
      for (const mode of PAY_MODES) expect(CHANNEL_LABELS[mode][locale]).toBe(recharge.channel[mode]);
      for (const s of Object.values(ORDER_STATUS))
        expect(ORDER_STATE_LABELS[s]?.[locale]).toBe(recharge.records.state[s]);
    }
  });
});
