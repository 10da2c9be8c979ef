import { type BattleRoomCard, ROOM_STATE } from '@kaixiang/shared/battles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { Price } from '../../../components/price.tsx';
import { battleDetailsPath, RoomBadges, RoomBoxes } from './room-bits.tsx';

/** One room in the hall: its boxes, seats, entry and state; join a waiting one, watch a running one. */
export function RoomCard({
  room,
  me,
  joining,
  onJoin,
}: {
  room: BattleRoomCard;
  /** The signed-in player: no join button on a room they sit in already. */
  me: number | null;
  joining: boolean;
  onJoin: (room: BattleRoomCard) => void;
}) {
  const { t } = useTranslation();
  const waiting = room.room_state === ROOM_STATE.waiting;
  const taken = room.members.filter((m) => m !== null).length;
  const seated = me !== null && room.members.some((m) => m?.user_id === me);
  return (
    <li className={`battle-card panel battle-card--state-${room.room_state}`} data-testid="battle-card">
      <header className="battle-card__head">
        <span className="battle-card__id">{t('battles.room', { id: room.room_id })}</span>
        <RoomBadges room={room} />
      </header>
      <RoomBoxes room={room} current={waiting ? undefined : room.cur_round} />
      <div className="battle-card__seats">
        {room.members.map((m, seat) =>
          m ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a seat's place is its identity
            <span key={seat} className="battle-card__seat" title={m.nick_name}>
              <Avatar src={m.avatar} name={m.nick_name} size={34} />
              {m.robot && <span className="battle-card__robot">{t('battles.robot')}</span>}
            </span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: a seat's place is its identity
            <span key={seat} className="battle-card__seat battle-card__seat--empty" title={t('battles.emptySeat')}>
              ?
            </span>
          ),
        )}
        <span className="battle-card__count">
          {waiting
            ? t('battles.waitingPlayers', { taken, total: room.user_num })
            : t('battles.details.round', { round: Math.max(room.cur_round, 1), total: room.total_round })}
        </span>
      </div>
      <footer className="battle-card__foot">
        <span className="battle-card__entry">
          {t('battles.entry')}
          <Price units={room.entry_price} />
        </span>
        <span className="battle-card__actions">
          {waiting && !seated && (
            <button
              type="button"
              className="button button--primary button--sm"
              disabled={joining}
              onClick={() => onJoin(room)}
            >
              {t('battles.join')}
            </button>
          )}
          <Link className="button button--ghost button--sm" to={battleDetailsPath(room.room_id)}>
            {waiting ? t('battles.view') : t('battles.watch')}
          </Link>
        </span>
      </footer>
    </li>
  );
}
