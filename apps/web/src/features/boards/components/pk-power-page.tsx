import { BOARDS_EVENTS, type PkPowerCreateRoom, type PkPowerEvent } from '@kaixiang/shared/boards';
import { formatUnits } from '@kaixiang/shared/money';
import { SITE_ROOM } from '@kaixiang/shared/socket';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconBattle } from '../../../components/icons.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { groupThousands } from '../../../i18n/formats.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { usePkPower } from '../api/boards.ts';
import { boardsTexts } from '../texts.ts';
import { BoardStatus, BoardTable, MyStanding, PeriodClock, useMinuteText } from './board-bits.tsx';
import '../boards.css';

/** How many of the latest create-room broadcasts the live strip keeps. */
const LIVE_SIZE = 8;

/** The battle room a broadcast names, as the battles feature links its rooms. */
const roomPath = (roomId: number) => `${PATHS.battleDetails}?roomID=${roomId}`;

/**
 * /activity/pkPower (PK战力): the activity (running, else the next, else the last ended), its rules
 * and prizes, its board, and the battle rooms players create as it runs.
 */
export function PkPowerPage() {
  return (
    <FeatureTextsGate texts={boardsTexts}>
      <PkPower />
    </FeatureTextsGate>
  );
}

function PkPower() {
  const { t } = useTranslation();
  const query = usePkPower();
  const view = query.data;
  const scoreLabel = t('boards.pkPower.score');
  const playsLabel = t('boards.pkPower.plays');
  return (
    <div className="page boards-page pk-power-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconBattle size={26} />
        </span>
        <div>
          <h1>{t('boards.pkPower.title')}</h1>
          <p>{t('boards.pkPower.subtitle')}</p>
        </div>
      </header>
      {!view ? (
        <section className="panel boards-panel">
          <BoardStatus query={query} />
        </section>
      ) : !view.event ? (
        // No activity at all: say so plainly, with no rows standing in for one.
        <section className="panel boards-panel">
          <EmptyState title={t('boards.pkPower.none')} hint={t('boards.pkPower.noneHint')} />
        </section>
      ) : (
        <>
          <EventPanel event={view.event} offsetMs={view.offsetMs} />
          {view.event.state === 'running' && <LiveStrip eventId={view.event.id} />}
          <section className="panel boards-panel">
            <BoardTable
              rows={view.list}
              kind="points"
              scoreLabel={scoreLabel}
              playsLabel={playsLabel}
              label={t('boards.pkPower.title')}
            />
            <MyStanding me={view.me} kind="points" scoreLabel={scoreLabel} playsLabel={playsLabel} />
          </section>
        </>
      )}
      <p className="boards-rules">{t('boards.pkPower.rules')}</p>
    </div>
  );
}

function EventPanel({ event, offsetMs }: { event: PkPowerEvent; offsetMs: number }) {
  const { t } = useTranslation();
  const minute = useMinuteText();
  return (
    <section className="panel boards-panel pk-event" data-testid="pk-event">
      <div className="boards-panel__head">
        <div>
          <h2>
            {event.title}
            <span className={`pk-event__state pk-event__state--${event.state}`}>
              {t(`boards.pkPower.state.${event.state}`)}
            </span>
          </h2>
          <p className="pk-event__window">
            {t('boards.pkPower.window', { from: minute(event.starts_at), to: minute(event.ends_at) })}
          </p>
        </div>
        <PeriodClock
          startsAt={event.starts_at}
          endsAt={event.ends_at}
          closed={event.closed}
          enabled={event.prizes.some((p) => p > 0)}
          offsetMs={offsetMs}
        />
      </div>
      <div className="pk-event__powers">
        <span>{t('boards.pkPower.createPower', { value: groupThousands(event.create_power) })}</span>
        <span>{t('boards.pkPower.winPower', { value: groupThousands(event.win_power) })}</span>
      </div>
      {event.prizes.length > 0 && (
        <div className="pk-event__prizes">
          <h3>{t('boards.pkPower.prizes')}</h3>
          <ol>
            {event.prizes.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a rank is its index
              <li key={i} className={i < 3 ? `is-rank-${i + 1}` : undefined}>
                <span>{t('boards.pkPower.prizeRank', { rank: i + 1 })}</span>
                <strong>¥{formatUnits(p)}</strong>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

function isCreateRoom(data: unknown): data is PkPowerCreateRoom {
  const d = data as Partial<PkPowerCreateRoom> | null;
  return (
    typeof d?.event_id === 'number' &&
    typeof d.room_id === 'number' &&
    typeof d.nick_name === 'string' &&
    typeof d.power === 'number'
  );
}

/**
 * act_pkpower_create_room on the site room (every connection is in it): the newest first. It
 * starts empty: the broadcasts are not stored, so there is no history to show before the first.
 */
function LiveStrip({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<readonly (PkPowerCreateRoom & { key: number })[]>([]);
  useSocketEvent(BOARDS_EVENTS.pkPowerCreateRoom, (data, frame) => {
    if (frame.room !== undefined && frame.room !== SITE_ROOM) return;
    if (!isCreateRoom(data) || data.event_id !== eventId) return;
    setEntries((was) => [{ ...data, key: frame.seq ?? Date.now() }, ...was].slice(0, LIVE_SIZE));
  });
  return (
    <section className="panel boards-panel pk-live" aria-label={t('boards.pkPower.live')}>
      <h3 className="pk-live__title">
        <span className="live-dot" aria-hidden="true" />
        {t('boards.pkPower.live')}
      </h3>
      {entries.length === 0 ? (
        <p className="pk-live__empty">{t('boards.pkPower.liveEmpty')}</p>
      ) : (
        <ul className="pk-live__list">
          {entries.map((e) => (
            <li key={`${e.key}-${e.room_id}`} data-testid="pk-live-entry">
              <Avatar src={e.avatar} name={e.nick_name} size={24} />
              <span className="pk-live__text">
                {t('boards.pkPower.created', { name: e.nick_name, power: groupThousands(e.power) })}
              </span>
              <Link className="button button--ghost button--sm" to={roomPath(e.room_id)}>
                {t('boards.pkPower.watch')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
