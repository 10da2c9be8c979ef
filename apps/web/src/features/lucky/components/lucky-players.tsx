import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { PATHS } from '../../../lib/paths.ts';
import { LUCKY_PLAYERS_PAGE_SIZE, useLuckyPlayers } from '../api/get-activity.ts';

const TIME: Intl.DateTimeFormatOptions = {
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
};

/** The lucky players of the running window (or of the last one), latest first. */
export function LuckyPlayers({ running }: { running: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const players = useLuckyPlayers(page);
  const data = players.data;
  if (!running && (!data || data.window_id === null)) return null;
  return (
    <section className="panel lucky-players" aria-labelledby="lucky-players-title">
      <h2 id="lucky-players-title" className="lucky-players__title">
        {running ? t('lucky.listTitle') : t('lucky.lastListTitle')}
      </h2>
      {players.isPending ? (
        <div className="center-block">
          <Spinner />
        </div>
      ) : !data || data.list.length === 0 ? (
        <EmptyState
          compact
          title={t('lucky.empty')}
          action={
            running ? (
              <Link to={PATHS.home} className="button button--ghost">
                {t('lucky.openBoxes')}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <>
          <table className="lucky-table">
            <thead>
              <tr>
                <th>{t('lucky.player')}</th>
                <th>{t('lucky.box')}</th>
                <th>{t('lucky.award')}</th>
                <th>{t('lucky.time')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((p) => (
                <tr key={p.id}>
                  <td className="lucky-table__player">
                    <Avatar src={p.avatar} name={p.nick_name} size={28} />
                    <span>{p.nick_name}</span>
                  </td>
                  <td>{p.box_name}</td>
                  <td>
                    <Price units={p.award} className="lucky-table__award" />
                  </td>
                  <td className="lucky-table__time">{dateTimeFormat(locale, TIME).format(p.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pageSize={LUCKY_PLAYERS_PAGE_SIZE} total={data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
