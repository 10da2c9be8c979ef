import type { CatalogueSearchItem } from '@kaixiang/shared/admin-catalogue';
import { isWearGrade, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { formatUnits } from '@kaixiang/shared/money';
import { type FormEvent, Fragment, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../../components/dialog.tsx';
import { ItemImage } from '../../../../components/item-image.tsx';
import { Pager } from '../../../../components/pager.tsx';
import { Price } from '../../../../components/price.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { unitsOf } from '../../format.ts';
import { FormActions, InputField, QueryTable } from '../console-form.tsx';
import { BOXES_PATH } from './box-paths.ts';
import { PRICES_PAGE_SIZE, useItemPrices, useSetItemPrice } from './item-prices-api.ts';
import { ReasonDialog, ReasonField, RefusalMessage } from './reason-dialog.tsx';

type Wear = CatalogueSearchItem['wears'][number];
type Editing = { item: CatalogueSearchItem; wear: Wear; clear: boolean };

/** Whole fen from ¥0.01: what the server takes (it says so again if not). */
const isPrice = (units: number | null): units is number => units !== null && units > 0 && units % 100 === 0;

function PriceDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const send = useSetItemPrice();
  const { item, wear } = editing;
  const wearName = isWearGrade(wear.exter) ? WEAR_GRADE_LABELS[wear.exter][locale] : String(wear.exter);
  const [yuan, setYuan] = useState(formatUnits(wear.price));
  const [reason, setReason] = useState('');
  const units = unitsOf(yuan);
  const problem = yuan.trim() !== '' && !isPrice(units) ? t('adminBoxes.prices.priceInvalid') : null;

  if (editing.clear)
    return (
      <ReasonDialog
        title={t('adminBoxes.prices.clearTitle')}
        hint={t('adminBoxes.prices.clearHint', {
          item: item.name,
          wear: wearName,
          price: formatUnits(wear.table_price),
        })}
        submitText={t('adminBoxes.prices.clear')}
        busy={send.isPending}
        error={send.error}
        onClose={onClose}
        onSubmit={(why) =>
          send.mutate({ item_id: item.item_id, exter: wear.exter, price: null, reason: why }, { onSuccess: onClose })
        }
      />
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isPrice(units) || reason.trim() === '' || send.isPending) return;
    send.mutate(
      { item_id: item.item_id, exter: wear.exter, price: units, reason: reason.trim() },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog open onClose={onClose} size="sm" title={t('adminBoxes.prices.setTitle')}>
      <form className="adm-form" onSubmit={submit} noValidate>
        <p>
          {item.name} · {wearName}
        </p>
        <p className="adm-table__muted">{t('adminBoxes.prices.tableHint', { price: formatUnits(wear.table_price) })}</p>
        <InputField
          label={t('adminBoxes.prices.newPrice')}
          inputMode="decimal"
          value={yuan}
          onValue={setYuan}
          aria-invalid={problem !== null}
        />
        {problem && (
          <p className="adm-form__error" role="alert">
            {problem}
          </p>
        )}
        <ReasonField value={reason} onValue={setReason} />
        <p className="adm-table__muted">{t('adminBoxes.prices.effect')}</p>
        <RefusalMessage error={send.error} />
        <FormActions
          cancelText={t('admin.reason.cancel')}
          submitText={t('adminBoxes.prices.set')}
          disabled={!isPrice(units) || reason.trim() === '' || send.isPending}
          onClose={onClose}
        />
      </form>
    </Dialog>
  );
}

function ItemRows({ item, onEdit }: { item: CatalogueSearchItem; onEdit: (e: Editing) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      {item.wears.map((wear, i) => (
        <tr key={wear.exter} className="adm-table__row">
          {i === 0 && (
            <td rowSpan={item.wears.length}>
              <ItemImage className="adm-boxes__thumb" src={item.img} itemId={item.item_id} alt="" />
            </td>
          )}
          {i === 0 && (
            <td rowSpan={item.wears.length}>
              {item.name} <span className="adm-table__muted">#{item.item_id}</span>
            </td>
          )}
          <td>{isWearGrade(wear.exter) ? WEAR_GRADE_LABELS[wear.exter][locale] : wear.exter}</td>
          <td className="adm-table__muted">
            <Price units={wear.table_price} />
          </td>
          <td>
            <Price units={wear.price} />{' '}
            {wear.set ? (
              <span className="adm-tag adm-tag--ok">{t('adminBoxes.prices.operator')}</span>
            ) : (
              <span className="adm-tag">{t('adminBoxes.prices.table')}</span>
            )}
          </td>
          <td className="adm-boxes__price-actions">
            <button
              type="button"
              className="button button--ghost button--sm"
              aria-label={`${t('adminBoxes.prices.set')} ${item.name} ${wear.exter}`}
              onClick={() => onEdit({ item, wear, clear: false })}
            >
              {t('adminBoxes.prices.set')}
            </button>
            {wear.set && (
              <button
                type="button"
                className="button button--ghost button--sm"
                onClick={() => onEdit({ item, wear, clear: true })}
              >
                {t('adminBoxes.prices.clear')}
              </button>
            )}
          </td>
        </tr>
      ))}
    </>
  );
}

/**
 * Item prices (catalogue.manage): every catalogue item in each grade it comes in, at the site's
 * price beside the price table's. A price set here is what a new box version, a prize, a mail, the
 * shop and the upgrade use from then on; what exists keeps its price (docs/console/catalogue.md).
 */
export function ItemPricesPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [priced, setPriced] = useState(false);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const deferred = useDeferredValue(keyword.trim());
  const query = useItemPrices({ keyword: deferred, priced, page });
  return (
    <section className="adm-screen" aria-labelledby="adm-prices-title">
      <header className="adm-screen__head">
        <p>
          <Link to={BOXES_PATH}>{t('adminBoxes.back')}</Link>
        </p>
        <h1 id="adm-prices-title" className="adm-screen__title">
          {t('adminBoxes.prices.title')}
        </h1>
        <p className="adm-screen__sub">{t('adminBoxes.prices.subtitle')}</p>
      </header>
      <div className="adm-filters">
        <InputField
          label={t('adminBoxes.prices.search')}
          type="search"
          value={keyword}
          placeholder={t('adminBoxes.prices.searchPlaceholder')}
          onValue={(v) => {
            setKeyword(v);
            setPage(1);
          }}
        />
        <label className="adm-check">
          <input
            type="checkbox"
            checked={priced}
            onChange={(e) => {
              setPriced(e.target.checked);
              setPage(1);
            }}
          />{' '}
          {t('adminBoxes.prices.onlySet')}
        </label>
      </div>
      <div className="adm-card">
        <QueryTable
          query={query}
          failedTitle={t('adminBoxes.loadFailed')}
          emptyTitle={t('adminBoxes.prices.empty')}
          columns={[
            t('adminBoxes.col.image'),
            t('adminBoxes.prices.item'),
            t('adminBoxes.prices.wear'),
            t('adminBoxes.prices.tablePrice'),
            t('adminBoxes.prices.price'),
            '',
          ]}
          rows={(data) =>
            data.list.map((item) => (
              <Fragment key={item.item_id}>
                <ItemRows item={item} onEdit={setEditing} />
              </Fragment>
            ))
          }
          after={(data) => <Pager page={page} pageSize={PRICES_PAGE_SIZE} total={data.total} onPage={setPage} />}
        />
      </div>
      {editing && (
        <PriceDialog
          key={`${editing.item.item_id}/${editing.wear.exter}/${editing.clear}`}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
