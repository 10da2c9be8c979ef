import { formatUnits, UNITS_PER_YUAN } from '@kaixiang/shared/money';
import { useTranslation } from 'react-i18next';

/** The amount one click on an area stakes: a quick-bet chip, or what the player typed (yuan). */
export interface Stake {
  units: number;
  /** The typed text, or null when a chip is chosen. */
  custom: string | null;
}

/** Whole yuan without decimals (the chips), anything else with its cents. */
export function chipLabel(units: number): string {
  return units % UNITS_PER_YUAN === 0 ? formatUnits(units, 0) : formatUnits(units);
}

/**
 * Typed yuan to units: digits with up to two decimals (as every amount is shown); anything else,
 * or nothing, is 0, which a click answers with the spec's '押注金额不能为0'.
 */
export function unitsOfTyped(text: string): number {
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return 0;
  return Number(m[1]) * UNITS_PER_YUAN + Number((m[2] ?? '').padEnd(2, '0')) * 100;
}

export function ChipBar({
  quickBets,
  minUnits,
  maxUnits,
  stake,
  onStake,
}: {
  quickBets: readonly number[];
  minUnits: number;
  maxUnits: number;
  stake: Stake;
  onStake: (stake: Stake) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tt-chips">
      <span className="tt-chips__label">{t('turntable.bet.chips')}</span>
      <div className="tt-chips__list">
        {quickBets.map((units, i) => (
          <button
            key={units}
            type="button"
            aria-pressed={stake.custom === null && stake.units === units}
            className={`tt-chip tt-chip--${i % 6}${stake.custom === null && stake.units === units ? ' is-active' : ''}`}
            onClick={() => onStake({ units, custom: null })}
          >
            {chipLabel(units)}
          </button>
        ))}
      </div>
      <label className="tt-chips__custom">
        <span>{t('turntable.bet.custom')}</span>
        <input
          type="text"
          inputMode="decimal"
          className={stake.custom !== null ? 'is-active' : ''}
          placeholder={t('turntable.bet.customPlaceholder')}
          value={stake.custom ?? ''}
          onChange={(e) => {
            const text = e.target.value.replace(/[^\d.]/g, '');
            onStake({ units: unitsOfTyped(text), custom: text });
          }}
        />
      </label>
      <span className="tt-chips__limits" data-testid="tt-limits">
        {t('turntable.bet.limits', { min: formatUnits(minUnits), max: formatUnits(maxUnits) })}
      </span>
    </div>
  );
}
