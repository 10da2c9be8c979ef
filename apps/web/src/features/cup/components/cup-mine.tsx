import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { groupThousands } from '../../../i18n/formats.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { CUP_MINE_PAGE_SIZE, useMyPredictions } from '../api/cup.ts';
import { oddsText, usePickText, useTimeText } from './cup-bits.tsx';

/** The player's predictions over every tournament, newest first, with what each paid. */
export function CupMine() {
  const { t } = useTranslation();
  const time = useTimeText();
  const pickText = usePickText();
  const [page, setPage] = useState(1);
  const query = useMyPredictions(page);
  if (!useLoggedIn()) {
    return (
      <EmptyState
        compact
        title={t('cup.list.signIn')}
        action={
          <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
            {t('cup.predict.signIn')}
          </button>
        }
      />
    );
  }
  return (
    <PagedRecords
      query={query}
      failedText={t('cup.list.failed')}
      emptyText={t('cup.list.empty')}
      page={page}
      pageSize={CUP_MINE_PAGE_SIZE}
      onPage={setPage}
    >
      {(data) => (
        <div className="cup-table-wrap">
          <table className="data-table cup-table" aria-label={t('cup.view.mine')}>
            <thead>
              <tr>
                <th>{t('cup.list.time')}</th>
                <th>{t('cup.list.match')}</th>
                <th>{t('cup.list.pick')}</th>
                <th className="num">{t('cup.list.stake')}</th>
                <th className="num">{t('cup.list.odds')}</th>
                <th>{t('cup.list.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((p) => (
                <tr key={p.id} data-testid="cup-prediction" className={`cup-row--${p.status}`}>
                  <td className="cup-table__time">{time.full(p.created_at)}</td>
                  <td>
                    <span className="cup-table__match">
                      <small>{p.tournament_title}</small>
                      {p.home.name} {t('cup.fixtures.vs')} {p.away.name}
                    </span>
                  </td>
                  <td>{pickText(p.pick)}</td>
                  <td className="num">{groupThousands(p.stake)}</td>
                  <td className="num">{oddsText(p.odds_bp)}</td>
                  <td className={`cup-status cup-status--${p.status}`}>
                    {t(`cup.mine.status.${p.status}`, { payout: groupThousands(p.payout) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedRecords>
  );
}
