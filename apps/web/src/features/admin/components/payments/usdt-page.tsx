import { type AdminDepositRow, DEPOSIT_STATUSES, type DepositStatus } from '@kaixiang/shared/admin-payments';
import { formatMicroUsdt } from '@kaixiang/shared/usdt';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { localDateTime } from '../../format.ts';
import { playerPath } from '../players/player-paths.ts';
import { SimplePager } from '../players/simple-pager.tsx';
import { QueryFallback } from '../query-fallback.tsx';
import { DEPOSITS_PAGE_SIZE, useDeposits } from './payments-api.ts';
import { orderPath } from './payments-paths.ts';
import { PaymentsHead } from './payments-tabs.tsx';

const isStatus = (s: string | null): s is DepositStatus => (DEPOSIT_STATUSES as readonly (string | null)[]).includes(s);

const TAGS: Record<DepositStatus, string> = {
  pending: 'adm-tag--warn',
  credited: 'adm-tag--ok',
  underpaid: 'adm-tag--danger',
  refused: 'adm-tag--danger',
  unmatched: 'adm-tag--danger',
};

const usdt = (micro: string) => formatMicroUsdt(BigInt(micro));

/** USDT transfers the chain watcher saw; anything but credited waits for an operator. */
export function DepositsTable({ list, showOrder = true }: { list: readonly AdminDepositRow[]; showOrder?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <thead>
          <tr>
            <th scope="col">{t('adminPayments.usdt.col.status')}</th>
            <th scope="col">{t('adminPayments.usdt.col.amount')}</th>
            <th scope="col">{t('adminPayments.usdt.col.confirmations')}</th>
            <th scope="col">{t('adminPayments.usdt.col.tx')}</th>
            {showOrder && <th scope="col">{t('adminPayments.usdt.col.order')}</th>}
            <th scope="col">{t('adminPayments.usdt.col.seen')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((d) => (
            <tr key={d.id} className="adm-table__row">
              <td>
                <span className={`adm-tag ${TAGS[d.status]}`}>{t(`adminPayments.usdt.status.${d.status}`)}</span>
              </td>
              <td className="adm-table__mono">
                {usdt(d.amount_micro)} USDT
                {d.surplus_micro !== '0' && (
                  <>
                    <br />
                    <span className="adm-table__muted">
                      {t('adminPayments.usdt.surplus', { amount: usdt(d.surplus_micro) })}
                    </span>
                  </>
                )}
              </td>
              <td className="adm-table__mono">{d.confirmations}</td>
              <td className="adm-table__mono adm-pay-hash">
                {d.chain.toUpperCase()} {d.tx_hash}
                <br />
                <span className="adm-table__muted">{d.address}</span>
              </td>
              {showOrder && (
                <td>
                  {d.order_sn ? (
                    <>
                      <Link className="adm-table__mono" to={orderPath(d.order_sn)}>
                        {d.order_sn}
                      </Link>
                      {d.user_id !== null && (
                        <>
                          <br />
                          <Link to={playerPath(d.user_id)}>#{d.user_id}</Link>
                        </>
                      )}
                    </>
                  ) : (
                    <span className="adm-table__muted">{t('adminPayments.usdt.noOrder')}</span>
                  )}
                </td>
              )}
              <td className="adm-table__time">{localDateTime(d.first_seen_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The USDT tab: every deposit, filtered by what became of it. */
export function UsdtPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : null;
  const pageNo = Number(params.get('page'));
  const page = Number.isSafeInteger(pageNo) && pageNo > 0 ? pageNo : 1;
  const deposits = useDeposits({ status, page });
  const set = (s: DepositStatus | null, p: number) =>
    setParams({ ...(s ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  return (
    <section className="adm-screen" aria-labelledby="adm-payments-title">
      <PaymentsHead sub={t('adminPayments.usdt.sub')} />
      <div className="adm-filters">
        <label className="adm-field">
          <span className="adm-field__label">{t('adminPayments.usdt.col.status')}</span>
          <select
            className="adm-select"
            value={status ?? ''}
            onChange={(e) => set(isStatus(e.target.value) ? e.target.value : null, 1)}
          >
            <option value="">{t('adminPayments.filter.all')}</option>
            {DEPOSIT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`adminPayments.usdt.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="adm-card">
        {deposits.data ? (
          deposits.data.list.length > 0 ? (
            <DepositsTable list={deposits.data.list} />
          ) : (
            <EmptyState compact title={t('adminPayments.usdt.empty')} />
          )
        ) : (
          <QueryFallback query={deposits} failedTitle={t('adminPayments.usdt.loadFailed')} />
        )}
        {deposits.data && deposits.data.total > 0 && (
          <SimplePager
            page={page}
            pages={Math.ceil(deposits.data.total / DEPOSITS_PAGE_SIZE)}
            total={deposits.data.total}
            onPage={(p) => set(status, p)}
          />
        )}
      </div>
    </section>
  );
}
