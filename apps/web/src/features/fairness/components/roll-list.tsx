import type { SelfHistoryEntry } from '@kaixiang/shared/boxes';
import { QUALITY_COLORS } from '@kaixiang/shared/items';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ROLLS_PAGE_SIZE, useRolls } from '../api/get-rolls.ts';
import { qualityOf } from '../item-props.ts';
import { LuckyText } from './lucky-text.tsx';

export interface RollListProps {
  selectedId: number | null;
  onSelect: (entry: SelfHistoryEntry) => void;
}

const TIME: Intl.DateTimeFormatOptions = {
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** The player's own openings, newest first; each can be handed to the verifier. */
export function RollList({ selectedId, onSelect }: RollListProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const rolls = useRolls(page);
  const list = rolls.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((rolls.data?.total ?? 0) / ROLLS_PAGE_SIZE));

  return (
    <section className="panel roll-list" aria-labelledby="roll-list-title">
      <h2 id="roll-list-title">{t('fairness.rolls.title')}</h2>
      {rolls.isPending ? (
        <div className="center-block">
          <Spinner />
        </div>
      ) : list.length === 0 ? (
        <EmptyState compact title={t('fairness.rolls.empty')} />
      ) : (
        <>
          <div className="roll-list__scroll">
            <table className="roll-table">
              <thead>
                <tr>
                  <th>{t('fairness.rolls.box')}</th>
                  <th>{t('fairness.rolls.item')}</th>
                  <th>{t('fairness.rolls.nonce')}</th>
                  <th>{t('fairness.rolls.time')}</th>
                  <th>{t('fairness.rolls.status')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.map((e) => (
                  <tr key={e.id} className={e.id === selectedId ? 'is-selected' : ''}>
                    <td>{e.box_name}</td>
                    <td style={{ '--rarity': QUALITY_COLORS[qualityOf(e.quality)] } as CSSProperties}>
                      <span className="roll-table__item">{e.name}</span>
                      {e.lucky && (
                        <span className={`roll-lucky ${e.lucky.award > 0 ? 'is-won' : ''}`}>
                          <LuckyText textKey={e.lucky.award > 0 ? 'won' : 'roll'} roll={e.lucky.roll} />
                        </span>
                      )}
                    </td>
                    <td className="fair-mono">{e.roll.nonce}</td>
                    <td className="roll-table__time">{dateTimeFormat(locale, TIME).format(e.created_at)}</td>
                    <td>
                      <span className={`roll-status ${e.roll.server_seed ? 'is-revealed' : ''}`}>
                        {e.roll.server_seed ? t('fairness.rolls.revealed') : t('fairness.rolls.hidden')}
                      </span>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--ghost button--sm"
                        aria-label={`${t('fairness.rolls.verify')} ${e.box_name} ${e.name} nonce ${e.roll.nonce}`}
                        onClick={() => onSelect(e)}
                      >
                        {t('fairness.rolls.verify')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListPager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** The fairness lists' pager (past rolls, upgrades): previous, "page n / m", next; none for one page. */
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
