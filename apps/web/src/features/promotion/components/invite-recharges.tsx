import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { INVITE_PAGE_SIZE, useInviteRecharge } from '../api/get-invite-recharge.ts';
import './promotion.css';

/** basis points → percent text: 500 → "5", 125 → "1.25". */
function bpPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = Math.abs(bp % 100);
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

/** My invitees' recharges and my rebates from them, 20 a page, with totals over all pages. */
export function InviteRecharges() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useInviteRecharge(page);
  if (query.isPending) {
    return (
      <div className="panel center-block">
        <Spinner />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="panel">
        <EmptyState title={t('promotion.invite.failed')} />
      </div>
    );
  }
  const { list, total, total_recharge, total_rebate, rebate_rate_bp } = query.data;
  return (
    <section className="panel invite-recharges" aria-label={t('promotion.invite.title')}>
      <header className="invite-recharges__head">
        <h2>{t('promotion.invite.title')}</h2>
        <span>{t('promotion.invite.rate', { percent: bpPercent(rebate_rate_bp) })}</span>
        <span>
          {t('promotion.invite.totalRecharge')}
          <Price units={total_recharge} />
        </span>
        <span>
          {t('promotion.invite.totalRebate')}
          <Price units={total_rebate} />
        </span>
      </header>
      {total === 0 ? (
        <EmptyState compact title={t('promotion.invite.empty')} />
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('promotion.invite.user')}</th>
              <th>{t('promotion.invite.order')}</th>
              <th className="num">{t('promotion.invite.amount')}</th>
              <th className="num">{t('promotion.invite.rebate')}</th>
              <th>{t('promotion.invite.time')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((row) => (
              <tr key={row.order_sn}>
                <td>
                  <span className="data-table__user">
                    <Avatar src={row.avatar} name={row.nick_name} size={28} />
                    {row.nick_name}
                    <VipBadge level={row.vip_level} />
                  </span>
                </td>
                <td>{row.order_sn}</td>
                <td className="num">
                  <Price units={row.recharge_amount} />
                </td>
                <td className="num">
                  <Price units={row.rebate} />
                </td>
                <td>{new Date(row.created_at).toLocaleString(i18n.language, { hour12: false })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} pageSize={INVITE_PAGE_SIZE} total={total} onPage={setPage} />
    </section>
  );
}
