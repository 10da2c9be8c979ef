import { QUALITY_COLORS } from '@kaixiang/shared/items';
import { type CSSProperties, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useBoxHistory } from '../api/get-box-history.ts';
import { qualityOf } from '../item-props.ts';

const TIME: Intl.DateTimeFormatOptions = { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' };

/** Everybody's latest openings of this box, newest first. */
export function BoxHistory({ boxId }: { boxId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const history = useBoxHistory(boxId);
  // Rows with pictures: drawn as a transition (in slices), like the contents above.
  const data = useDeferredValue(history.data);
  const list = data?.list ?? [];

  return (
    <section className="box-history" aria-labelledby="box-history-title">
      <header className="section-head">
        <h2 id="box-history-title">{t('boxes.history.title')}</h2>
      </header>
      <div className="panel">
        {data === undefined && !history.isError ? (
          <div className="center-block">
            <Spinner />
          </div>
        ) : list.length === 0 ? (
          <EmptyState compact title={t('boxes.history.empty')} />
        ) : (
          <ul className="box-history__list">
            {list.map((e) => (
              <li
                key={e.id}
                className="box-history__row"
                style={{ '--rarity': QUALITY_COLORS[qualityOf(e.quality)] } as CSSProperties}
              >
                <span className="box-history__user">
                  <Avatar src={e.avatar} name={e.nick_name} size={30} />
                  <span className="box-history__nick">{e.nick_name}</span>
                  <VipBadge level={e.vip_level} />
                </span>
                <span className="box-history__item">
                  <ItemImage src={e.img} alt="" itemId={e.item_id} className="box-history__img" />
                  <span className="box-history__name">{e.name}</span>
                </span>
                <Price units={e.cost_price} />
                <time className="box-history__time" dateTime={new Date(e.created_at).toISOString()}>
                  {dateTimeFormat(locale, TIME).format(e.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
