import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager.tsx';
import { Price } from '../../../components/price.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { useVipHistory, VIP_HISTORY_PAGE_SIZE } from '../api/get-vip-history.ts';

/** The player's claimed VIP upgrade rewards under the level table; nothing until the first claim. */
export function VipHistory() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useVipHistory(page);
  if (!history.data || history.data.total === 0) return null;
  return (
    <section className="vip-history" aria-label={t('vip.history.title')}>
      <h2 className="vip-history__title">{t('vip.history.title')}</h2>
      <table className="data-table vip-history__table">
        <thead>
          <tr>
            <th>{t('vip.history.time')}</th>
            <th>{t('vip.history.level')}</th>
            <th className="num">{t('vip.history.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {history.data.list.map((row) => (
            <tr key={row.id} data-testid="vip-history-row">
              <td>{new Date(row.created_at).toLocaleString(i18n.language, { hour12: false })}</td>
              <td>
                <VipBadge level={row.level} />
              </td>
              <td className="num">
                <Price units={row.amount} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} pageSize={VIP_HISTORY_PAGE_SIZE} total={history.data.total} onPage={setPage} />
    </section>
  );
}
