import { WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useWarehouseLog, WAREHOUSE_LOG_PAGE_SIZE } from '../api/get-warehouse-log.ts';
import { formatTime, statusKey, statusTone, wearOf } from '../item-status.ts';

/** The warehouse log (spec 1 §3): No, box name, item got, wear, type, time, status. */
export function WarehouseLog() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const query = useWarehouseLog(page);
  if (query.isPending) {
    return (
      <div className="center-block inv-loading">
        <Spinner />
      </div>
    );
  }
  if (query.isError) return <EmptyState title={t('inventory.log.failed')} />;
  if (query.data.total === 0) return <EmptyState title={t('inventory.log.empty')} hint={t('common.noDataHint')} />;
  return (
    <>
      <div className="inv-table-wrap">
        <table className="data-table inv-table">
          <thead>
            <tr>
              <th>{t('inventory.log.no')}</th>
              <th>{t('inventory.log.box')}</th>
              <th>{t('inventory.log.item')}</th>
              <th>{t('inventory.log.wear')}</th>
              <th>{t('inventory.log.type')}</th>
              <th>{t('inventory.log.time')}</th>
              <th>{t('inventory.log.status')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.list.map((row, i) => {
              const wear = wearOf(row.exter);
              return (
                <tr key={row.id}>
                  <td>{(page - 1) * WAREHOUSE_LOG_PAGE_SIZE + i + 1}</td>
                  <td>{row.source_name || '—'}</td>
                  <td>
                    <span className="inv-table__item">
                      <ItemImage src={row.img} alt="" itemId={row.item_id} className="inv-table__img" />
                      <span>
                        <span className="inv-table__name">{row.name}</span>
                        <Price units={row.cost_price} />
                      </span>
                    </span>
                  </td>
                  <td>{wear !== undefined ? WEAR_GRADE_LABELS[wear][locale] : '—'}</td>
                  <td>{t(`inventory.source.${row.source}`)}</td>
                  <td>{formatTime(row.created_at)}</td>
                  <td>
                    <span className={`inv-badge inv-badge--${statusTone(row.status)}`}>{t(statusKey(row))}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageSize={WAREHOUSE_LOG_PAGE_SIZE} total={query.data.total} onPage={setPage} />
    </>
  );
}
