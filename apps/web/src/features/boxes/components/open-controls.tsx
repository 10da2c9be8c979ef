import { OPEN_COUNTS, type OpenCount } from '@kaixiang/shared/boxes';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../components/price.tsx';

export interface OpenControlsProps {
  priceUnits: number;
  disabled: boolean;
  busy: boolean;
  onOpen: (count: OpenCount) => void;
}

/** One button per allowed count (spec: 1, 5 or 10), each with what it costs. */
export function OpenControls({ priceUnits, disabled, busy, onOpen }: OpenControlsProps) {
  const { t } = useTranslation();
  return (
    <div className="open-controls">
      {OPEN_COUNTS.map((count) => (
        <button
          key={count}
          type="button"
          className={`button ${count === 1 ? 'button--primary' : 'button--ghost'} open-controls__button`}
          disabled={disabled}
          aria-busy={busy}
          onClick={() => onOpen(count)}
        >
          <span>{t('boxes.openTimes', { count })}</span>
          <Price units={priceUnits * count} className="open-controls__price" />
        </button>
      ))}
    </div>
  );
}
