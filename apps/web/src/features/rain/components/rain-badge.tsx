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

/** The small countdown on every page: to the start, or to the end with the packets left. */
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
      <span className="rain-badge__text">
        <strong>{running ? t('rain.running') : t('rain.name')}</strong>
        <span>
          {running ? t('rain.endsIn') : t('rain.startsIn')} <time className="rain-badge__clock">{time}</time>
        </span>
        {running && (
          <span className="rain-badge__left">
            {snap.complete ? t('rain.gone') : t('rain.remaining', { count: round.remaining })}
          </span>
        )}
      </span>
    </>
  );
  return onOpen ? (
    <button type="button" className="rain-badge rain-badge--running" onClick={onOpen} aria-label={t('rain.open')}>
      {body}
    </button>
  ) : (
    <div className="rain-badge" role="status">
      {body}
    </div>
  );
}
