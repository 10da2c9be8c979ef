/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet. Pure: no I/O, no clock.
 */
import { RANKING_UTC_OFFSET_MS } from '@kaixiang/shared/promotion';

/** Excel reads a file without it as the machine's legacy code page, and Chinese turns to noise. */
export const UTF8_BOM = '\uFEFF';

const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** What a spreadsheet takes as the start of a formula (tab and CR too, as OWASP advises). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field. Memos and names can carry text a player or operator typed: a cell starting like a
 * formula ("=HYPERLINK(...)") would run when the file is opened, so it gets a leading `'`, which
 * spreadsheets read as "this is text". A signed amount ("-12.34") is a number and stays one.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export function csvRow(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** `YYYY-MM-DD HH:mm:ss` in China time (UTC+8 all year: China keeps no summer time); '' for none. */
export function chinaTime(at: Date | null): string {
  if (!at) return '';
  return new Date(at.getTime() + RANKING_UTC_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
