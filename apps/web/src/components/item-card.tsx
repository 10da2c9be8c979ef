import {
  QUALITY_COLORS,
  QUALITY_LABELS,
  type Quality,
  WEAR_GRADE_LABELS,
  type WearGrade,
} from '@kaixiang/shared/items';
import type { CSSProperties } from 'react';
import { useLocale } from '../i18n/use-locale.ts';
import { ItemImage } from './item-image.tsx';
import { Price } from './price.tsx';

export interface ItemCardProps {
  name: string;
  img: string;
  itemId?: number | string;
  quality: Quality;
  wear?: WearGrade;
  priceUnits: number;
  onClick?: () => void;
  className?: string;
}

/** One item as players see it everywhere: picture on a rarity glow, name, wear and price. */
export function ItemCard({ name, img, itemId, quality, wear, priceUnits, onClick, className }: ItemCardProps) {
  const locale = useLocale();
  const style = { '--rarity': QUALITY_COLORS[quality] } as CSSProperties;
  const body = (
    <>
      <span className="item-card__glow" aria-hidden="true" />
      <ItemImage src={img} alt={name} itemId={itemId} className="item-card__img" />
      <span className="item-card__meta">
        <span className="item-card__name" title={name}>
          {name}
        </span>
        <span className="item-card__sub">
          <span className="item-card__rarity">{QUALITY_LABELS[quality][locale]}</span>
          {wear !== undefined && <span className="item-card__wear">{WEAR_GRADE_LABELS[wear][locale]}</span>}
        </span>
        <Price units={priceUnits} />
      </span>
    </>
  );
  return onClick ? (
    <button type="button" className={`item-card item-card--button ${className ?? ''}`} style={style} onClick={onClick}>
      {body}
    </button>
  ) : (
    <div className={`item-card ${className ?? ''}`} style={style}>
      {body}
    </div>
  );
}
