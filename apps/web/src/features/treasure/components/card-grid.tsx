import type { TreasureDynamicResponse, TreasureInfo } from '@kaixiang/shared/treasure';
import { useTranslation } from 'react-i18next';

/**
 * Who holds card k, as far as the page knows: the dynamics list names every grab (first card and
 * count) with its player; cards of grabs older than the page of dynamics it holds stay unnamed.
 */
export function holderNames(dynamic: TreasureDynamicResponse | undefined, total: number): (string | null)[] {
  const names: (string | null)[] = Array.from({ length: total }, () => null);
  for (const g of dynamic?.list ?? []) {
    for (let k = g.first; k < g.first + g.count && k < total; k++) names[k] = g.nick_name;
  }
  return names;
}

/** 0 … total − 1: a card's number is what it is, so it is also its key. */
const cardIndexes = (total: number) => Array.from({ length: total }, (_, k) => k);

/**
 * Every card of the treasure, filling as they sell (card k is the k-th sold): the viewer's own
 * highlighted, and once drawn the winning card marked with its holder. Numbers are 1-based, as
 * players count (the API's are 0-based).
 */
export function CardGrid({ info, names }: { info: TreasureInfo; names: readonly (string | null)[] }) {
  const { t } = useTranslation();
  const mine = new Set(info.my_cards);
  return (
    <ol className="treasure-cells" aria-label={t('treasure.details.cards')}>
      {cardIndexes(info.total).map((k) => {
        const sold = k < info.sold;
        const own = mine.has(k);
        const winner = info.winning_card === k;
        const n = k + 1;
        let label = !sold
          ? t('treasure.details.cardFree', { n })
          : own
            ? t('treasure.details.cardMine', { n })
            : t('treasure.details.cardOf', { n, who: names[k] ?? t('treasure.details.legend.sold') });
        if (winner) label += ` · ${t('treasure.details.legend.winner')}`;
        const classes = ['treasure-cell', sold && 'is-sold', own && 'is-mine', winner && 'is-winner'].filter(Boolean);
        return (
          <li key={k} className={classes.join(' ')} aria-label={label} title={label}>
            {n}
          </li>
        );
      })}
    </ol>
  );
}

/** What the grid's colours mean. */
export function CardLegend() {
  const { t } = useTranslation();
  return (
    <ul className="treasure-legend" aria-hidden="true">
      {(['free', 'sold', 'mine', 'winner'] as const).map((kind) => (
        <li key={kind}>
          <span className={`treasure-cell treasure-cell--swatch is-${kind}`} />
          {t(`treasure.details.legend.${kind}`)}
        </li>
      ))}
    </ul>
  );
}
