import {
  type AdminBoardSettingsInput,
  type BoardSetting,
  KING_BOARDS,
  PERIOD_BOARDS,
  PERIOD_KINDS,
  type PeriodBoard,
  type PeriodKind,
} from '@kaixiang/shared/boards';
import { UNITS_PER_YUAN } from '@kaixiang/shared/money';
import { asc } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { boardSettings } from '../../db/schema/boards.ts';
import { AppError } from '../../http/app-error.ts';

const yuan = (n: number) => n * UNITS_PER_YUAN;

/** Which periods each board closes on: the unpacking king is a daily crown. */
export function periodKindsOf(board: PeriodBoard): readonly PeriodKind[] {
  return (KING_BOARDS as readonly string[]).includes(board) ? ['day'] : PERIOD_KINDS;
}

/**
 * What a fresh site pays until the operator changes it (the console's Boards tab): every board on,
 * daily top 3 and weekly top 5, the unpacking king's two crowns daily to the first only.
 */
export const DEFAULT_BOARD_SETTINGS: readonly BoardSetting[] = PERIOD_BOARDS.flatMap((board) =>
  periodKindsOf(board).map((period): BoardSetting => {
    if (board === 'king_value' || board === 'king_multiple')
      return { board, period, enabled: true, prizes: [yuan(88)] };
    return period === 'day'
      ? { board, period, enabled: true, prizes: [yuan(88), yuan(38), yuan(18)] }
      : { board, period, enabled: true, prizes: [yuan(388), yuan(188), yuan(88), yuan(38), yuan(18)] };
  }),
);

export type BoardSettingRow = BoardSetting & { updatedAt: Date | null };

/** The settings in force: the stored rows over the defaults, in the defaults' order. */
export async function readBoardSettings(db: Db | Tx): Promise<BoardSettingRow[]> {
  const rows = await db.select().from(boardSettings).orderBy(asc(boardSettings.board));
  const stored = new Map(rows.map((r) => [`${r.board}:${r.period}`, r]));
  return DEFAULT_BOARD_SETTINGS.map((d) => {
    const r = stored.get(`${d.board}:${d.period}`);
    return r
      ? { board: d.board, period: d.period, enabled: r.enabled, prizes: r.prizes, updatedAt: r.updatedAt }
      : { ...d, updatedAt: null };
  });
}

/** An operator's list: each board and period at most once, periods the board closes on only. */
export function checkBoardSettings(input: AdminBoardSettingsInput): BoardSetting[] {
  const seen = new Set<string>();
  for (const s of input.list) {
    const key = `${s.board}:${s.period}`;
    if (seen.has(key) || !periodKindsOf(s.board).includes(s.period)) throw new AppError('BOARD_SETTINGS_INVALID');
    seen.add(key);
  }
  return input.list;
}
