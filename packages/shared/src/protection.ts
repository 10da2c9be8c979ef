import { z } from 'zod';
import { RANKING_UTC_OFFSET_MS } from './promotion.ts';

/**
 * Player protection (issue 24 §2): the tools a player uses to stay in control of their play.
 * Paths are relative to /api; docs/player-protection.md describes each.
 */
export const PROTECTION_PATHS = {
  /**
   * GET ?kind=recharges|openings|coins → a CSV file (text/csv, UTF-8 with a BOM), not an envelope:
   * every recharge order, box opening or coin movement of the player, oldest first. A refusal
   * (no login, a bad kind) is the usual envelope.
   */
  historyExport: '/usercenter/v1/user/history-export',
} as const;

/** What a player can download: recharge orders, box openings, and every move of the coin balance. */
export const HISTORY_EXPORT_KINDS = ['recharges', 'openings', 'coins'] as const;
export type HistoryExportKind = (typeof HISTORY_EXPORT_KINDS)[number];

export const historyExportQuery = z.object({ kind: z.enum(HISTORY_EXPORT_KINDS) });
export type HistoryExportQuery = z.infer<typeof historyExportQuery>;

/** The file's name, from the kind and the China (UTC+8) calendar day of the download. */
export function historyExportFileName(kind: HistoryExportKind, nowMs: number): string {
  const day = new Date(nowMs + RANKING_UTC_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return `kaixiang-${kind}-${day}.csv`;
}
