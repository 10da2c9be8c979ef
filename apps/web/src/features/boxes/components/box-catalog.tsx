import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useBoxList } from '../api/get-box-list.ts';
import { BoxCard } from './box-card.tsx';
import '../boxes.css';

/** The home page's boxes: a chip per category to narrow the list, each category a grid of cards. */
export function BoxCatalog() {
  const { t } = useTranslation();
  const list = useBoxList();
  // Fifty cards are the page's largest render: drawn from a deferred copy of the list, React
  // builds them in slices after the urgent update that brought the data, not in one long task.
  const data = useDeferredValue(list.data);
  const [selected, setSelected] = useState<number | null>(null);
  const categories = (data ?? []).filter((c) => c.boxes.length > 0);

  if (list.isPending || (data === undefined && list.data !== undefined)) {
    return (
      <div className="panel center-block">
        <Spinner />
      </div>
    );
  }
  if (categories.length === 0) {
    // A failed load also says there is nothing to open, with a way to try again.
    return (
      <div className="panel">
        <EmptyState
          title={t('boxes.empty')}
          hint={list.isError ? t('boxes.loadFailed') : t('boxes.emptyHint')}
          action={
            list.isError ? (
              <button type="button" className="button button--ghost" onClick={() => void list.refetch()}>
                {t('boxes.retry')}
              </button>
            ) : undefined
          }
        />
      </div>
    );
  }

  const shown = selected === null ? categories : categories.filter((c) => c.category_id === selected);
  return (
    <div className="box-catalog">
      {categories.length > 1 && (
        <fieldset className="box-catalog__chips">
          <legend className="box-catalog__legend">{t('boxes.categories')}</legend>
          <button
            type="button"
            className={`box-chip ${selected === null ? 'is-active' : ''}`}
            aria-pressed={selected === null}
            onClick={() => setSelected(null)}
          >
            {t('boxes.all')}
          </button>
          {categories.map((c) => (
            <button
              key={c.category_id}
              type="button"
              className={`box-chip ${selected === c.category_id ? 'is-active' : ''}`}
              aria-pressed={selected === c.category_id}
              onClick={() => setSelected(c.category_id)}
            >
              {c.name}
            </button>
          ))}
        </fieldset>
      )}
      {shown.map((c) => (
        <section key={c.category_id} className="box-category" aria-labelledby={`box-category-${c.category_id}`}>
          <h3 id={`box-category-${c.category_id}`} className="box-category__title">
            {c.name}
          </h3>
          <ul className="box-grid">
            {c.boxes.map((box) => (
              <li key={box.box_id}>
                <BoxCard box={box} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
