import { type InventoryItem, ITEM_STATUS } from '@kaixiang/shared/inventory';
import { QUALITY_COLORS, QUALITY_LABELS, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import type { ItemAction } from '../api/item-actions.ts';
import {
  canRetrieveNow,
  formatShortTime,
  isActionable,
  qualityOf,
  statusKey,
  statusTone,
  wearOf,
} from '../item-status.ts';

export interface InventoryItemCardProps {
  item: InventoryItem;
  selected: boolean;
  onToggle: () => void;
  onAction: (action: ItemAction) => void;
  busy: boolean;
  nowMs: number;
}

/** One item of the inventory: picture on its rarity, wear, price, status and what can be done. */
export function InventoryItemCard({ item, selected, onToggle, onAction, busy, nowMs }: InventoryItemCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const quality = qualityOf(item.quality);
  const wear = wearOf(item.exter);
  const actionable = isActionable(item);
  const style = { '--rarity': QUALITY_COLORS[quality] } as CSSProperties;

  return (
    <li
      className={`inv-card item-card ${selected ? 'is-selected' : ''} ${actionable ? '' : 'is-inactive'}`}
      style={style}
      data-testid="inventory-item"
    >
      <span className="item-card__glow" aria-hidden="true" />
      <div className="inv-card__top">
        {actionable ? (
          <label className="inv-check">
            <input
              type="checkbox"
              checked={selected}
              onChange={onToggle}
              aria-label={t('inventory.select', { name: item.name })}
            />
          </label>
        ) : (
          <span />
        )}
        <span className={`inv-badge inv-badge--${statusTone(item.status)}`}>{t(statusKey(item))}</span>
      </div>
      <ItemImage src={item.img} alt={item.name} itemId={item.item_id} className="item-card__img" />
      <span className="item-card__meta">
        <span className="item-card__name" title={item.name}>
          {item.name}
        </span>
        <span className="item-card__sub">
          <span className="item-card__rarity">{QUALITY_LABELS[quality][locale]}</span>
          {wear !== undefined && <span className="item-card__wear">{WEAR_GRADE_LABELS[wear][locale]}</span>}
        </span>
        <Price units={item.cost_price} />
      </span>
      <StatusNote item={item} nowMs={nowMs} />
      {actionable && (
        <div className="inv-card__actions">
          <button type="button" className="inv-action" disabled={busy} onClick={() => onAction('sell')}>
            {t('inventory.action.sell')}
          </button>
          <button type="button" className="inv-action" disabled={busy} onClick={() => onAction('recycle')}>
            {t('inventory.action.recycle')}
          </button>
          <button
            type="button"
            className="inv-action inv-action--retrieve"
            disabled={busy || !canRetrieveNow(item, nowMs)}
            onClick={() => onAction('retrieve')}
          >
            {t('inventory.action.retrieve')}
          </button>
        </div>
      )}
    </li>
  );
}

/** Why a retrieval failed and when it may be tried again; when a pending offer runs out. */
function StatusNote({ item, nowMs }: { item: InventoryItem; nowMs: number }) {
  const { t } = useTranslation();
  if (item.status === ITEM_STATUS.retrieving && item.offer_expires_at !== null) {
    return (
      <>
        <p className="inv-card__note">
          {t('inventory.offerExpires', { time: formatShortTime(item.offer_expires_at) })}
        </p>
        {item.offer_security_code && (
          <p className="inv-card__note">{t('inventory.offerCode', { code: item.offer_security_code })}</p>
        )}
      </>
    );
  }
  if (item.status !== ITEM_STATUS.retrieveFailed) return null;
  const waiting = item.retrieve_available_at !== null && item.retrieve_available_at > nowMs;
  return (
    <p className="inv-card__note inv-card__note--bad">
      <span>{item.failure ? t(`inventory.failure.${item.failure}`) : t('inventory.failure.unknown')}</span>
      <span>
        {waiting
          ? t('inventory.retryAt', { time: formatShortTime(item.retrieve_available_at as number) })
          : t('inventory.retryNow')}
      </span>
    </p>
  );
}
