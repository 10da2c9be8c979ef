import { useTranslation } from 'react-i18next';
import type { BeaconTiming } from '../verify-beacon.ts';
import { CheckMark } from './verifier.tsx';

/** The games whose rooms take a beacon value, each closing its entries its own way. */
export type BeaconGame = 'battle' | 'turntable' | 'roll' | 'treasure' | 'rain';

/** An exact time a verifier can be written against: ISO 8601 in UTC and epoch milliseconds. */
export function exactTime(ms: number): string {
  return `${new Date(ms).toISOString()} (${ms})`;
}

/**
 * One verifier's beacon line: ✓ when the room's beacon round is the first the beacon published
 * after the room's entries closed (verify-beacon.ts), with both times, the value mixed into the
 * rolls and the link to the beacon's own page of that round.
 */
export function BeaconCheck({
  game,
  timing,
  seed,
  url,
  deadline,
}: {
  game: BeaconGame;
  timing: BeaconTiming;
  seed: string | null;
  url: string | null;
  /** The turntable's betting deadline, shown beside the time betting actually closed. */
  deadline?: number;
}) {
  const { t } = useTranslation();
  const round = timing.round ?? '-';
  return (
    <li className={`verify-check ${timing.ok ? 'is-ok' : 'is-bad'}`} data-testid="beacon-check">
      <CheckMark ok={timing.ok} />
      <span className="verify-check__text">
        <strong>{t(`fairness.beacon.${game}.timing`, { round })}</strong>
        {timing.closedAt === null ? (
          <small>{t('fairness.beacon.noClose')}</small>
        ) : (
          <small className="fair-mono">
            {t(`fairness.beacon.${game}.closed`, { time: exactTime(timing.closedAt) })}
          </small>
        )}
        {deadline !== undefined && (
          <small className="fair-mono">{t('fairness.beacon.turntable.deadline', { time: exactTime(deadline) })}</small>
        )}
        {timing.publishedAt !== null && (
          <small className="fair-mono">
            {t('fairness.beacon.publishedAt', { round, time: exactTime(timing.publishedAt) })}
          </small>
        )}
        {!timing.known && <small>{t('fairness.beacon.noSchedule')}</small>}
        {timing.expected !== null && !timing.ok && (
          <small>{t('fairness.beacon.expected', { round: timing.expected })}</small>
        )}
        <small>{t('fairness.beacon.value', { round })}</small>
        <small className="fair-mono">{seed ?? '-'}</small>
        {url && (
          <a href={url} target="_blank" rel="noreferrer">
            {t('fairness.beacon.link')}
          </a>
        )}
      </span>
    </li>
  );
}
