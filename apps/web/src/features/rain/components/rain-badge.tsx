import { useTranslation } from 'react-i18next';
import { countdownParts } from '../../../lib/countdown.ts';
import type { RainSnapshot } from '../api/rain.ts';
import { EnvelopeIcon } from './envelope-icon.tsx';

/** mm:ss, or hh:mm:ss an hour or more ahead, or the days too. */
export function clock(leftMs: number, dayWord: (d: number) => string): string {
  const { d, h, m, s } = countdownParts(leftMs);
  if (d > 0) return `${dayWord(d)} ${h}:${m}:${s}`;
  return h === '00' ? `${m}:${s}` : `${h}:${m}:${s}`;
}

/**
 * The small countdown on every page, in the right-hand margin under the side panel (it never
 * covers the content at 1,480 px): to the start, or, while a round runs, a button into the rain
 * with the time to the end and the packets left. The whole sentence is its accessible name.
 */
export function RainBadge({
  snap,
  leftMs,
  onOpen,
}: {
  snap: RainSnapshot;
  leftMs: number;
  onOpen?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const round = snap.round;
  if (!round) return null;
  const running = snap.status === 2;
  const time = clock(leftMs, (d) => `${d}d`);
  const body = (
    <>
      <EnvelopeIcon className="rain-badge__icon" />
      <strong className="rain-badge__name">{running ? t('rain.badge.grab') : t('rain.badge.name')}</strong>
      <time className="rain-badge__clock">{time}</time>
      <span className="rain-badge__left">
        {!running
          ? t('rain.badge.toStart')
          : snap.complete
            ? t('rain.badge.gone')
            : t('rain.badge.left', { count: round.remaining })}
      </span>
    </>
  );
  return onOpen ? (
    <button
      type="button"
      className="rain-badge rain-badge--running"
      onClick={onOpen}
      aria-label={`${t('rain.open')} · ${t('rain.badge.live', { time })}`}
    >
      {body}
    </button>
  ) : (
    <div className="rain-badge" role="timer" aria-label={t('rain.badge.upcoming', { time })}>
      {body}
    </div>
  );
}
