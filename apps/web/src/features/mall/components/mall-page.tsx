import { isQuality, isWearGrade, QUALITY_COLORS, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { formatUnits } from '@kaixiang/shared/money';
import type { MallItem } from '@kaixiang/shared/wallet';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconMall } from '../../../components/icons.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useUserDetail } from '../../accounts/api/user-detail.ts';
import { useBuyMallItem, useMallItems } from '../api/get-mall.ts';
import { MallRecords } from './mall-records.tsx';
import './mall.css';

type View = 'products' | 'buys' | 'quota' | 'retrievals';
const VIEWS: readonly View[] = ['products', 'buys', 'quota', 'retrievals'];

/** /vipShoppingMall: items bought with mall quota, and the mall's records. */
export function MallPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('products');
  const quota = useUserDetail().data?.mall_quota;
  return (
    <div className="page mall">
      <header className="page-head">
        <span className="page-head__icon">
          <IconMall size={26} />
        </span>
        <div>
          <h1>{t('mall.title')}</h1>
          <p>{t('mall.subtitle')}</p>
        </div>
        <p className="mall__quota">
          {t('mall.quota')}
          <strong data-testid="mall-quota">{quota === undefined ? '—' : formatUnits(quota)}</strong>
        </p>
      </header>
      <SegTabs
        label={t('mall.title')}
        options={VIEWS.map((v) => ({ key: v, value: v, text: t(`mall.view.${v}`) }))}
        value={view}
        onChange={setView}
      />
      <section className="panel mall__panel">
        {view === 'products' ? <Products /> : <MallRecords kind={view} />}
      </section>
    </div>
  );
}

function Products() {
  const { t } = useTranslation();
  const query = useMallItems();
  const buy = useBuyMallItem();
  const [picked, setPicked] = useState<MallItem | null>(null);
  if (query.isPending) {
    return (
      <div className="center-block mall__loading">
        <Spinner />
      </div>
    );
  }
  if (query.isError) return <EmptyState title={t('mall.failed')} />;
  if (query.data.list.length === 0) return <EmptyState title={t('mall.empty')} hint={t('common.noDataHint')} />;
  return (
    <>
      <ul className="mall-grid">
        {query.data.list.map((item) => (
          <Product key={item.mall_item_id} item={item} busy={buy.isPending} onBuy={() => setPicked(item)} />
        ))}
      </ul>
      <ConfirmDialog
        open={picked !== null}
        image={picked?.img}
        text={picked ? t('mall.confirm', { name: picked.name, price: formatUnits(picked.price) }) : ''}
        buttonText={t('mall.buy')}
        onClose={() => setPicked(null)}
        onConfirm={() => {
          if (picked) buy.mutate(picked.mall_item_id);
          setPicked(null);
        }}
      />
    </>
  );
}

function Product({ item, busy, onBuy }: { item: MallItem; busy: boolean; onBuy: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const quality = isQuality(item.quality) ? item.quality : 0;
  const soldOut = item.stock !== null && item.stock <= 0;
  return (
    <li
      className={`item-card mall-card ${soldOut ? 'is-sold-out' : ''}`}
      style={{ '--rarity': QUALITY_COLORS[quality] } as CSSProperties}
      data-testid="mall-item"
    >
      <span className="item-card__glow" aria-hidden="true" />
      <ItemImage src={item.img} alt={item.name} itemId={item.item_id} className="item-card__img" />
      <span className="item-card__meta">
        <span className="item-card__name" title={item.name}>
          {item.name}
        </span>
        <span className="item-card__sub">
          {isWearGrade(item.exter) && <span>{WEAR_GRADE_LABELS[item.exter][locale]}</span>}
          <span>{item.stock === null ? t('mall.unlimited') : t('mall.stock', { count: item.stock })}</span>
        </span>
        <span className="mall-card__price">
          <span className="mall-card__unit">{t('mall.quotaUnit')}</span>
          {formatUnits(item.price)}
        </span>
      </span>
      <button type="button" className="button button--primary button--sm" disabled={busy || soldOut} onClick={onBuy}>
        {soldOut ? t('mall.soldOut') : t('mall.buy')}
      </button>
    </li>
  );
}
