import { ROOM_STATE } from '@kaixiang/shared/battles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconBattle } from '../../../components/icons.tsx';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { Price } from '../../../components/price.tsx';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { BATTLE_RECORD_PAGE_SIZE, useOwnRecord } from '../api/get-battles.ts';
import { battleDetailsPath, RoomBadges, RoomBoxes, SeatPlayer } from './room-bits.tsx';
import '../battles.css';

const TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/** /battle/history: the battles the player sat in, each opening its room (an ended one replays its result). */
export function BattleHistoryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const query = useOwnRecord(page);
  return (
    <div className="page battle-history">
      <header className="page-head">
        <span className="page-head__icon">
          <IconBattle size={26} />
        </span>
        <div>
          <h1>{t('battles.history.title')}</h1>
          <p>{t('battles.history.subtitle')}</p>
        </div>
      </header>
      <section className="panel">
        <PagedRecords
          query={query}
          failedText={t('battles.history.failed')}
          emptyText={t('battles.history.empty')}
          page={page}
          pageSize={BATTLE_RECORD_PAGE_SIZE}
          onPage={setPage}
        >
          {(data) => (
            <ul className="battle-records">
              {data.records.map((room) => (
                <li key={room.room_id} className="battle-record" data-testid="battle-record">
                  <div className="battle-record__meta">
                    <strong>{t('battles.room', { id: room.room_id })}</strong>
                    <span className="battle-record__time">{dateTimeFormat(locale, TIME).format(room.created_at)}</span>
                    <RoomBadges room={room} />
                  </div>
                  <RoomBoxes room={room} />
                  <span className="battle-record__players">
                    {room.members.map((m, seat) =>
                      // biome-ignore lint/suspicious/noArrayIndexKey: a seat's place is its identity
                      m ? <SeatPlayer key={seat} member={m} size={24} /> : null,
                    )}
                  </span>
                  <Price units={room.entry_price} className="battle-record__entry" />
                  <span
                    className={`battle-record__outcome ${room.is_win === true ? 'is-win' : room.is_win === false ? 'is-lose' : ''}`}
                  >
                    {room.is_win === true
                      ? t('battles.history.won')
                      : room.is_win === false
                        ? t('battles.history.lost')
                        : t(`battles.state.${room.room_state}`)}
                  </span>
                  {room.room_state !== ROOM_STATE.dissolved && (
                    <Link className="button button--ghost button--sm" to={battleDetailsPath(room.room_id)}>
                      {room.room_state === ROOM_STATE.ended ? t('battles.history.replay') : t('battles.view')}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
        </PagedRecords>
      </section>
    </div>
  );
}
