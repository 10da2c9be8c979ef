import { formatUnits } from '@kaixiang/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { useWishRecords, WISH_RECORDS_PAGE_SIZE } from '../api/wishing-well.ts';
import { ppmPercent, usePriceText } from './wishing-well-page.tsx';

/** The player's wishes, newest first: what was paid, the chance, the roll, the outcome, a link to verify it. */
export function WishRecords() {
  const { t, i18n } = useTranslation();
  const priceText = usePriceText();
  const [page, setPage] = useState(1);
  const query = useWishRecords(page);
  if (!useLoggedIn()) return <EmptyState title={t('wishingWell.records.signIn')} />;
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language, { hour12: false });
  return (
    <PagedRecords
      query={query}
      failedText={t('wishingWell.records.failed')}
      emptyText={t('wishingWell.records.empty')}
      page={page}
      pageSize={WISH_RECORDS_PAGE_SIZE}
      onPage={setPage}
    >
      {(data) => (
        <div className="wish-records">
          <table className="data-table">
            <thead>
              <tr>
                <th>{t('wishingWell.records.time')}</th>
                <th>{t('wishingWell.records.item')}</th>
                <th className="num">{t('wishingWell.records.price')}</th>
                <th className="num">{t('wishingWell.records.chance')}</th>
                <th className="num">{t('wishingWell.records.roll')}</th>
                <th>{t('wishingWell.records.result')}</th>
                <th aria-label={t('wishingWell.records.verify')} />
              </tr>
            </thead>
            <tbody>
              {data.list.map((w) => (
                <tr key={w.id} data-testid="wish-record" className={w.hit ? 'is-hit' : undefined}>
                  <td>{when(w.created_at)}</td>
                  <td>
                    <span className="wish-records__item">
                      <ItemImage src={w.img} alt={w.name} itemId={w.item_id} className="wish-records__img" />
                      {w.name}
                      <small>¥{formatUnits(w.worth)}</small>
                    </span>
                  </td>
                  <td className="num">-{priceText(w.currency, w.price)}</td>
                  <td className="num">{ppmPercent(w.chance_ppm)}</td>
                  <td className="num">{w.roll}</td>
                  <td className="wish-records__result">
                    {t(w.hit ? 'wishingWell.records.hit' : 'wishingWell.records.miss')}
                  </td>
                  <td>
                    <Link to={`${PATHS.fairness}?wish=${w.id}`}>{t('wishingWell.records.verify')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedRecords>
  );
}
