import { isQuality, isWearGrade, QUALITY_COLORS, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import type { CSSProperties, ReactNode } from 'react';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';

export interface TileItem {
  item_id: number;
  name: string;
  img: string;
  quality: number;
  exter: number;
  price: number;
}

/** The rarity colour of a quality, for the `--rarity` the item styles read. */
export function rarityStyle(quality: number): CSSProperties {
  return { '--rarity': QUALITY_COLORS[isQuality(quality) ? quality : 0] } as CSSProperties;
}

/**
 * One item of the two pickers: a toggle button (pressed when staked or chosen) with its picture on
 * its rarity, name, wear and price; `badge` adds a corner note (the chance on a target).
 */
export function ItemTile({
  item,
  pressed,
  disabled,
  onClick,
  badge,
  label,
}: {
  item: TileItem;
  pressed: boolean;
  disabled?: boolean;
  onClick: () => void;
  badge?: ReactNode;
  /** The button's name for assistive technology (what pressing it does). */
  label: string;
}) {
  const locale = useLocale();
  return (
    <li>
      <button
        type="button"
        className={`item-card item-card--button upg-tile${pressed ? ' is-selected' : ''}`}
        style={rarityStyle(item.quality)}
        aria-pressed={pressed}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
        data-testid="upg-tile"
      >
        <span className="item-card__glow" aria-hidden="true" />
        {badge && <span className="upg-tile__badge">{badge}</span>}
        <ItemImage src={item.img} alt="" itemId={item.item_id} className="item-card__img" />
        <span className="item-card__meta">
          <span className="item-card__name" title={item.name}>
            {item.name}
          </span>
          {isWearGrade(item.exter) && (
            <span className="item-card__sub">
              <span className="item-card__wear">{WEAR_GRADE_LABELS[item.exter][locale]}</span>
            </span>
          )}
          <Price units={item.price} />
        </span>
      </button>
    </li>
  );
}
