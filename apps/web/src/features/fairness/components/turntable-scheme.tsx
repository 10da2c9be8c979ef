import { useTranslation } from 'react-i18next';
import { INNER_RANGES, INNER_TICKETS, iconName, OUTER_RANGES, OUTER_TICKETS } from '../verify-turntable.ts';

const STEPS = ['chain', 'beacon', 'draw', 'weights'] as const;

/**
 * How a turntable round is drawn, with each wheel's ticket runs computed from the rules' weights
 * (packages/game/turntable), so the text cannot drift from what the server draws with.
 */
export function TurntableScheme() {
  const { t } = useTranslation();
  const wheels = [
    { key: 'outer', total: OUTER_TICKETS, ranges: OUTER_RANGES },
    { key: 'inner', total: INNER_TICKETS, ranges: INNER_RANGES },
  ] as const;
  return (
    <div className="fair-scheme">
      <h3>{t('fairness.turntable.scheme.title')}</h3>
      <ol>
        {STEPS.map((step) => (
          <li key={step}>{t(`fairness.turntable.scheme.${step}`)}</li>
        ))}
      </ol>
      {wheels.map((w) => (
        <div key={w.key} className="fair-scheme__wheel">
          <span className="fair-scheme__label">{t(`fairness.turntable.scheme.${w.key}`, { total: w.total })}</span>
          <ul className="fair-scheme__runs">
            {w.ranges.map((r) => (
              <li key={r.icon}>
                {t(`fairness.turntable.icons.${iconName(r.icon)}`)}{' '}
                <span className="fair-mono">{r.from === r.to ? r.from : `${r.from}–${r.to}`}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
