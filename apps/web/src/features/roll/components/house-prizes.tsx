import { isWearGrade, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedCatalogueItem } from '../../../components/catalogue-item-picker.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';

// Only admins make official rooms: the picker (and its texts) come when one opens the dialog.
const CatalogueItemPicker = lazy(() =>
  import('../../../components/catalogue-item-picker.tsx').then((m) => ({ default: m.CatalogueItemPicker })),
);

/** A chosen house prize; `key` tells two of the same item and wear apart. */
export type HousePrize = PickedCatalogueItem & { key: number };
let nextKey = 1;

/**
 * An official room's house prizes (admins): catalogue items in a chosen wear, each priced by the
 * price table as the server will price it; the house gives them, nothing leaves an inventory.
 */
export function HousePrizes({
  prizes,
  room,
  onChange,
}: {
  prizes: readonly HousePrize[];
  /** How many more prizes the room may take. */
  room: number;
  onChange: (next: HousePrize[]) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [candidate, setCandidate] = useState<PickedCatalogueItem | null>(null);
  return (
    <fieldset className="roll-create__house">
      <legend>{t('roll.createDialog.houseItems', { count: prizes.length })}</legend>
      {prizes.length > 0 && (
        <ul className="roll-create__chosen" aria-label={t('roll.createDialog.houseChosen')}>
          {prizes.map((p) => (
            <li key={p.key}>
              <ItemImage src={p.item.img} alt={p.item.name} itemId={p.item.item_id} />
              <span>
                {p.item.name} · {isWearGrade(p.exter) ? WEAR_GRADE_LABELS[p.exter][locale] : p.exter}
              </span>
              <Price units={p.price} />
              <button
                type="button"
                className="button button--ghost button--sm"
                onClick={() => onChange(prizes.filter((x) => x.key !== p.key))}
              >
                {t('roll.createDialog.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Suspense fallback={<Spinner />}>
        <CatalogueItemPicker value={candidate} onChange={setCandidate} />
      </Suspense>
      <button
        type="button"
        className="button button--ghost"
        disabled={!candidate || room <= 0}
        onClick={() => {
          if (candidate) onChange([...prizes, { ...candidate, key: nextKey++ }]);
          setCandidate(null);
        }}
      >
        {t('roll.createDialog.addHouseItem')}
      </button>
    </fieldset>
  );
}
