import { TURNTABLE_RECORD_PAGE } from '@kaixiang/shared/turntable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { Price } from '../../../components/price.tsx';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { useUserRecord } from '../api/get-turntable.ts';
import { IconGlyph } from './glyph.tsx';
import { fairnessPath } from './odds-panel.tsx';

const TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/**
 * The player's own rounds (spec 2 §7 user_record, 30 a page). `drawingRoundId` is the round whose
 * wheels still turn: its row says so instead of giving the result away.
 */
export function MyRecords({ loggedIn, drawingRoundId }: { loggedIn: boolean; drawingRoundId: number | null }) {
  const { t } = useTranslation();
  return (
    <section className="panel tt-records">
      <h2>{t('turntable.records.title')}</h2>
      {loggedIn ? (
        <RecordList drawingRoundId={drawingRoundId} />
      ) : (
        <EmptyState
          compact
          title={t('turntable.records.guest')}
          action={
            <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
              {t('turntable.records.login')}
            </button>
          }
        />
      )}
    </section>
  );
}

function RecordList({ drawingRoundId }: { drawingRoundId: number | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const query = useUserRecord(page);
  return (
    <PagedRecords
      query={query}
      failedText={t('turntable.records.failed')}
      emptyText={t('turntable.records.empty')}
      page={page}
      pageSize={TURNTABLE_RECORD_PAGE}
      onPage={setPage}
    >
      {(data) => (
        <table className="tt-records__table">
          <thead>
            <tr>
              <th scope="col">{t('turntable.records.round')}</th>
              <th scope="col">{t('turntable.records.time')}</th>
              <th scope="col">{t('turntable.records.result')}</th>
              <th scope="col">{t('turntable.records.bets')}</th>
              <th scope="col">{t('turntable.records.staked')}</th>
              <th scope="col">{t('turntable.records.won')}</th>
              <th scope="col">
                <span className="tt-visually-hidden">{t('turntable.seeds.verify')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((r) => {
              const settled = r.out_icon !== null && r.inner_icon !== null && r.round_id !== drawingRoundId;
              const won = r.won + r.jackpot;
              return (
                <tr key={r.round_id} data-testid="tt-record">
                  <td>{r.round_id}</td>
                  <td>{dateTimeFormat(locale, TIME).format(r.created_at)}</td>
                  <td>
                    {settled ? (
                      <span className="tt-records__result">
                        <IconGlyph icon={r.out_icon ?? 0} size={20} label={t(`turntable.icons.${r.out_icon}`)} />
                        <IconGlyph icon={r.inner_icon ?? 12} size={20} label={t(`turntable.icons.${r.inner_icon}`)} />
                      </span>
                    ) : (
                      <span className="tt-muted">{t('turntable.records.pending')}</span>
                    )}
                  </td>
                  <td>
                    <span className="tt-records__details">
                      {r.details.map((d) => (
                        <span key={d.area} className={`tt-records__bet${settled && d.award > 0 ? ' is-win' : ''}`}>
                          {t(`turntable.areas.${d.area}`)} <Price units={d.amount} />
                        </span>
                      ))}
                    </span>
                  </td>
                  <td>
                    <Price units={r.staked} />
                  </td>
                  <td className={settled && won > 0 ? 'tt-records__won' : ''}>
                    {settled ? <Price units={won} /> : '—'}
                  </td>
                  <td>
                    {settled && (
                      <Link className="tt-link" to={fairnessPath(r.round_id)}>
                        {t('turntable.seeds.verify')}
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </PagedRecords>
  );
}
