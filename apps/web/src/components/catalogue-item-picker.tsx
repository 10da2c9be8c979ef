import {
  ADMIN_CATALOGUE_PATHS,
  CATALOGUE_SEARCH_PAGE_SIZE,
  type CatalogueSearchItem,
  catalogueSearchResponse,
} from '@kaixiang/shared/admin-catalogue';
import {
  isQuality,
  isWearGrade,
  QUALITY_COLORS,
  QUALITY_LABELS,
  type Quality,
  WEAR_GRADE_LABELS,
} from '@kaixiang/shared/items';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureTextsGate, loadFeatureTexts } from '../i18n/feature-texts.tsx';
import { useLocale } from '../i18n/use-locale.ts';
import { apiGet } from '../lib/api.ts';
import { USER_QUERY_ROOT } from '../lib/session.ts';
import { ItemImage } from './item-image.tsx';
import { Pager } from './pager.tsx';
import { Price } from './price.tsx';
import { Spinner } from './spinner.tsx';
import './catalogue-item-picker.css';

/** A catalogue item picked as a house prize, in one wear grade, at that grade's price (units). */
export interface PickedCatalogueItem {
  item: CatalogueSearchItem;
  exter: number;
  price: number;
}

// Only admins' dialogs show the picker: its texts come with it, not with the first load.
const pickerTexts = loadFeatureTexts({
  'zh-CN': () => import('./catalogue-item-picker-texts/zh-CN.json'),
  'zh-TW': () => import('./catalogue-item-picker-texts/zh-TW.json'),
  'en-US': () => import('./catalogue-item-picker-texts/en-US.json'),
});

/** The searches' query keys start with this: a dialog told a price has changed refetches them. */
export const CATALOGUE_SEARCH_KEY = [USER_QUERY_ROOT, 'catalogue-search'] as const;

/** Typing settles for this long before the catalogue is asked. */
const SEARCH_DELAY_MS = 300;

/**
 * An admin picks a catalogue item and its wear for a house prize (a treasure now, an official
 * roll room's house items later): the whole catalogue searched by name
 * (admin/v1/catalogue/search), each item with its picture, quality and price, then its wear
 * grades each at its own price — what the prize will be worth.
 */
export function CatalogueItemPicker(props: {
  value: PickedCatalogueItem | null;
  onChange: (picked: PickedCatalogueItem) => void;
}) {
  return (
    <FeatureTextsGate texts={pickerTexts} fallback={<Spinner />}>
      <Picker {...props} />
    </FeatureTextsGate>
  );
}

function Picker({
  value,
  onChange,
}: {
  value: PickedCatalogueItem | null;
  onChange: (p: PickedCatalogueItem) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const results = useQuery({
    queryKey: [...CATALOGUE_SEARCH_KEY, keyword, page, locale],
    queryFn: ({ signal }) =>
      apiGet(
        ADMIN_CATALOGUE_PATHS.search,
        { keyword, page, page_size: CATALOGUE_SEARCH_PAGE_SIZE },
        { schema: catalogueSearchResponse, signal, silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  // The list on screen answers an older search while typing settles or the new answer is on its
  // way (keepPreviousData keeps it there). A click then would pick what the admin no longer meant
  // (typing "AK-47" and clicking at once picked gloves from the unfiltered list), so a stale list
  // is shown dimmed and nothing in it can be picked until the answer for what is typed is in.
  const stale = typed.trim() !== keyword || results.isPlaceholderData;

  function pick(item: CatalogueSearchItem) {
    // `item` is the one this button rendered, never an index into a list that may have changed.
    const wear = item.wears[0];
    if (wear && !stale) onChange({ item, exter: wear.exter, price: wear.price });
  }

  return (
    <div className="catalogue-picker">
      <label htmlFor={`${id}-search`}>{t('cataloguePicker.search')}</label>
      <input
        id={`${id}-search`}
        className="input"
        type="search"
        value={typed}
        placeholder={t('cataloguePicker.placeholder')}
        onChange={(e) => setTyped(e.target.value)}
      />
      {stale && !results.isPending && (
        <p className="catalogue-picker__searching" role="status">
          {t('cataloguePicker.searching')}
        </p>
      )}
      {results.isPending ? (
        <Spinner />
      ) : results.isError && !results.data ? (
        <p role="alert">{results.error.message || t('cataloguePicker.failed')}</p>
      ) : results.data?.list.length === 0 ? (
        <p className="catalogue-picker__empty">{t('cataloguePicker.empty')}</p>
      ) : (
        <ul
          className={`catalogue-picker__list ${stale ? 'is-stale' : ''}`}
          aria-label={t('cataloguePicker.results')}
          aria-busy={stale}
        >
          {results.data?.list.map((item) => (
            <li key={item.item_id}>
              <ItemButton
                item={item}
                picked={value?.item.item_id === item.item_id}
                disabled={stale}
                onPick={() => pick(item)}
              />
            </li>
          ))}
        </ul>
      )}
      {results.data && (
        <Pager page={page} total={results.data.total} pageSize={CATALOGUE_SEARCH_PAGE_SIZE} onPage={setPage} />
      )}
      {value && (
        <fieldset className="catalogue-picker__wears">
          <legend>
            {t('cataloguePicker.picked', { name: value.item.name })} · {t('cataloguePicker.wear')}
          </legend>
          {value.item.wears.map((w) => (
            <label key={w.exter} className={w.exter === value.exter ? 'is-picked' : ''}>
              <input
                type="radio"
                name={`${id}-wear`}
                checked={w.exter === value.exter}
                onChange={() => onChange({ item: value.item, exter: w.exter, price: w.price })}
              />
              <span>{isWearGrade(w.exter) ? WEAR_GRADE_LABELS[w.exter][locale] : w.exter}</span>
              <Price units={w.price} />
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

function ItemButton({
  item,
  picked,
  disabled,
  onPick,
}: {
  item: CatalogueSearchItem;
  picked: boolean;
  disabled: boolean;
  onPick: () => void;
}) {
  const locale = useLocale();
  const quality: Quality = isQuality(item.quality) ? item.quality : 0;
  const style = { '--rarity': QUALITY_COLORS[quality] } as CSSProperties;
  return (
    <button
      type="button"
      className={`catalogue-picker__item ${picked ? 'is-picked' : ''}`}
      style={style}
      aria-pressed={picked}
      disabled={disabled}
      onClick={onPick}
    >
      <ItemImage src={item.img} alt="" itemId={item.item_id} />
      <span className="catalogue-picker__name">{item.name}</span>
      <span className="catalogue-picker__quality">{QUALITY_LABELS[quality][locale]}</span>
      <Price units={item.wears[0]?.price ?? 0} />
    </button>
  );
}
