import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { useLoggedIn } from '../../../lib/session.ts';
import { POINTS_SHOP_RECORDS_PAGE_SIZE, usePointsShopRecords } from '../api/points-shop.ts';
import { Goods } from './points-shop-page.tsx';

/** The player's purchases in the points shop, newest first. */
export function PointsShopRecords() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = usePointsShopRecords(page);
  if (!useLoggedIn()) return <EmptyState title={t('pointsShop.records.signIn')} />;
  const time = (ms: number) => new Date(ms).toLocaleString(i18n.language, { hour12: false });
  return (
    <PagedRecords
      query={query}
      failedText={t('pointsShop.records.failed')}
      emptyText={t('pointsShop.records.empty')}
      page={page}
      pageSize={POINTS_SHOP_RECORDS_PAGE_SIZE}
      onPage={setPage}
    >
      {(data) => (
        <div className="points-shop-records">
          <table className="data-table">
            <thead>
              <tr>
                <th>{t('pointsShop.records.time')}</th>
                <th>{t('pointsShop.records.name')}</th>
                <th>{t('pointsShop.records.kind')}</th>
                <th className="num">{t('pointsShop.records.price')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((p) => (
                <tr key={p.id} data-testid="points-shop-record">
                  <td>{time(p.created_at)}</td>
                  <td>
                    <span className="points-shop-records__item">
                      <span className="points-shop-records__pic">
                        <Goods kind={p.kind} entry={p} size={36} />
                      </span>
                      {p.name}
                    </span>
                  </td>
                  <td>{t(`pointsShop.kind.${p.kind}`)}</td>
                  <td className="num points-shop-records__price">-{p.price.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedRecords>
  );
}
