import { ROLL_STATE, type RollRoomCard } from '@kaixiang/shared/roll';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { rollDetailsPath } from '../paths.ts';
import { ConditionList } from './conditions.tsx';
import { Countdown } from './countdown.tsx';
import { LockIcon } from './lock-icon.tsx';

/** One room in the hall: who made it, the best prizes, the pool, players, the draw and the rules. */
export function RoomCard({ room, offsetMs, vip }: { room: RollRoomCard; offsetMs: number; vip: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={rollDetailsPath(room.room_id, vip)} className="roll-card" aria-label={room.title}>
      <header className="roll-card__head">
        <Avatar src={room.owner.avatar} name={room.owner.nick_name} size={36} />
        <div className="roll-card__who">
          <h3 className="roll-card__title">
            {room.conditions.has_password && <LockIcon label={t('roll.locked')} />}
            {room.title}
          </h3>
          <span className="roll-card__owner">
            {room.owner.official && <span className="roll-badge">{t('roll.official')}</span>}
            {room.owner.nick_name}
          </span>
        </div>
        {room.joined && <span className="roll-badge roll-badge--joined">{t('roll.joined')}</span>}
      </header>
      <div className="roll-card__prizes">
        {room.top_prizes.map((p) => (
          <ItemImage key={p.index} src={p.img} alt={p.name} itemId={p.item_id} className="roll-card__prize" />
        ))}
      </div>
      <dl className="roll-card__facts">
        <div>
          <dt>{t('roll.prizeValue')}</dt>
          <dd>
            <Price units={room.prize_value} />
          </dd>
        </div>
        <div>
          <dt>{t('roll.prizes', { count: room.prize_count })}</dt>
          <dd>{t('roll.players', { count: room.player_count })}</dd>
        </div>
        <div>
          <dt>{room.state === ROLL_STATE.open ? t('roll.drawIn') : ''}</dt>
          <dd>
            {room.state === ROLL_STATE.open ? (
              <Countdown drawAtMs={room.draw_at} offsetMs={offsetMs} />
            ) : room.state === ROLL_STATE.drawing ? (
              t('roll.drawing')
            ) : (
              t('roll.ended')
            )}
          </dd>
        </div>
      </dl>
      <ConditionList conditions={room.conditions} />
    </Link>
  );
}
