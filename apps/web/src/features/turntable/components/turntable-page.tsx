import { TURNTABLE_HISTORY_CAP, TURNTABLE_SPIN_MS } from '@kaixiang/game/turntable';
import { ERRORS } from '@kaixiang/shared/errors';
import { formatUnits } from '@kaixiang/shared/money';
import type { TurntableRoomInfo, TurntableSettleSelf } from '@kaixiang/shared/turntable';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconTurntable } from '../../../components/icons.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAudioPrefs } from '../../../lib/audio-prefs.ts';
import { holdBalance } from '../../../lib/balance-hold.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { playReveal } from '../../boxes/sounds.ts';
import { roomInfoQueryOptions, type TurntableSnapshot, useRoomInfo, useViewer } from '../api/get-turntable.ts';
import { useTurntableLive } from '../api/live.ts';
import { usePlaceBet } from '../api/place-bet.ts';
import { mergeBetEvent, ownTotals } from '../board.ts';
import { momentOf, spinStartOf, staleRefetchInMs, type TurntableMoment } from '../timeline.ts';
import { BetAreas } from './bet-areas.tsx';
import { ChipBar, type Stake } from './chip-bar.tsx';
import { HistoryStrip } from './history-strip.tsx';
import { JackpotPanel } from './jackpot-panel.tsx';
import { MyRecords } from './my-records.tsx';
import { FairnessPanel, OddsPanel } from './odds-panel.tsx';
import { RoundStatus } from './round-status.tsx';
import { Wheels } from './wheels.tsx';
import '../turntable.css';

/**
 * How long the header's balance waits while a round is drawn (the beacon's next value, then the
 * settlement's event): at most this, so a lost event cannot keep it back.
 */
const DRAW_HOLD_MS = 8_000;

/** The round's stage on the server's clock, re-read whenever it is due to change. */
function useMoment(snapshot: TurntableSnapshot | undefined): TurntableMoment {
  const [, setTick] = useState(0);
  const moment = snapshot
    ? momentOf(snapshot.info, Date.now() + snapshot.offsetMs)
    : { stage: 'drawing' as const, spinElapsedMs: 0, nextInMs: null };
  const due = moment.nextInMs;
  useEffect(() => {
    if (due === null) return;
    // A little after the change, so the clock has passed it when the moment is read again.
    const timer = setTimeout(() => setTick((n) => n + 1), due + 15);
    return () => clearTimeout(timer);
  }, [due]);
  return moment;
}

/**
 * What the round's settlement changes besides the areas — the history, the miss counts, the
 * jackpot — would give the result away while the wheels still turn. Until they stop, the screen
 * leaves the drawn round out of the history and shows the counts and the jackpot from before the
 * settlement, as this visitor saw them (a visitor who arrives mid-spin has no such counts: "…").
 */
function useShownFacts(info: TurntableRoomInfo | undefined, hiding: boolean) {
  const before = useRef<{ roundId: number; missCounts: number[]; jackpot: number } | null>(null);
  useEffect(() => {
    if (info && info.phase !== 1) {
      before.current = { roundId: info.round_id, missCounts: info.icon_miss_count, jackpot: info.jackpot };
    }
  }, [info]);
  if (!info) return { history: [], missCounts: null, jackpot: 0 };
  if (!hiding) return { history: info.history, missCounts: info.icon_miss_count, jackpot: info.jackpot };
  const held = before.current?.roundId === info.round_id ? before.current : null;
  return {
    history: info.history.filter((h) => h.round_id !== info.round_id),
    missCounts: held?.missCounts ?? null,
    jackpot: held?.jackpot ?? info.jackpot,
  };
}

/** /turntable (spec 2 §2, issue 12): the shared, endless rounds of the 转盘. */
export function TurntablePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const loggedIn = viewer !== 'guest';
  const query = useRoomInfo();
  const snapshot = query.data;
  const info = snapshot?.info;
  const moment = useMoment(snapshot);
  const placeBet = usePlaceBet(viewer);
  const { effects } = useAudioPrefs();
  const [stake, setStake] = useState<Stake | null>(null);
  const [pendingWin, setPendingWin] = useState<TurntableSettleSelf | null>(null);

  const roomKey = roomInfoQueryOptions(viewer).queryKey;
  const refetch = () => void queryClient.invalidateQueries({ queryKey: roomKey });
  useTurntableLive({
    refetch,
    bet: (event) => {
      const current = queryClient.getQueryData<TurntableSnapshot>(roomKey);
      // A frame of a round we have not loaded yet: the round opened without us hearing it.
      if (current && event.round_id > current.info.round_id) refetch();
      else
        queryClient.setQueryData<TurntableSnapshot>(roomKey, (s) =>
          s ? { ...s, info: mergeBetEvent(s.info, event) } : s,
        );
    },
    settleSelf: setPendingWin,
  });

  // No event for a while after the phase should have ended (a frame lost without a gap the socket
  // could see): ask again, and again every few seconds while nothing changes (each answer's `now`
  // sets the next wait).
  const staleKey =
    snapshot && moment.stage !== 'betting'
      ? `${snapshot.info.round_id}:${snapshot.info.phase}:${snapshot.info.now}`
      : null;
  const staleInMs = useRef(0);
  staleInMs.current = snapshot ? staleRefetchInMs(snapshot.info, Date.now() + snapshot.offsetMs) : 0;
  useEffect(() => {
    if (staleKey === null) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: ['turntable', 'room', viewer] }),
      staleInMs.current,
    );
    return () => clearTimeout(timer);
  }, [staleKey, queryClient, viewer]);

  // The settlement pays (and the header's balance would jump) as the wheels start: while a round
  // the player staked on is drawn and turns, the header keeps the balance until they stop.
  const staked = (info?.selfbets.length ?? 0) > 0;
  const holdUntil =
    staked && moment.stage === 'spinning'
      ? Date.now() + (TURNTABLE_SPIN_MS - moment.spinElapsedMs)
      : staked && moment.stage === 'drawing'
        ? Date.now() + DRAW_HOLD_MS
        : null;
  const holdKey = holdUntil === null ? null : `${info?.round_id}:${moment.stage}`;
  const holdAt = useRef(0);
  holdAt.current = holdUntil ?? 0;
  useEffect(() => {
    if (holdKey === null) return;
    return holdBalance(holdAt.current);
  }, [holdKey]);

  const revealed = info?.phase === 1 && moment.stage === 'result';
  const hiding = info?.phase === 1 && moment.stage !== 'result';
  const shown = useShownFacts(info, hiding);

  // The wheels stopped in front of this visitor: a chime if the player won, the records follow.
  const lastStage = useRef(moment.stage);
  useEffect(() => {
    const landed = lastStage.current === 'spinning' && moment.stage === 'result';
    lastStage.current = moment.stage;
    if (!landed || !info) return;
    if (ownTotals(info.areas).awardUnits > 0 && effects) playReveal(5);
    void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT, 'turntable', 'records'] });
  }, [moment.stage, info, effects, queryClient]);

  // settle_self comes with the settlement, before the wheels turn: it is told once they stopped.
  useEffect(() => {
    if (!pendingWin || !info) return;
    const due = info.round_id > pendingWin.round_id || (info.round_id === pendingWin.round_id && revealed);
    if (!due) return;
    setPendingWin(null);
    const won = pendingWin.won + pendingWin.jackpot;
    if (won > 0)
      toast.success(t('turntable.win.message', { round: pendingWin.round_id, amount: formatUnits(won) }), {
        title: t('turntable.win.title'),
      });
    void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT, 'turntable', 'records'] });
  }, [pendingWin, info, revealed, t, queryClient]);

  if (!info || !snapshot) {
    if (query.isPending) {
      return (
        <div className="page center-block">
          <Spinner />
        </div>
      );
    }
    const preparing = query.error instanceof ApiError && query.error.code === ERRORS.TURNTABLE_NO_ROUND.code;
    return (
      <div className="page">
        <div className="panel">
          <EmptyState
            title={preparing ? t('turntable.preparing') : t('turntable.loadFailed')}
            action={
              <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
                {t('turntable.retry')}
              </button>
            }
          />
        </div>
      </div>
    );
  }

  const chosen: Stake = stake ?? { units: info.quick_bet[0] ?? info.min_bet, custom: null };
  const open = moment.stage === 'betting';
  function onBet(area: number) {
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    if (!open) {
      toast.warning(t('turntable.bet.closed'));
      return;
    }
    if (chosen.units <= 0) {
      // Spec 2 §5: the server says the same for a zero bet; no request for it.
      toast.warning(t('turntable.bet.zero'), { title: t('turntable.bet.zeroTitle') });
      return;
    }
    placeBet.mutate({ area, amount: chosen.units });
  }

  const result =
    info.phase === 1 && info.result ? { outIcon: info.result.out_icon, innerIcon: info.result.inner_icon } : null;
  const previousEntry = info.history.find((h) => h.round_id !== info.round_id) ?? null;
  const previous = previousEntry
    ? { roundId: previousEntry.round_id, outIcon: previousEntry.out_icon, innerIcon: previousEntry.inner_icon }
    : null;
  const mine = ownTotals(info.areas);

  return (
    <div className="page turntable">
      <header className="page-head">
        <span className="page-head__icon">
          <IconTurntable size={26} />
        </span>
        <div>
          <h1>{t('turntable.title')}</h1>
          <p>{t('turntable.subtitle')}</p>
        </div>
      </header>
      <div className="tt-main">
        <section className="panel tt-stage">
          <RoundStatus info={info} stage={moment.stage} offsetMs={snapshot.offsetMs} />
          <Wheels
            roundId={info.round_id}
            stage={moment.stage}
            result={result}
            previous={previous}
            offsetMs={snapshot.offsetMs}
            spinStartMs={spinStartOf(info)}
            sound={effects}
            hub={
              <>
                <span className="tt-hub__label">{t('turntable.jackpot.pool')}</span>
                <Price units={shown.jackpot} className="tt-hub__pool" />
              </>
            }
          />
          <p className="tt-stage__note">{t(`turntable.note.${moment.stage}`)}</p>
        </section>
        <section className="panel tt-board">
          <ChipBar
            quickBets={info.quick_bet}
            minUnits={info.min_bet}
            maxUnits={info.max_bet}
            stake={chosen}
            onStake={setStake}
          />
          <BetAreas areas={info.areas} odds={info.odds} revealed={revealed} open={open} onBet={onBet} />
          <div className="tt-board__mine" data-testid="tt-mine">
            <span>
              {t('turntable.bet.myStake')}
              <Price units={mine.stakedUnits} />
            </span>
            {revealed && (
              <span className={mine.awardUnits > 0 ? 'tt-board__won' : ''}>
                {t('turntable.bet.myAward')}
                <Price units={mine.awardUnits} />
              </span>
            )}
          </div>
        </section>
      </div>
      <section className="panel">
        <HistoryStrip history={shown.history.slice(0, TURNTABLE_HISTORY_CAP)} missCounts={shown.missCounts} />
      </section>
      <div className="tt-columns">
        <div className="tt-column">
          <JackpotPanel />
          <FairnessPanel info={info} revealed={revealed} />
        </div>
        <OddsPanel info={info} />
      </div>
      <MyRecords loggedIn={loggedIn} drawingRoundId={hiding ? info.round_id : null} />
    </div>
  );
}
