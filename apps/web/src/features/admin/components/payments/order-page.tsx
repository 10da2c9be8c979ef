import type { AdminQueryResponse } from '@kaixiang/shared/admin-payments';
import { formatMicroUsdt } from '@kaixiang/shared/usdt';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Price } from '../../../../components/price.tsx';
import { localDateTime } from '../../format.ts';
import { ReasonDialog } from '../boxes/reason-dialog.tsx';
import { playerPath } from '../players/player-paths.ts';
import { QueryFallback } from '../query-fallback.tsx';
import { StatusTag } from './orders-page.tsx';
import { useOrder, useQueryProvider } from './payments-api.ts';
import { PAYMENTS_PATH } from './payments-paths.ts';
import { DepositsTable } from './usdt-page.tsx';

/** What the provider said and what it did, in one sentence a person reads. */
function AnswerNotice({ answer }: { answer: AdminQueryResponse }) {
  const { t } = useTranslation();
  const ok = answer.settlement === 'credited' || answer.settlement === 'duplicate';
  return (
    <div className={`adm-notice ${ok ? 'adm-notice--ok' : ''}`} role="status">
      <p>
        {t('adminPayments.answer.said', {
          provider: answer.provider,
          state: t(`adminPayments.answer.${answer.answer.state}`),
          word: answer.answer.provider_state,
        })}
      </p>
      <p>
        {t(`adminPayments.settlement.${answer.settlement}`, { reason: answer.refused ?? '' })}
        {answer.answer.txn_id && (
          <>
            {' '}
            <span className="adm-table__mono">{answer.answer.txn_id}</span>
          </>
        )}
      </p>
    </div>
  );
}

function QueryDialog({
  orderSn,
  onClose,
  onDone,
}: {
  orderSn: string;
  onClose: () => void;
  onDone: (a: AdminQueryResponse) => void;
}) {
  const { t } = useTranslation();
  const mutation = useQueryProvider();
  return (
    <ReasonDialog
      title={t('adminPayments.query.title', { sn: orderSn })}
      hint={t('adminPayments.query.hint')}
      submitText={t('adminPayments.query.confirm')}
      busy={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onSubmit={(reason) => mutation.mutate({ order_sn: orderSn, reason }, { onSuccess: onDone })}
    />
  );
}

/** One order: its terms, how it was credited, its USDT deposits, and "query provider" for a stuck one. */
export function OrderPage({ orderSn }: { orderSn: string }) {
  const { t } = useTranslation();
  const detail = useOrder(orderSn);
  const [asking, setAsking] = useState(false);
  const [answer, setAnswer] = useState<AdminQueryResponse | null>(null);
  const d = detail.data;
  return (
    <section className="adm-screen" aria-labelledby="adm-order-title">
      <header className="adm-screen__head">
        <p className="adm-screen__sub">
          <Link to={PAYMENTS_PATH}>{t('adminPayments.back')}</Link>
        </p>
        <h1 id="adm-order-title" className="adm-screen__title adm-table__mono">
          {orderSn}
        </h1>
        {d?.queryable && (
          <div className="adm-toolbar">
            <button
              type="button"
              className="button button--primary button--sm"
              onClick={() => {
                setAnswer(null);
                setAsking(true);
              }}
            >
              {t('adminPayments.query.open')}
            </button>
          </div>
        )}
      </header>
      {answer && <AnswerNotice answer={answer} />}
      {!d ? (
        <div className="adm-card">
          <QueryFallback query={detail} failedTitle={t('adminPayments.orderLoadFailed')} />
        </div>
      ) : (
        <>
          <div className="adm-card">
            <dl className="adm-pay-facts">
              <dt>{t('adminPayments.col.player')}</dt>
              <dd>
                <Link to={playerPath(d.order.user_id)}>
                  {d.order.nick_name} #{d.order.user_id}
                </Link>
              </dd>
              <dt>{t('adminPayments.col.status')}</dt>
              <dd>
                <StatusTag status={d.order.status} overdue={d.order.overdue} />
              </dd>
              <dt>{t('adminPayments.col.channel')}</dt>
              <dd>
                {t(`adminPayments.mode.${d.order.pay_mode}`, { defaultValue: d.order.pay_mode })} · {d.order.provider}
              </dd>
              <dt>{t('adminPayments.col.amount')}</dt>
              <dd>
                <Price units={d.order.real_price} />
              </dd>
              <dt>{t('adminPayments.fact.coins')}</dt>
              <dd>
                <Price units={d.order.price} /> + <Price units={d.order.bonus} />
              </dd>
              <dt>{t('adminPayments.fact.txn')}</dt>
              <dd className="adm-table__mono">{d.order.provider_txn_id ?? '—'}</dd>
              <dt>{t('adminPayments.col.created')}</dt>
              <dd>{localDateTime(d.order.created_at)}</dd>
              <dt>{t('adminPayments.fact.expires')}</dt>
              <dd>{localDateTime(d.order.expire_time)}</dd>
              <dt>{t('adminPayments.col.paid')}</dt>
              <dd>{d.order.paid_at === null ? '—' : localDateTime(d.order.paid_at)}</dd>
            </dl>
            {!d.queryable && <p className="adm-screen__sub">{t('adminPayments.query.unavailable')}</p>}
          </div>
          <h2 className="adm-pay-h2">{t('adminPayments.transfers.title')}</h2>
          <div className="adm-card">
            {d.transfers.length === 0 ? (
              <p className="adm-screen__sub">{t('adminPayments.transfers.none')}</p>
            ) : (
              <table className="adm-table">
                <thead>
                  <tr>
                    <th scope="col">{t('adminPayments.transfers.kind')}</th>
                    <th scope="col">{t('adminPayments.transfers.key')}</th>
                    <th scope="col">{t('adminPayments.transfers.amount')}</th>
                    <th scope="col">{t('adminPayments.transfers.at')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.transfers.map((tr) => (
                    <tr key={tr.id} className="adm-table__row">
                      <td className="adm-table__mono">{tr.kind}</td>
                      <td className="adm-table__mono">{tr.idem_key}</td>
                      <td>
                        <Price units={tr.amount} />
                      </td>
                      <td className="adm-table__time">{localDateTime(tr.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
          {d.usdt && (
            <>
              <h2 className="adm-pay-h2">{t('adminPayments.usdt.terms')}</h2>
              <div className="adm-card">
                <p className="adm-table__mono">
                  {d.usdt.chain.toUpperCase()} · {d.usdt.address} · {formatMicroUsdt(BigInt(d.usdt.quantity_micro))}{' '}
                  USDT
                </p>
                <DepositsTable list={d.usdt.deposits} showOrder={false} />
              </div>
            </>
          )}
          <h2 className="adm-pay-h2">{t('adminPayments.actions.title')}</h2>
          <div className="adm-card">
            {d.actions.length === 0 ? (
              <p className="adm-screen__sub">{t('adminPayments.actions.none')}</p>
            ) : (
              <ul className="adm-pay-actions">
                {d.actions.map((a) => (
                  <li key={a.id}>
                    <span className="adm-table__time">{localDateTime(a.created_at)}</span> {a.admin_name} #{a.admin_id}
                    {' · '}
                    {a.reason}
                    {' · '}
                    <span className="adm-table__mono">{JSON.stringify(a.after)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      {asking && (
        <QueryDialog
          orderSn={orderSn}
          onClose={() => setAsking(false)}
          onDone={(a) => {
            setAsking(false);
            setAnswer(a);
          }}
        />
      )}
    </section>
  );
}
