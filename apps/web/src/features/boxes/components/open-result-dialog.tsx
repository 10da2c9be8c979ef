import type { OpenedItem } from '@kaixiang/shared/boxes';
import { QUALITY_COLORS, QUALITY_LABELS, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useSellWon } from '../api/sell-items.ts';
import { qualityOf, wearOf } from '../item-props.ts';

export interface OpenResultDialogProps {
  items: readonly OpenedItem[];
  onClose: () => void;
}

/**
 * What the reel landed on: every won item with its own sale button, "sell all" for what is left,
 * and "keep", which leaves them in the inventory (they are there already).
 */
export function OpenResultDialog({ items, onClose }: OpenResultDialogProps) {
  const { t } = useTranslation();
  const [sold, setSold] = useState<ReadonlySet<number>>(() => new Set());
  const { one, all } = useSellWon();
  const unsold = items.filter((i) => !sold.has(i.id));
  const unsoldValue = unsold.reduce((sum, i) => sum + i.cost_price, 0);
  const busy = one.isPending || all.isPending;

  async function sellOne(id: number) {
    try {
      await one.mutateAsync(id);
    } catch {
      return; // the API client showed why
    }
    setSold((s) => new Set(s).add(id));
    toast.success(t('boxes.result.sellSuccess'));
  }

  async function sellAll() {
    if (unsold.length === 0) {
      toast.warning(t('boxes.result.nothingToSell'));
      return;
    }
    const ids = unsold.map((i) => i.id);
    try {
      await all.mutateAsync(ids);
    } catch {
      return;
    }
    setSold((s) => new Set([...s, ...ids]));
    toast.success(t('boxes.result.sellSuccess'));
    onClose();
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size={items.length > 1 ? 'lg' : 'sm'}
      className="open-result"
      title={t('boxes.result.title')}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {unsold.length > 0 ? t('boxes.result.keep') : t('boxes.result.close')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || unsold.length === 0}
            onClick={() => void sellAll()}
          >
            {t('boxes.result.sellAll')} <Price units={unsoldValue} className="open-result__sum" />
          </button>
        </>
      }
    >
      <p className="open-result__total">
        {t('boxes.result.total', { count: items.length })}{' '}
        <Price units={items.reduce((sum, i) => sum + i.cost_price, 0)} />
      </p>
      <ul className={`open-result__list ${items.length === 1 ? 'open-result__list--single' : ''}`}>
        {items.map((item) => (
          <WonItem
            key={item.id}
            item={item}
            sold={sold.has(item.id)}
            busy={busy}
            onSell={() => void sellOne(item.id)}
          />
        ))}
      </ul>
    </Dialog>
  );
}

function WonItem({ item, sold, busy, onSell }: { item: OpenedItem; sold: boolean; busy: boolean; onSell: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const quality = qualityOf(item.quality);
  const wear = wearOf(item.exter);
  const style = { '--rarity': QUALITY_COLORS[quality] } as CSSProperties;
  return (
    <li className={`won-item ${sold ? 'is-sold' : ''}`} style={style} aria-label={item.name}>
      <span className="won-item__glow" aria-hidden="true" />
      <ItemImage src={item.img} alt={item.name} itemId={item.item_id} className="won-item__img" />
      <span className="won-item__name" title={item.name}>
        {item.name}
      </span>
      <span className="won-item__sub">
        <span className="won-item__rarity">{QUALITY_LABELS[quality][locale]}</span>
        {wear !== undefined && <span>{WEAR_GRADE_LABELS[wear][locale]}</span>}
      </span>
      <Price units={item.cost_price} />
      {sold ? (
        <span className="won-item__sold">{t('boxes.result.sold')}</span>
      ) : (
        <button type="button" className="button button--ghost button--sm" disabled={busy} onClick={onSell}>
          {t('boxes.result.sell')}
        </button>
      )}
    </li>
  );
}
