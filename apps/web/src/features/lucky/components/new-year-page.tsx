import type { LuckyWindow } from '@kaixiang/shared/lucky';
import { LUCKY_ODDS } from '@kaixiang/shared/lucky-paths';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconActivity } from '../../../components/icons.tsx';
import { Price } from '../../../components/price.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { dateTimeFormat, TO_THE_MINUTE } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { countdownParts, useMsUntil } from '../../../lib/countdown.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useLuckyActivity } from '../api/get-activity.ts';
import { luckyTexts } from '../texts.ts';
import { LuckyPlayers } from './lucky-players.tsx';
import '../lucky.css';

/** `/newYearActivity` (spec 2 §2): the lucky-player award page. */
export function NewYearPage() {
  return (
    <FeatureTextsGate texts={luckyTexts} fallback={<PageSpinner />}>
      <NewYear />
    </FeatureTextsGate>
  );
}

function NewYear() {
  const { t } = useTranslation();
  const activity = useLuckyActivity();
  return (
    <div className="page new-year-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconActivity size={26} />
        </span>
        <div>
          <h1>{t('pages.newYearActivity.title')}</h1>
          <p>{t('pages.newYearActivity.subtitle')}</p>
        </div>
      </header>
      {activity.isPending ? (
        <PageSpinner />
      ) : activity.data ? (
        <>
          <WindowPanel
            current={activity.data.current}
            next={activity.data.next}
            offsetMs={activity.data.offsetMs}
            onTurn={() => void activity.refetch()}
          />
          <LuckyPlayers running={activity.data.current !== null} />
        </>
      ) : (
        <div className="panel">
          <EmptyState
            title={t('lucky.loadFailed')}
            action={
              <button type="button" className="button button--ghost" onClick={() => void activity.refetch()}>
                {t('lucky.retry')}
              </button>
            }
          />
        </div>
      )}
    </div>
  );
}

/** The running window with its award and odds, or when the next one is; `onTurn` when a countdown ends. */
function WindowPanel(props: {
  current: LuckyWindow | null;
  next: LuckyWindow | null;
  offsetMs: number;
  onTurn: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { current, next, offsetMs, onTurn } = props;
  const shown = current ?? next;
  const when = (w: LuckyWindow) => ({
    start: dateTimeFormat(locale, TO_THE_MINUTE).format(w.start_time),
    end: dateTimeFormat(locale, TO_THE_MINUTE).format(w.end_time),
  });
  if (!shown) {
    return (
      <section className="panel new-year-hero" data-testid="lucky-window">
        <EmptyState title={t('lucky.notRunning')} hint={t('lucky.noneScheduled')} />
      </section>
    );
  }
  const odds = `1/${LUCKY_ODDS}`;
  return (
    <section
      className={`panel new-year-hero ${current ? 'is-running' : ''}`}
      data-testid="lucky-window"
      aria-labelledby="lucky-window-title"
    >
      <div className="new-year-hero__head">
        <h2 id="lucky-window-title" className="new-year-hero__title">
          {current ? t('lucky.running') : t('lucky.notRunning')}
        </h2>
        <p>{current ? t('lucky.window', when(current)) : t('lucky.nextWindow', when(shown))}</p>
      </div>
      <div className="new-year-hero__figures">
        <div className="new-year-hero__figure">
          <span className="new-year-hero__label">{current ? t('lucky.endsIn') : t('lucky.startsIn')}</span>
          <Countdown atMs={current ? current.end_time : shown.start_time} offsetMs={offsetMs} onEnd={onTurn} />
        </div>
        <div className="new-year-hero__figure">
          <span className="new-year-hero__label">{t('lucky.oddsLabel')}</span>
          <strong className="new-year-hero__odds">{odds}</strong>
        </div>
        <div className="new-year-hero__figure">
          <span className="new-year-hero__label">{t('lucky.award')}</span>
          <Price units={shown.award} className="new-year-hero__award" />
        </div>
      </div>
      <p className="new-year-hero__odds-line">{t('lucky.odds', { odds })}</p>
      <p className="new-year-hero__rules">
        {t('lucky.rules')} <Link to={PATHS.fairness}>{t('lucky.fairness')}</Link>
      </p>
      {current && (
        <Link to={PATHS.home} className="button button--primary new-year-hero__go">
          {t('lucky.openBoxes')}
        </Link>
      )}
    </section>
  );
}

/** Time left to `atMs` on the server's clock; calls `onEnd` once it has passed. */
function Countdown({ atMs, offsetMs, onEnd }: { atMs: number; offsetMs: number; onEnd: () => void }) {
  const { t } = useTranslation();
  const leftMs = useMsUntil(atMs, offsetMs);
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    if (leftMs > 0 || ended) return;
    setEnded(true);
    onEnd();
  }, [leftMs, ended, onEnd]);
  const parts = countdownParts(leftMs);
  return (
    <strong className="new-year-hero__countdown" role="timer">
      {parts.d > 0 ? t('lucky.countdown.days', parts) : t('lucky.countdown.clock', parts)}
    </strong>
  );
}
