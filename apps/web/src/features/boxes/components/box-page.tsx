import type { OpenBoxResponse, OpenCount } from '@kaixiang/shared/boxes';
import { ERRORS } from '@kaixiang/shared/errors';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconChevronLeft, IconShield } from '../../../components/icons.tsx';
import { LazyDialog } from '../../../components/lazy-dialog.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { useBoxContents, useBoxInfo } from '../api/get-box.ts';
import { boxHistoryQueryOptions } from '../api/get-box-history.ts';
import { useOpenBox } from '../api/open-box.ts';
import { formatRtp } from '../format.ts';
import { BoxContents } from './box-contents.tsx';
import { BoxHistory } from './box-history.tsx';
import { BoxImage } from './box-image.tsx';
import { OpenControls } from './open-controls.tsx';
import { OpenResultDialog } from './open-result-dialog.tsx';
import { Reel } from './reel.tsx';
import '../boxes.css';

/** The lucky-player overlay: loaded only for the rare opening that made its player lucky. */
const LuckyOverlay = lazy(() =>
  import('../../lucky/components/lucky-overlay.tsx').then((m) => ({ default: m.LuckyOverlay })),
);

/** What an opening paid its player as a lucky player (0 unless a box's lucky roll was 0). */
const luckyAwardOf = (o: OpenBoxResponse) => o.items.reduce((sum, i) => sum + (i.lucky?.award ?? 0), 0);

/** `/box/:boxId`. */
export function BoxPage() {
  const { boxId: raw } = useParams();
  const boxId = Number(raw);
  if (!Number.isSafeInteger(boxId) || boxId <= 0) return <BoxMissing />;
  // A new box starts from a clean page: no reel or result of the previous one.
  return <BoxView key={boxId} boxId={boxId} />;
}

function BoxMissing() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="panel">
        <EmptyState
          title={t('boxes.notFound')}
          action={
            <Link to={PATHS.home} className="button button--primary">
              {t('boxes.back')}
            </Link>
          }
        />
      </div>
    </div>
  );
}

/** `lucky`: the reel has landed on an opening that made its player lucky; its overlay comes first. */
type Phase = 'idle' | 'spinning' | 'lucky' | 'result';

function BoxView({ boxId }: { boxId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const loggedIn = useLoggedIn();
  const info = useBoxInfo(boxId);
  const contents = useBoxContents(boxId);
  // The contents grid and the history below it are the page's largest renders: drawn from a
  // deferred copy, React builds them in slices instead of one long task; the history waits for
  // the grid above it so it is not pushed down the screen when the grid fills.
  const shownContents = useDeferredValue(contents.data);
  const belowReady = shownContents !== undefined || contents.isError;
  const { open, isPending } = useOpenBox(boxId);
  const [opening, setOpening] = useState<OpenBoxResponse | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');

  if (info.isPending) {
    return (
      <div className="page center-block">
        <Spinner />
      </div>
    );
  }
  const box = info.data;
  if (!box) {
    if (info.error instanceof ApiError && info.error.code === ERRORS.BOX_NOT_FOUND.code) return <BoxMissing />;
    return (
      <div className="page">
        <div className="panel">
          <EmptyState
            title={t('boxes.loadFailed')}
            action={
              <button type="button" className="button button--ghost" onClick={() => void info.refetch()}>
                {t('boxes.retry')}
              </button>
            }
          />
        </div>
      </div>
    );
  }

  async function handleOpen(count: OpenCount) {
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    let result: OpenBoxResponse;
    try {
      result = await open(count);
    } catch {
      return; // the reason was toasted
    }
    setOpening(result);
    setPhase('spinning');
  }

  function handleLanded() {
    setPhase(opening && luckyAwardOf(opening) > 0 ? 'lucky' : 'result');
    // Only now: the list below would otherwise tell the result before the reel does.
    void queryClient.invalidateQueries({ queryKey: boxHistoryQueryOptions(boxId).queryKey });
  }

  const rtpBp = contents.data?.rtp_bp ?? box.rtp_bp;
  return (
    <div className="page box-page">
      <Link to={PATHS.home} className="box-page__back">
        <IconChevronLeft size={16} />
        {t('boxes.back')}
      </Link>
      <section className="box-stage panel" aria-labelledby="box-title">
        <header className="box-stage__head">
          <h1 id="box-title">{box.name}</h1>
          <Price units={box.price} className="box-stage__price" />
          <span className="box-stage__rtp" title={t('boxes.rtpHint')}>
            {t('boxes.rtp', { value: formatRtp(rtpBp) })}
          </span>
        </header>
        <div className="box-stage__arena">
          {opening && phase !== 'idle' ? (
            <Reel opening={opening} contents={contents.data} onDone={handleLanded} />
          ) : (
            <BoxImage src={box.img} backup={box.fallback_img} alt={box.name} className="box-stage__img" priority />
          )}
        </div>
        <OpenControls
          priceUnits={box.price}
          busy={isPending}
          disabled={isPending || phase !== 'idle' || !contents.data}
          onOpen={(count) => void handleOpen(count)}
        />
        <p className="box-stage__hint">
          <IconShield size={14} />
          {t('boxes.openHint')} <Link to={PATHS.fairness}>{t('boxes.fairnessLink')}</Link>
        </p>
      </section>
      {shownContents ? (
        <BoxContents contents={shownContents} />
      ) : (
        !contents.isError && (
          <div className="center-block">
            <Spinner />
          </div>
        )
      )}
      {belowReady && <BoxHistory boxId={boxId} />}
      {opening && (
        <LazyDialog open={phase === 'lucky'}>
          {phase === 'lucky' && <LuckyOverlay awardUnits={luckyAwardOf(opening)} onClose={() => setPhase('result')} />}
        </LazyDialog>
      )}
      {opening && phase === 'result' && (
        <OpenResultDialog
          items={opening.items}
          onClose={() => {
            setPhase('idle');
            setOpening(null);
          }}
        />
      )}
    </div>
  );
}
