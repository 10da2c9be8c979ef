import { BOARD_MAX_PRIZES } from '@kaixiang/shared/boards';
import { useTranslation } from 'react-i18next';
import { unitsOf } from '../../format.ts';
import { RowsEditor } from '../promotions/promotion-bits.tsx';
import { yuanText } from '../promotions/promotions-api.ts';

/** The API's bound on one prize (boards.ts `units()`): ¥100,000,000. */
const PRIZE_MAX_UNITS = 1_000_000_000_000;

export interface PrizeRow {
  key: number;
  prize: string;
}

let nextKey = 1;
const row = (prize: string): PrizeRow => ({ key: nextKey++, prize });

/** A list of prizes as rows to edit, in yuan; one empty row for none. */
export const prizeRowsOf = (prizes: readonly number[]): PrizeRow[] =>
  prizes.length > 0 ? prizes.map((p) => row(yuanText(p))) : [row('')];

/**
 * The typed prizes in units, rank 1 first, or the rank (1-based) of the first that is not an
 * amount. Empty rows at the end are no prize; an empty row before a prize pays that rank nothing.
 */
export function prizesOf(rows: readonly PrizeRow[]): number[] | number {
  const typed = rows.map((r) => r.prize.trim());
  while (typed.length > 0 && typed.at(-1) === '') typed.pop();
  const prizes: number[] = [];
  for (const [i, text] of typed.entries()) {
    const units = text === '' ? 0 : unitsOf(text);
    if (units === null || units < 0 || units > PRIZE_MAX_UNITS) return i + 1;
    prizes.push(units);
  }
  return prizes;
}

/** Prizes by rank, one row a rank from 1, up to BOARD_MAX_PRIZES. */
export function PrizeRows({
  rows,
  setRows,
}: {
  rows: PrizeRow[];
  setRows: (update: (rows: PrizeRow[]) => PrizeRow[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <RowsEditor
      rows={rows}
      setRows={setRows}
      className="adm-events__entries"
      fields={[{ name: 'prize', label: (n) => t('adminEvents.prizeLabel', { n }), inputMode: 'decimal' }]}
      max={BOARD_MAX_PRIZES}
      blank={() => row('')}
      removeText={t('adminEvents.removeRank')}
      addText={t('adminEvents.addRank')}
    />
  );
}
