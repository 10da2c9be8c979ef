import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';

/** What every provable record shows after its own columns: the roll's nonce, time and seed state. */
export interface ProofCells {
  nonce: number | undefined;
  at: number;
  /** The server seed is revealed (the pair was rotated): the record can be recomputed. */
  revealed: boolean;
  /** The verify button's accessible name (which record it checks). */
  verifyLabel: string;
}

export interface ProofTableProps<R extends { id: number }> {
  /** A page of the player's records (a TanStack query of it). */
  query: { isPending: boolean; data?: { list: R[]; total: number } };
  page: number;
  pageSize: number;
  onPage: (update: (page: number) => number) => void;
  empty: string;
  /** The record's own column heads, and its cells in that order. */
  heads: readonly ReactNode[];
  cells: (record: R) => readonly ReactNode[];
  proof: (record: R) => ProofCells;
  /** Date and time options for the time column. */
  time: Intl.DateTimeFormatOptions;
  selectedId: number | null;
  onSelect: (record: R) => void;
}

/**
 * The fairness page's lists of a player's own provable records (openings, upgrades, bags): newest
 * first, each with its nonce, time and seed state, and a button that hands it to the check.
 */
export function ProofTable<R extends { id: number }>(props: ProofTableProps<R>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { query, page, pageSize, onPage, heads, cells, proof, selectedId, onSelect } = props;
  if (query.isPending) {
    return (
      <div className="center-block">
        <Spinner />
      </div>
    );
  }
  const list = query.data?.list ?? [];
  if (list.length === 0) return <EmptyState compact title={props.empty} />;
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / pageSize));
  const time = dateTimeFormat(locale, props.time);
  return (
    <>
      <div className="roll-list__scroll">
        <table className="roll-table">
          <thead>
            <tr>
              {heads.map((head, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the heads are a fixed list
                <th key={i}>{head}</th>
              ))}
              <th>{t('fairness.rolls.nonce')}</th>
              <th>{t('fairness.rolls.time')}</th>
              <th>{t('fairness.rolls.status')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((r) => {
              const p = proof(r);
              return (
                <tr key={r.id} className={r.id === selectedId ? 'is-selected' : ''}>
                  {cells(r)}
                  <td className="fair-mono">{p.nonce}</td>
                  <td className="roll-table__time">{time.format(p.at)}</td>
                  <td>
                    <span className={`roll-status ${p.revealed ? 'is-revealed' : ''}`}>
                      {p.revealed ? t('fairness.rolls.revealed') : t('fairness.rolls.hidden')}
                    </span>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--ghost button--sm"
                      aria-label={p.verifyLabel}
                      onClick={() => onSelect(r)}
                    >
                      {t('fairness.rolls.verify')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ListPager page={page} pages={pages} onPage={onPage} />
    </>
  );
}

/** The fairness lists' pager (past rolls, upgrades, bags): previous, "page n / m", next; none for one page. */
export function ListPager(props: { page: number; pages: number; onPage: (update: (page: number) => number) => void }) {
  const { t } = useTranslation();
  const { page, pages, onPage } = props;
  if (pages <= 1) return null;
  return (
    <div className="roll-list__pager">
      <button
        type="button"
        className="button button--ghost button--sm"
        disabled={page <= 1}
        onClick={() => onPage((p) => p - 1)}
      >
        {t('fairness.rolls.prev')}
      </button>
      <span>{t('fairness.rolls.page', { page, pages })}</span>
      <button
        type="button"
        className="button button--ghost button--sm"
        disabled={page >= pages}
        onClick={() => onPage((p) => p + 1)}
      >
        {t('fairness.rolls.next')}
      </button>
    </div>
  );
}
