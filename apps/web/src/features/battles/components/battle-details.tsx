import { ROOM_STATE } from '@kaixiang/shared/battles';
import { ERRORS } from '@kaixiang/shared/errors';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconChevronLeft } from '../../../components/icons.tsx';
import { Price } from '../../../components/price.tsx';
import { ApiError } from '../../../lib/api.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { sessionUserId, useLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { type RoomSnapshot, useBattleRoom } from '../api/get-battles.ts';
import { useBattleRoomLive, useRoomEmoticons, useWatchCount } from '../api/live.ts';
import { useBattleActions, useJoinBattle } from '../api/room-actions.ts';
import { type BattleMoment, momentOf, seatTotals } from '../timeline.ts';
import { BattleLoading, useBattleAssets, useLoadingOverlay } from './battle-loading.tsx';
import { BattleResult } from './battle-result.tsx';
import { EmoticonPicker } from './emoticon-picker.tsx';
import { RoomBadges, RoomBoxes, RoomWatchers } from './room-bits.tsx';
import { SeatColumn } from './seat-column.tsx';
import '../battles.css';

/** /battle/details?roomID= (spec 2 §2). */
export function BattleDetailsPage() {
  const [params] = useSearchParams();
  const roomId = Number(params.get('roomID'));
  if (!Number.isSafeInteger(roomId) || roomId <= 0) return <RoomMissing />;
  return <BattleRoomView key={roomId} roomId={roomId} />;
}

function RoomMissing() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="panel">
        <EmptyState
          title={t('battles.details.notFound')}
          action={
            <Link to={PATHS.vipBattle} className="button button--primary">
              {t('battles.details.back')}
            </Link>
          }
        />
      </div>
    </div>
  );
}

/** The moment of the battle on the server's clock, re-read whenever it is due to change. */
function useBattleMoment(snapshot: RoomSnapshot | undefined): BattleMoment {
  const [, setTick] = useState(0);
  const moment = snapshot
    ? momentOf(snapshot.room, Date.now() + snapshot.offsetMs)
    : { landed: 0, spinning: null, finished: false, nextInMs: null };
  const due = moment.nextInMs;
  useEffect(() => {
    if (due === null) return;
    // A little after the change, so the clock has passed it when the moment is read again.
    const timer = setTimeout(() => setTick((n) => n + 1), due + 15);
    return () => clearTimeout(timer);
  }, [due]);
  return moment;
}

function BattleRoomView({ roomId }: { roomId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const me = loggedIn ? Number(sessionUserId()) || null : null;
  const query = useBattleRoom(roomId);
  const { addRobot, dissolve, emoticon } = useBattleActions();
  const { join, joining } = useJoinBattle();
  const [confirmDissolve, setConfirmDissolve] = useState(false);
  useBattleRoomLive(roomId, () => void query.refetch());
  const emoticons = useRoomEmoticons(roomId);
  const snapshot = query.data;
  const room = snapshot?.room;
  const moment = useBattleMoment(snapshot);
  const watchers = useWatchCount(
    roomId,
    room ? { count: room.watch_cnt, receivedAtMs: query.dataUpdatedAt } : undefined,
  );

  // The reels' filler comes from each box's contents (the same query as the box page's); the
  // overlay holds the reels until it and the tiles' pictures are in. Decision: an ended room that
  // opens on its completion screen turns no reel, so it waits for nothing but its snapshot.
  const assets = useBattleAssets(room, moment.finished);
  const reelsAhead =
    room !== undefined &&
    !moment.finished &&
    (room.room_state === ROOM_STATE.running || room.room_state === ROOM_STATE.ended);
  const loading = useLoadingOverlay(room ? reelsAhead && !assets.ready : query.isPending, reelsAhead);

  // Spec 2 §4 / §8 -4001: a dissolved room tells why and sends everyone to the list.
  const leaving = useRef(false);
  const dissolved = room?.room_state === ROOM_STATE.dissolved;
  useEffect(() => {
    if (!dissolved || leaving.current) return;
    leaving.current = true;
    toast.warning(t('battles.details.dissolved'), { title: t('battles.details.dissolvedTitle') });
    void navigate(PATHS.vipBattle, { replace: true });
  }, [dissolved, navigate, t]);

  if (!room) {
    if (query.isPending) {
      // However long the snapshot takes: without it there is nothing else to show.
      return (
        <div className="page battle-room is-loading">
          <BattleLoading progress={assets.progress} />
        </div>
      );
    }
    if (query.error instanceof ApiError && query.error.code === ERRORS.GAME_ROOM_NOT_FOUND.code) return <RoomMissing />;
    return (
      <div className="page">
        <div className="panel">
          <EmptyState
            title={t('battles.loadFailed')}
            action={
              <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
                {t('battles.retry')}
              </button>
            }
          />
        </div>
      </div>
    );
  }

  const waiting = room.room_state === ROOM_STATE.waiting;
  const creator = room.members[0]?.user_id ?? null;
  const isCreator = me !== null && creator === me;
  const seated = me !== null && room.members.some((m) => m?.user_id === me);
  // Only a seated player may show emoticons, as the server checks, in any state but dissolved.
  const canEmote =
    me !== null && room.room_state !== ROOM_STATE.dissolved && room.members.some((m) => m?.user_id === me && !m.robot);
  const totals = seatTotals(room, moment.landed);
  const round = moment.spinning?.round ?? moment.landed;

  async function act(run: () => Promise<unknown>) {
    try {
      await run();
    } catch {
      return; // the server's reason was toasted
    }
    void query.refetch();
  }
  function onJoin(seat: number) {
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    // The refetch shows the player seated, and until it is in no 加入 can send another join.
    void join({ room_id: roomId, seat }, () => query.refetch());
  }

  return (
    <div className={`page battle-room ${loading ? 'is-loading' : ''}`}>
      <Link to={PATHS.vipBattle} className="box-page__back">
        <IconChevronLeft size={16} />
        {t('battles.details.back')}
      </Link>
      <section className="battle-room__head panel">
        <div className="battle-room__title">
          <h1>{t('battles.room', { id: room.room_id })}</h1>
          {/* Ended on the server, still running on screen until the completion screen. */}
          <RoomBadges
            room={room}
            shownState={room.room_state === ROOM_STATE.ended && !moment.finished ? ROOM_STATE.running : undefined}
          />
        </div>
        <p className="battle-room__round" data-testid="battle-round" aria-live="polite">
          {waiting || round === 0
            ? t('battles.details.roundsTotal', { total: room.total_round })
            : t('battles.details.round', { round, total: room.total_round })}
        </p>
        <p className="battle-room__entry">
          {t('battles.entry')}
          <Price units={room.entry_price} />
        </p>
        {watchers !== null && <RoomWatchers count={watchers} />}
        {canEmote && (
          <EmoticonPicker
            busy={emoticon.isPending}
            // A refusal (too frequent, no longer seated) was toasted by the API client; nothing to undo.
            onPick={(id) => emoticon.mutate({ room_id: roomId, emoticon_id: id })}
          />
        )}
        {waiting && isCreator && (
          <button
            type="button"
            className="button button--danger button--sm"
            disabled={dissolve.isPending}
            onClick={() => setConfirmDissolve(true)}
          >
            {t('battles.details.dissolve')}
          </button>
        )}
      </section>
      <RoomBoxes room={room} current={waiting ? undefined : Math.max(round, 1)} />
      <div className="battle-seats" style={{ gridTemplateColumns: `repeat(${room.user_num}, minmax(0, 1fr))` }}>
        {room.members.map((member, seat) => (
          <SeatColumn
            // biome-ignore lint/suspicious/noArrayIndexKey: a seat's place is its identity
            key={seat}
            room={room}
            seat={seat}
            member={member}
            me={me}
            moment={moment}
            totalUnits={totals[seat] ?? 0}
            contents={assets.contents}
            reelsHeld={loading}
            emoticon={emoticons.get(seat)}
            actions={{
              emptySeat: !waiting ? null : isCreator ? 'robot' : seated ? null : 'join',
              busy: joining !== null || addRobot.isPending,
              onJoin,
              onRobot: (s) => void act(() => addRobot.mutateAsync({ room_id: roomId, seat: s })),
            }}
          />
        ))}
      </div>
      {moment.finished && <BattleResult room={room} />}
      {loading && <BattleLoading progress={assets.progress} />}
      <ConfirmDialog
        open={confirmDissolve}
        text={t('battles.details.dissolveConfirm')}
        buttonText={t('battles.details.dissolve')}
        onClose={() => setConfirmDissolve(false)}
        onConfirm={() => {
          setConfirmDissolve(false);
          void act(() => dissolve.mutateAsync(roomId));
        }}
      />
    </div>
  );
}
