import type { BattleMember, BattleRoomCard } from '@kaixiang/shared/battles';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar.tsx';
import { IconEye } from '../../../components/icons.tsx';
import { Price } from '../../../components/price.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { BoxImage } from '../../boxes/components/box-image.tsx';

export function battleDetailsPath(roomId: number): string {
  return `${PATHS.battleDetails}?roomID=${roomId}`;
}

/** The rule, speed and state of a room as small badges (`shownState`: the state the screen is showing). */
export function RoomBadges({ room, shownState }: { room: BattleRoomCard; shownState?: number }) {
  const state = shownState ?? room.room_state;
  const { t } = useTranslation();
  return (
    <span className="battle-badges">
      <span className={`battle-badge battle-badge--rule-${room.rule}`} title={t(`battles.ruleHint.${room.rule}`)}>
        {t(`battles.rule.${room.rule}`)}
      </span>
      <span className={`battle-badge battle-badge--mode-${room.game_mode}`}>{t(`battles.mode.${room.game_mode}`)}</span>
      <span className="battle-badge">{t('battles.seats', { count: room.user_num })}</span>
      <span className={`battle-badge battle-badge--state-${state}`}>{t(`battles.state.${state}`)}</span>
    </span>
  );
}

/** The boxes of a room in round order, each with its picture and price. */
export function RoomBoxes({ room, current }: { room: BattleRoomCard; current?: number }) {
  return (
    <ol className="battle-boxes">
      {room.boxes.map((box, i) => (
        <li
          // Boxes repeat: the round is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: the round number is the box's place
          key={i}
          className={`battle-boxes__box ${current === i + 1 ? 'is-current' : ''} ${current !== undefined && i + 1 < current ? 'is-done' : ''}`}
          title={box.name}
        >
          <BoxImage src={box.img} backup={box.fallback_img} alt={box.name} className="battle-boxes__img" />
          <Price units={box.price} className="battle-boxes__price" />
        </li>
      ))}
    </ol>
  );
}

/** A seated player: avatar, name, VIP badge, and the robot marker for a house robot. */
export function SeatPlayer({ member, size = 40 }: { member: BattleMember; size?: number }) {
  const { t } = useTranslation();
  return (
    <span className="battle-player">
      <Avatar src={member.avatar} name={member.nick_name} size={size} />
      <span className="battle-player__name">{member.nick_name}</span>
      {member.robot ? (
        <span className="battle-badge battle-badge--robot">{t('battles.robot')}</span>
      ) : (
        <VipBadge level={member.vip_level} />
      )}
    </span>
  );
}

/** How many watch the room now (the viewer included), beside its entry fee. */
export function RoomWatchers({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <p className="battle-room__watchers" data-testid="battle-watchers" title={t('battles.details.watchersHint')}>
      <IconEye size={16} />
      {t('battles.details.watchers', { count })}
    </p>
  );
}
