import { TREASURE_CARD_STATUS, TREASURE_STATE, type TreasureInfo } from '@kaixiang/shared/treasure';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useMsUntil } from '../../../lib/countdown.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useTreasureDynamic, useTreasureEndInfo, useTreasureInfo } from '../api/get-treasure.ts';
import { useTreasureRoomLive } from '../api/live.ts';
import { cardNumbers } from '../format.ts';
import { treasureTexts } from '../texts.ts';
import { Countdown, PhaseBadge, PrizeCard, SoldBar } from './bits.tsx';
import { CardGrid, CardLegend, holderNames } from './card-grid.tsx';
import { Dynamics } from './dynamics.tsx';
import { GrabBox } from './grab-box.tsx';
import { StatusBadge } from './my-cards.tsx';
import { ResultPanel } from './result.tsx';
import '../treasure.css';

/** How often a treasure past its deadline or waiting for the beacon asks again, socket or not. */
const DUE_POLL_MS = 5000;

/** /card/details?roomID= (spec 2 §2 card details; `roomID` as battles' and roll rooms' pages). */
export function TreasureDetailsPage() {
  const [params] = useSearchParams();
  const roomId = Number(params.get('roomID'));
  return (
    <FeatureTextsGate texts={treasureTexts}>
      {Number.isSafeInteger(roomId) && roomId > 0 ? <TreasureView key={roomId} roomId={roomId} /> : <Missing />}
    </FeatureTextsGate>
  );
}

function Missing() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="panel">
        <EmptyState
          title={t('treasure.details.notFound')}
          action={
            <Link to={PATHS.card} className="button button--primary">
              {t('treasure.details.back')}
            </Link>
          }
        />
      </div>
    </div>
  );
}

function TreasureView({ roomId }: { roomId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useTreasureInfo(roomId, locale);
  const dynamic = useTreasureDynamic(roomId);
  useTreasureRoomLive(roomId);
  const info = query.data?.info;
  const offsetMs = query.data?.offsetMs ?? 0;
  const leftMs = useMsUntil(info?.deadline ?? 0, offsetMs);
  const ended = info?.state === TREASURE_STATE.ended;
  const end = useTreasureEndInfo(roomId, locale, ended);
  // Waiting for the beacon (full) or for the deadline's refund: `treasure_won` / `treasure_refund`
  // say when it is over, and a slow poll covers a socket that is down meanwhile.
  const due = info !== undefined && !ended && (info.phase === 'full' || leftMs <= 0);
  const { refetch } = query;
  useEffect(() => {
    if (!due) return;
    const timer = setInterval(() => void refetch(), DUE_POLL_MS);
    return () => clearInterval(timer);
  }, [due, refetch]);

  if (query.isPending) {
    return (
      <div className="page center-block">
        <Spinner />
      </div>
    );
  }
  if (!info) return <Missing />;
  const onSale = info.phase === 'open' && leftMs > 0;

  return (
    <div className="page treasure-room">
      <Link to={PATHS.card} className="treasure-back">
        ‹ {t('treasure.details.back')}
      </Link>
      <section className="panel treasure-room__head">
        <PrizeCard item={info.item} className="treasure-room__prize" />
        <div className="treasure-room__info">
          <h1>
            {info.title} <PhaseBadge phase={info.phase} />
          </h1>
          <dl className="treasure-room__facts">
            <div>
              <dt>{t('treasure.prizeValue')}</dt>
              <dd>
                <Price units={info.item.price} />
              </dd>
            </div>
            <div>
              <dt>{t('treasure.cardPrice')}</dt>
              <dd>
                <Price units={info.card_price} />
              </dd>
            </div>
            <div>
              <dt>{t('treasure.deadlineAt', { time: new Date(info.deadline).toLocaleString(locale) })}</dt>
              <dd>
                {onSale ? <Countdown atMs={info.deadline} offsetMs={offsetMs} /> : t(`treasure.phase.${info.phase}`)}
              </dd>
            </div>
          </dl>
          <SoldBar sold={info.sold} total={info.total} />
          <Standing info={info} due={due} />
        </div>
        {onSale && <GrabBox info={info} />}
      </section>
      {ended && <ResultPanel info={info} end={end.data} />}
      <section className="panel treasure-room__cards" aria-label={t('treasure.details.cards')}>
        <h2>
          {t('treasure.details.cards')}
          <small className="treasure-room__hint">
            {t('treasure.details.cardsHint', { total: info.total, sold: info.sold, left: info.total - info.sold })}
          </small>
        </h2>
        <CardLegend />
        <CardGrid info={info} names={holderNames(dynamic.data, info.total)} />
      </section>
      <Dynamics dynamic={dynamic.data} />
    </div>
  );
}

/** The viewer's cards and status (spec 2 §3: 1 in progress, 2 won, 3 not won), and what the treasure waits for. */
function Standing({ info, due }: { info: TreasureInfo; due: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="treasure-room__standing" aria-live="polite">
      {info.my_status !== null && (
        <p>
          {t('treasure.details.myStatus')}：<StatusBadge status={info.my_status} />{' '}
          {t('treasure.details.myCards', { count: info.my_cards.length, cards: cardNumbers(info.my_cards) })}
        </p>
      )}
      {info.phase === 'full' && <p className="treasure-room__note">{t('treasure.details.waiting')}</p>}
      {info.phase === 'open' && due && <p className="treasure-room__note">{t('treasure.details.expiring')}</p>}
      {info.my_status === TREASURE_CARD_STATUS.won && info.winning_card !== null && (
        <p className="treasure-room__won">
          {t('treasure.details.youWon', { card: info.winning_card + 1, name: info.item.name })}
        </p>
      )}
      {info.my_status === TREASURE_CARD_STATUS.notWon && info.phase === 'won' && (
        <p className="treasure-room__note">{t('treasure.details.youLost')}</p>
      )}
    </div>
  );
}
