import { type BattleMember, type BattleRoll, type BattleRoomData, EMOTICONS } from '@kaixiang/shared/battles';
import type { ContainsResponse } from '@kaixiang/shared/boxes';
import { QUALITY_COLORS } from '@kaixiang/shared/items';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { qualityOf } from '../../boxes/item-props.ts';
import type { SeatEmoticon } from '../api/live.ts';
import { type BattleMoment, spinMsOf } from '../timeline.ts';
import { BattleReel } from './battle-reel.tsx';
import { useEmoticonName } from './emoticon-picker.tsx';
import { SeatPlayer } from './room-bits.tsx';

export interface SeatActions {
  /** What an empty seat offers this viewer: join it, seat a robot (the creator), or nothing. */
  emptySeat: 'join' | 'robot' | null;
  busy: boolean;
  onJoin: (seat: number) => void;
  onRobot: (seat: number) => void;
}

/** One seat of the details page: the player, then the reel or what they opened, and their total. */
export function SeatColumn({
  room,
  seat,
  member,
  me,
  moment,
  totalUnits,
  contents,
  reelsHeld,
  actions,
  emoticon,
}: {
  room: BattleRoomData;
  seat: number;
  member: BattleMember | null;
  me: number | null;
  moment: BattleMoment;
  totalUnits: number;
  contents: Map<number, ContainsResponse>;
  /** The loading overlay is up: no reel starts before what it draws is in (it joins late instead). */
  reelsHeld: boolean;
  actions: SeatActions;
  /** The emoticon this seat's player is showing now, if any. */
  emoticon?: SeatEmoticon;
}) {
  const { t } = useTranslation();
  const result = moment.finished ? room.results[seat] : undefined;
  const winner = moment.finished && room.winners.includes(seat);
  const shownRound = moment.spinning?.round ?? moment.landed;
  const roll = shownRound > 0 ? room.rolls[shownRound - 1]?.find((r) => r.seat === seat) : undefined;
  const landedRolls = room.rolls
    .slice(0, moment.landed)
    .map((round) => round.find((r) => r.seat === seat))
    .filter((r): r is BattleRoll => r !== undefined);
  const team = room.rule === 3 ? (seat < 2 ? 'A' : 'B') : null;

  return (
    <section
      className={`battle-seat ${winner ? 'is-winner' : ''} ${moment.finished && !winner ? 'is-loser' : ''} ${member && member.user_id === me ? 'is-me' : ''}`}
      aria-label={member ? member.nick_name : t('battles.details.seat', { seat: seat + 1 })}
      data-testid="battle-seat"
      data-seat={seat}
    >
      {emoticon && member && <EmoticonBubble key={emoticon.key} emoticonId={emoticon.emoticonId} member={member} />}
      <header className="battle-seat__head">
        {team && (
          <span className={`battle-seat__team battle-seat__team--${team}`}>{t('battles.details.team', { team })}</span>
        )}
        {member ? (
          <>
            <SeatPlayer member={member} />
            {seat === 0 && <span className="battle-badge">{t('battles.details.creator')}</span>}
          </>
        ) : (
          <EmptySeat seat={seat} actions={actions} />
        )}
      </header>
      <div className="battle-seat__stage">
        {result ? (
          <div className="battle-seat__outcome">
            <strong className={`battle-seat__verdict ${result.is_win ? 'is-win' : 'is-lose'}`}>
              {result.is_win ? t('battles.result.win') : t('battles.result.lose')}
            </strong>
            <dl className="battle-seat__sums">
              <dt>{t('battles.result.opened')}</dt>
              <dd>
                <Price units={result.open_item_price} />
              </dd>
              <dt>{result.is_win ? t('battles.result.wonItems') : t('battles.result.consolation')}</dt>
              <dd>
                <Price units={result.win_item_price} />
              </dd>
              {result.extra_money > 0 && (
                <>
                  <dt>{t('battles.result.extra')}</dt>
                  <dd>
                    <Price units={result.extra_money} />
                  </dd>
                </>
              )}
              <dt>{t('battles.result.received')}</dt>
              <dd data-testid="seat-received">
                <Price
                  units={
                    result.is_win
                      ? result.extra_money + result.open_item_price + result.win_item_price
                      : result.win_item_price
                  }
                />
              </dd>
            </dl>
          </div>
        ) : roll && reelsHeld ? null : roll ? (
          <BattleReel
            key={shownRound}
            roomId={room.room_id}
            round={shownRound}
            roll={roll}
            contents={contents.get(roll.box_id)}
            spinMs={spinMsOf(room.round_ms)}
            elapsedMs={moment.spinning?.elapsedMs ?? Number.POSITIVE_INFINITY}
            sound={seat === 0}
            roundQuality={Math.max(...(room.rolls[shownRound - 1] ?? []).map((r) => r.quality))}
          />
        ) : (
          <p className="battle-seat__idle">
            {member ? (room.room_state === 1 ? t('battles.details.waiting') : t('battles.details.starting')) : '?'}
          </p>
        )}
      </div>
      <p className="battle-seat__total">
        {t('battles.details.total')}
        <Price units={totalUnits} className="battle-seat__total-price" />
      </p>
      {landedRolls.length > 0 && (
        <ul className="battle-seat__items" aria-label={t('battles.result.items')}>
          {landedRolls.map((r, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: one item per round
              key={i}
              className="battle-item"
              style={{ '--rarity': QUALITY_COLORS[qualityOf(r.quality)] } as CSSProperties}
              title={r.name}
              data-item-id={r.item_id}
            >
              <ItemImage src={r.img} alt={r.name} itemId={r.item_id} className="battle-item__img" />
              <span className="battle-item__name">{r.name}</span>
              <Price units={r.price} className="battle-item__price" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EmptySeat({ seat, actions }: { seat: number; actions: SeatActions }) {
  const { t } = useTranslation();
  return (
    <span className="battle-player battle-player--empty">
      <span className="battle-seat__empty-mark" aria-hidden="true">
        ?
      </span>
      <span className="battle-player__name">{t('battles.emptySeat')}</span>
      {actions.emptySeat === 'join' && (
        <button
          type="button"
          className="button button--primary button--sm"
          disabled={actions.busy}
          onClick={() => actions.onJoin(seat)}
        >
          {t('battles.join')}
        </button>
      )}
      {actions.emptySeat === 'robot' && (
        <button
          type="button"
          className="button button--ghost button--sm"
          disabled={actions.busy}
          onClick={() => actions.onRobot(seat)}
        >
          {t('battles.details.addRobot')}
        </button>
      )}
    </span>
  );
}

/** Above the column, for as long as the seat shows it; a new one remounts it (key) and pops again. */
function EmoticonBubble({ emoticonId, member }: { emoticonId: number; member: BattleMember }) {
  const { t } = useTranslation();
  const nameOf = useEmoticonName();
  const emoticon = EMOTICONS.find((e) => e.id === emoticonId);
  if (!emoticon) return null;
  return (
    <span
      className="battle-seat__emoticon"
      role="img"
      aria-label={t('battles.emoticon.shown', { player: member.nick_name, name: nameOf(emoticonId) })}
      data-testid="seat-emoticon"
    >
      {emoticon.code}
    </span>
  );
}
