import { formatUnits } from '@kaixiang/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconClose } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { type RainSnapshot, rainInfoQueryOptions, useGrab } from '../api/rain.ts';
import { EnvelopeIcon } from './envelope-icon.tsx';
import { clock } from './rain-badge.tsx';
import { prefersReducedMotion, RedEnvelope } from './red-envelope.tsx';

/** Falling packets on the screen at once; each one's lane, speed and start are fixed by its place. */
const PACKETS = 14;
const lane = (i: number) => ({
  left: `${3 + ((i * 37) % 90)}%`,
  animationDuration: `${3.4 + ((i * 7) % 5) * 0.45}s`,
  animationDelay: `${-((i * 0.61) % 4)}s`,
});

/**
 * The rain over the page while a round runs: packets fall, a click grabs one (one per player per
 * round: the server decides), and the red envelope opens on the amount won. Esc or the close
 * button leave it; the badge opens it again.
 */
export function RainOverlay({ snap, leftMs, onClose }: { snap: RainSnapshot; leftMs: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const loggedIn = useLoggedIn();
  const grab = useGrab();
  const still = useRef(prefersReducedMotion()).current;
  const closeRef = useRef<HTMLButtonElement>(null);
  const round = snap.round;
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') latestClose.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!round) return null;

  const won = grab.data?.round_id === round.round_id ? grab.data : null;
  const mine = won ?? (snap.self ? { index: snap.self.index, amount: snap.self.amount } : null);
  const refusal = grab.error instanceof ApiError ? grab.error : null;
  const onPacket = () => {
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    if (grab.isPending || mine) return;
    grab.mutate(round.round_id, {
      // Already grabbed (another tab, a lost answer): the info shows which packet.
      onError: () => void queryClient.invalidateQueries({ queryKey: rainInfoQueryOptions.queryKey }),
    });
  };
  const conditions = [
    round.conditions.min_vip_level > 0 ? t('rain.vip', { level: round.conditions.min_vip_level }) : null,
    round.conditions.recharge_days > 0 ? t('rain.recharge', { days: round.conditions.recharge_days }) : null,
  ].filter(Boolean);

  return createPortal(
    <div
      className={`rain-overlay${still ? ' rain-overlay--still' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={t('rain.title')}
    >
      {!mine && (
        <div className="rain-overlay__sky">
          {Array.from({ length: PACKETS }, (_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the packets are places, not data
              key={i}
              type="button"
              className="rain-packet"
              style={still ? { left: `${4 + i * 6.8}%` } : lane(i)}
              onClick={onPacket}
              disabled={grab.isPending || Boolean(snap.complete)}
              aria-label={t('rain.open')}
            >
              <EnvelopeIcon />
            </button>
          ))}
        </div>
      )}
      <div className="rain-overlay__panel">
        <button
          ref={closeRef}
          type="button"
          className="rain-overlay__close"
          onClick={onClose}
          aria-label={t('rain.closeRain')}
        >
          <IconClose size={18} />
        </button>
        {mine ? (
          <div className="rain-result" data-testid="rain-result">
            <RedEnvelope amount={`¥${formatUnits(mine.amount)}`} caption={t('rain.won')} still={!won} />
            <p className="rain-result__index">{t('rain.index', { n: mine.index + 1 })}</p>
            {!won && <p className="rain-result__note">{t('rain.already')}</p>}
            <button type="button" className="button button--primary" onClick={onClose}>
              {t('rain.close')}
            </button>
          </div>
        ) : (
          <>
            <h2 className="rain-overlay__title">{t('rain.title')}</h2>
            <p className="rain-overlay__hint">{loggedIn ? t('rain.hint') : t('rain.loginHint')}</p>
            <p className="rain-overlay__meta">
              {t('rain.endsIn')} <time>{clock(leftMs, (d) => `${d}d`)}</time> ·{' '}
              {snap.complete ? t('rain.gone') : t('rain.remaining', { count: round.remaining })}
            </p>
            <p className="rain-overlay__meta">
              {t('rain.conditions')}: {conditions.length ? conditions.join('，') : t('rain.anyone')}
            </p>
            {grab.isPending && <p className="rain-overlay__status">{t('rain.grabbing')}</p>}
            {refusal && !grab.isPending && (
              <p className="rain-overlay__status rain-overlay__status--refused" role="alert">
                {refusal.message}
              </p>
            )}
            {!loggedIn && (
              <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
                {t('rain.login')}
              </button>
            )}
          </>
        )}
        <Link className="rain-overlay__fair" to={`${PATHS.fairness}?rain=${round.round_id}`} onClick={onClose}>
          {t('rain.fairness')}
        </Link>
      </div>
    </div>,
    document.body,
  );
}
