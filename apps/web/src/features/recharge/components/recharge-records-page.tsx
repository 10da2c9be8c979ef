import { ORDER_STATUS, type RechargeRecord } from '@kaixiang/shared/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCoin } from '../../../components/icons.tsx';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { Price } from '../../../components/price.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { RECHARGE_RECORDS_PAGE_SIZE, useRechargeRecords } from '../api/get-recharge-records.ts';
import './recharge.css';

/** The status tabs, in the order a player looks for them. */
const STATUS_TABS: readonly (number | undefined)[] = [
  undefined,
  ORDER_STATUS.paid,
  ORDER_STATUS.pending,
  ORDER_STATUS.expired,
  ORDER_STATUS.failed,
];

/** /userinfo/recharge (spec 1 §2 userinfo-recharge): the player's recharge orders, newest first. */
export function RechargeRecordsPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useRechargeRecords(page, status);
  const time = (ms: number | null) =>
    ms === null ? '—' : new Date(ms).toLocaleString(i18n.language, { hour12: false });
  const channel = (r: RechargeRecord) =>
    r.chain ? `USDT · ${r.chain.toUpperCase()}` : t(`recharge.channel.${r.pay_mode}`, { defaultValue: r.pay_mode });

  function pick(next: number | undefined) {
    setStatus(next);
    setPage(1);
  }

  return (
    <div className="page personal-center">
      <header className="page-head">
        <span className="page-head__icon">
          <IconCoin size={26} />
        </span>
        <div>
          <h1>{t('pages.userinfoRecharge.title')}</h1>
          <p>{t('pages.userinfoRecharge.subtitle')}</p>
        </div>
      </header>
      <section className="panel recharge-records" aria-label={t('pages.userinfoRecharge.title')}>
        <SegTabs
          label={t('recharge.records.status')}
          options={STATUS_TABS.map((s) => ({
            key: String(s ?? 'all'),
            value: s,
            text: s === undefined ? t('recharge.records.all') : t(`recharge.records.state.${s}`),
          }))}
          value={status}
          onChange={pick}
        />
        <PagedRecords
          query={query}
          failedText={t('recharge.records.failed')}
          emptyText={t('pages.userinfoRecharge.empty')}
          page={page}
          pageSize={RECHARGE_RECORDS_PAGE_SIZE}
          onPage={setPage}
        >
          {(data) => (
            <div className="recharge-records__wrap">
              <table className="data-table recharge-records__table">
                <thead>
                  <tr>
                    <th>{t('recharge.records.time')}</th>
                    <th>{t('recharge.records.sn')}</th>
                    <th>{t('recharge.records.channel')}</th>
                    <th className="num">{t('recharge.records.amount')}</th>
                    <th className="num">{t('recharge.records.bonus')}</th>
                    <th>{t('recharge.records.statusCol')}</th>
                    <th>{t('recharge.records.paidAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((r) => (
                    <tr key={r.order_sn} data-testid="recharge-record">
                      <td>{time(r.created_at)}</td>
                      <td className="recharge-records__sn">{r.order_sn}</td>
                      <td>{channel(r)}</td>
                      <td className="num">
                        <Price units={r.real_price} />
                        {r.crypto_amount && <span className="recharge-records__usdt">{r.crypto_amount} USDT</span>}
                      </td>
                      <td className="num">{r.extra_std_money > 0 ? <Price units={r.extra_std_money} /> : '—'}</td>
                      <td>
                        <span className={`recharge-records__state recharge-records__state--${r.status}`}>
                          {t(`recharge.records.state.${r.status}`)}
                        </span>
                      </td>
                      <td>{time(r.paid_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedRecords>
      </section>
    </div>
  );
}
