import type { BoxContentItem, ContainsResponse } from '@kaixiang/shared/boxes';
import { useTranslation } from 'react-i18next';
import { ItemCard } from '../../../components/item-card.tsx';
import { formatProbability } from '../format.ts';
import { qualityOf, wearOf } from '../item-props.ts';

/** Rarest first, then the dearest: the way players scan a box for what they hope to get. */
export function sortContents(items: readonly BoxContentItem[]): BoxContentItem[] {
  return [...items].sort((a, b) => b.quality - a.quality || b.cost_price - a.cost_price || a.item_id - b.item_id);
}

/** Every item of the box with its exact drop chance: its tickets out of the box's total. */
export function BoxContents({ contents }: { contents: ContainsResponse }) {
  const { t } = useTranslation();
  return (
    <section className="box-contents" aria-labelledby="box-contents-title">
      <header className="section-head">
        <h2 id="box-contents-title">{t('boxes.contents')}</h2>
        <span className="box-contents__count">{t('boxes.contentsCount', { count: contents.items.length })}</span>
      </header>
      <ul className="box-contents__grid">
        {sortContents(contents.items).map((item) => {
          const odds = formatProbability(item.tickets, contents.ticket_total);
          return (
            <li key={`${item.item_id}-${item.exter}`} className="content-item">
              <ItemCard
                name={item.name}
                img={item.img}
                itemId={item.item_id}
                quality={qualityOf(item.quality)}
                wear={wearOf(item.exter)}
                priceUnits={item.cost_price}
              />
              <span className="content-item__odds" title={t('boxes.probabilityLabel', { value: odds })}>
                {odds}%
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
