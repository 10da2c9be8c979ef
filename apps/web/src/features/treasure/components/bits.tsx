import { isQuality, isWearGrade, type Quality, type WearGrade } from '@kaixiang/shared/items';
import type { TreasureSummary } from '@kaixiang/shared/treasure';
import { useTranslation } from 'react-i18next';
import { ItemCard } from '../../../components/item-card.tsx';
import { countdownParts, useMsUntil } from '../../../lib/countdown.ts';

/** The prize as every item is shown: picture on its rarity's glow, name, quality, wear, price. */
export function PrizeCard({ item, className }: { item: TreasureSummary['item']; className?: string }) {
  const quality: Quality = isQuality(item.quality) ? item.quality : 0;
  const wear: WearGrade | undefined = isWearGrade(item.exter) ? item.exter : undefined;
  return (
    <ItemCard
      name={item.name}
      img={item.img}
      itemId={item.item_id}
      quality={quality}
      {...(wear === undefined ? {} : { wear })}
      priceUnits={item.price}
      className={className ?? ''}
    />
  );
}

/** 开售中 / 等待开奖 / 已开奖 / 已退款. */
export function PhaseBadge({ phase }: { phase: TreasureSummary['phase'] }) {
  const { t } = useTranslation();
  return <span className={`treasure-phase treasure-phase--${phase}`}>{t(`treasure.phase.${phase}`)}</span>;
}

/** Cards sold out of all of them, as a bar and as numbers. */
export function SoldBar({ sold, total }: { sold: number; total: number }) {
  const { t } = useTranslation();
  const percent = total > 0 ? Math.round((sold / total) * 100) : 0;
  return (
    <div className="treasure-sold">
      <div
        className="treasure-sold__bar"
        role="progressbar"
        aria-label={t('treasure.progress')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={sold}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="treasure-sold__text">{t('treasure.sold', { sold, total })}</span>
    </div>
  );
}

/** Time left to `atMs` on the server's clock (`offsetMs`: server minus ours). */
export function Countdown({ atMs, offsetMs }: { atMs: number; offsetMs: number }) {
  const { t } = useTranslation();
  const parts = countdownParts(useMsUntil(atMs, offsetMs));
  return (
    <span className="treasure-countdown" role="timer">
      {parts.d > 0 ? t('treasure.countdown.days', parts) : t('treasure.countdown.clock', parts)}
    </span>
  );
}
