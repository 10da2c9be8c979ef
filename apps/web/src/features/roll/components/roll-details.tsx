import { ROLL_STATE, type RollPrize, type RollRoomInfo } from '@kaixiang/shared/roll';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useMsUntil } from '../../../lib/countdown.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { sessionUserId, useLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { rollItemsQueryOptions, rollUsersQueryOptions, useJoinRoll, useRollRoom } from '../api/get-roll.ts';
import { useRollRoomLive, useRollWinToast } from '../api/live.ts';
import { rollTexts } from '../texts.ts';
import { ConditionList } from './conditions.tsx';
import { Countdown } from './countdown.tsx';
import { InviteBox } from './invite-box.tsx';
import { LockIcon } from './lock-icon.tsx';
import '../roll.css';

/** Where the fairness page recomputes a room's draw. */
export const rollFairnessPath = (roomId: number) => `${PATHS.fairness}?roll=${roomId}`;

/** /roll/details?roomID= and /vipRoll/details?roomID= (spec 2 §2): the same room page. */
export function RollDetailsPage() {
  const [params] = useSearchParams();
  const roomId = Number(params.get('roomID'));
  return (
    <FeatureTextsGate texts={rollTexts}>
      {!Number.isSafeInteger(roomId) || roomId <= 0 ? <RoomMissing /> : <RollRoomView key={roomId} roomId={roomId} />}
    </FeatureTextsGate>
  );
}

function RoomMissing() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="panel">
        <EmptyState
          title={t('roll.details.notFound')}
          action={
            <Link to={PATHS.roll} className="button button--primary">
              {t('roll.details.back')}
            </Link>
          }
        />
      </div>
    </div>
  );
}

function RollRoomView({ roomId }: { roomId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useRollRoom(roomId, locale);
  const items = useQuery(rollItemsQueryOptions(roomId, locale));
  const users = useQuery(rollUsersQueryOptions(roomId));
  useRollRoomLive(roomId);
  useRollWinToast();
  const loggedIn = useLoggedIn();
  const room = query.data?.room;
  const offsetMs = query.data?.offsetMs ?? 0;
  const leftMs = useMsUntil(room?.draw_at ?? 0, offsetMs);
  const due = room !== undefined && room.state !== ROLL_STATE.ended && leftMs <= 0;
  const { refetch } = query;

  // Past the draw time the room closes and waits for the beacon; `roll_end` says when it is drawn,
  // and a slow poll covers a socket that is down meanwhile.
  useEffect(() => {
    if (!due) return;
    void refetch();
    const timer = setInterval(() => void refetch(), 5000);
    return () => clearInterval(timer);
  }, [due, refetch]);
  const ended = room?.state === ROLL_STATE.ended;
  const { refetch: refetchItems } = items;
  useEffect(() => {
    if (ended) void refetchItems();
  }, [ended, refetchItems]);

  if (query.isPending) {
    return (
      <div className="page center-block">
        <Spinner />
      </div>
    );
  }
  if (!room) return <RoomMissing />;
  const prizes = items.data?.list ?? room.top_prizes;
  const isOwner = loggedIn && Number(sessionUserId()) === room.owner.user_id;
  const won = room.self?.won_prize ?? null;
  const wonPrize = won === null ? undefined : prizes.find((p) => p.index === won);

  return (
    <div className="page roll-room">
      <Link to={PATHS.roll} className="roll-room__back">
        ‹ {t('roll.details.back')}
      </Link>
      <section className="panel roll-room__head">
        <div className="roll-room__owner">
          <Avatar src={room.owner.avatar} name={room.owner.nick_name} size={48} />
          <div>
            <h1>
              {room.conditions.has_password && <LockIcon label={t('roll.locked')} />}
              {room.title}
            </h1>
            <p>
              {t('roll.details.owner')}：
              {room.owner.official && <span className="roll-badge">{t('roll.official')}</span>}
              {room.owner.nick_name}
            </p>
            {room.description && <p className="roll-room__desc">{room.description}</p>}
          </div>
        </div>
        <dl className="roll-room__facts">
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
            <dt>{t('roll.drawAt', { time: new Date(room.draw_at).toLocaleString(locale) })}</dt>
            <dd>
              {room.state === ROLL_STATE.open && leftMs > 0 ? (
                <Countdown drawAtMs={room.draw_at} offsetMs={offsetMs} />
              ) : ended ? (
                t('roll.ended')
              ) : (
                t('roll.drawing')
              )}
            </dd>
          </div>
        </dl>
        <div className="roll-room__rules">
          <h2>{t('roll.conditions.title')}</h2>
          {/* The owner gives the prizes and does not join: no ✓/✗ of theirs to show. */}
          <ConditionList conditions={room.conditions} self={isOwner ? null : room.self} />
          <InviteBox room={room} />
        </div>
        <JoinBox room={room} open={room.state === ROLL_STATE.open && leftMs > 0} />
        {wonPrize && <p className="roll-room__won">{t('roll.details.youWon', { name: wonPrize.name })}</p>}
      </section>
      <section className="panel" aria-label={ended ? t('roll.details.winners') : t('roll.details.prizeList')}>
        <h2>{ended ? t('roll.details.winners') : t('roll.details.prizeList')}</h2>
        <ul className="roll-prizes">
          {prizes.map((p) => (
            <PrizeTile key={p.index} prize={p} ended={ended} />
          ))}
        </ul>
      </section>
      {ended && <FairFacts room={room} />}
      <section className="panel" aria-label={t('roll.details.playerList')}>
        <h2>
          {t('roll.details.playerList')} · {t('roll.players', { count: room.player_count })}
        </h2>
        {users.data && users.data.list.length > 0 ? (
          <ul className="roll-players">
            {users.data.list.map((u) => (
              <li key={u.user_id} title={u.nick_name}>
                <Avatar src={u.avatar} name={u.nick_name} size={40} />
                <span>{u.nick_name}</span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState compact title={t('roll.details.noPlayers')} />
        )}
      </section>
    </div>
  );
}

function PrizeTile({ prize, ended }: { prize: RollPrize; ended: boolean }) {
  const { t } = useTranslation();
  return (
    <li className={`roll-prize q-${prize.quality}`}>
      <ItemImage src={prize.img} alt={prize.name} itemId={prize.item_id} />
      <span className="roll-prize__name">{prize.name}</span>
      <Price units={prize.price} />
      {/* The prizes list is refetched after the room's end: until it comes, a prize has neither a
          winner nor `returned`, and saying "returned" then would be wrong for a moment. */}
      {ended && prize.winner && (
        <span className="roll-prize__winner">
          <Avatar src={prize.winner.avatar} name={prize.winner.nick_name} size={20} />
          {t('roll.details.winner')}：{prize.winner.nick_name}
        </span>
      )}
      {ended && !prize.winner && prize.returned && (
        <span className="roll-prize__winner is-returned">{t('roll.details.returned')}</span>
      )}
    </li>
  );
}

/** Join: free; the password field only for a locked room; a visitor is asked to sign in first. */
function JoinBox({ room, open }: { room: RollRoomInfo; open: boolean }) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const join = useJoinRoll();
  const [password, setPassword] = useState('');
  // Once drawn the winners say the rest: "waiting for the draw" would be stale.
  if (room.state === ROLL_STATE.ended) return null;
  if (room.self?.joined) {
    return (
      <button type="button" className="button button--ghost roll-room__join" disabled>
        {t('roll.details.joinedButton')}
      </button>
    );
  }
  if (!open) return null;
  // The owner gives the prizes; the server refuses their join, so none is offered.
  if (loggedIn && Number(sessionUserId()) === room.owner.user_id) return null;
  if (!loggedIn) {
    return (
      <button type="button" className="button button--primary roll-room__join" onClick={() => openLoginDialog()}>
        {t('roll.details.loginToJoin')}
      </button>
    );
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await join.mutateAsync({
        room_id: room.room_id,
        ...(room.conditions.has_password ? { password } : {}),
      });
    } catch {
      return; // the server's reason was toasted
    }
    toast.success(t('roll.details.joinedToast'));
  }
  return (
    <form className="roll-room__join-form" onSubmit={(e) => void submit(e)}>
      {room.conditions.has_password && (
        <label>
          <span>{t('roll.details.password')}</span>
          <input
            className="input"
            type="password"
            value={password}
            maxLength={200}
            placeholder={t('roll.details.passwordPlaceholder')}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
      )}
      <button type="submit" className="button button--primary roll-room__join" disabled={join.isPending}>
        {t('roll.details.join')}
      </button>
    </form>
  );
}

/** Once drawn: the committed hash, the revealed seed and the beacon, and where to recompute it. */
function FairFacts({ room }: { room: RollRoomInfo }) {
  const { t } = useTranslation();
  return (
    <section className="panel roll-fair" aria-label={t('roll.details.fair')}>
      <h2>{t('roll.details.fair')}</h2>
      <dl>
        <dt>{t('roll.details.seedHash')}</dt>
        <dd className="mono">{room.server_seed_hash}</dd>
        {room.server_seed && (
          <>
            <dt>{t('roll.details.seed')}</dt>
            <dd className="mono">{room.server_seed}</dd>
          </>
        )}
        {room.public_seed && (
          <>
            <dt>
              {t('roll.details.beacon')}
              {room.beacon_round !== null && ` · ${t('roll.details.beaconRound', { round: room.beacon_round })}`}
            </dt>
            <dd className="mono">
              {room.beacon_url ? (
                <a href={room.beacon_url} target="_blank" rel="noreferrer">
                  {room.public_seed}
                </a>
              ) : (
                room.public_seed
              )}
            </dd>
          </>
        )}
      </dl>
      <Link className="button button--ghost" to={rollFairnessPath(room.room_id)}>
        {t('roll.details.verify')}
      </Link>
    </section>
  );
}
