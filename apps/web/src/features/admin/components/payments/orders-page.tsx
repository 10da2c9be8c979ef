import { ADMIN_ORDER_STATUSES, type AdminOrderRow } from '@kaixiang/shared/admin-payments';
import { PAY_MODES, type PayMode } from '@kaixiang/shared/payments';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { Price } from '../../../../components/price.tsx';
import { localDateTime } from '../../format.ts';
import { playerPath } from '../players/player-paths.ts';
import { SimplePager } from '../players/simple-pager.tsx';
import { QueryFallback } from '../query-fallback.tsx';
import { ORDERS_PAGE_SIZE, type OrderFilter, useOrders } from './payments-api.ts';
import { orderPath } from './payments-paths.ts';
import { PaymentsHead } from './payments-tabs.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a day (YYYY-MM-DD) in the reader's own time zone, or null. */
export function dayStartMs(day: string | null): number | null {
  if (!day || !DAY.test(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const ms = new Date(y, m - 1, d).getTime();
  return Number.isFinite(ms) ? ms : null;
}

const isPayMode = (s: string | null): s is PayMode => (PAY_MODES as readonly (string | null)[]).includes(s);
const positive = (s: string | null) => {
  const n = Number(s);
  return s && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The filter as the address holds it: dates as days, the rest as the server takes them. */
interface Form {
  status: string;
  payMode: string;
  provider: string;
  userId: string;
  orderSn: string;
  from: string;
  to: string;
}

function formFrom(params: URLSearchParams): Form {
  return {
    status: params.get('status') ?? '',
    payMode: params.get('pay_mode') ?? '',
    provider: params.get('provider') ?? '',
    userId: params.get('user_id') ?? '',
    orderSn: params.get('order_sn') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

function filterOf(form: Form, page: number): OrderFilter {
  const status = Number(form.status);
  const to = dayStartMs(form.to);
  return {
    status: (ADMIN_ORDER_STATUSES as readonly number[]).includes(status) ? status : null,
    payMode: isPayMode(form.payMode) ? form.payMode : null,
    provider: form.provider.trim() || null,
    userId: positive(form.userId.trim()),
    orderSn: form.orderSn.trim() || null,
    from: dayStartMs(form.from),
    // The last day counts whole: up to the start of the next one.
    to: to === null ? null : new Date(new Date(to).setDate(new Date(to).getDate() + 1)).getTime(),
    page,
  };
}

function paramsOf(form: Form, page: number): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (k: string, v: string) => {
    if (v.trim()) out[k] = v.trim();
  };
  put('status', form.status);
  put('pay_mode', form.payMode);
  put('provider', form.provider);
  put('user_id', form.userId);
  put('order_sn', form.orderSn);
  put('from', form.from);
  put('to', form.to);
  if (page > 1) out.page = String(page);
  return out;
}

const STATUS_TAGS: Record<number, string> = {
  1: 'adm-tag--warn',
  2: 'adm-tag--ok',
  4: 'adm-tag--danger',
  5: 'adm-tag--danger',
};

export function StatusTag({ status, overdue }: { status: number; overdue: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={`adm-tag ${STATUS_TAGS[status] ?? ''}`}>{t(`admin.labels.order.${status}`)}</span>
      {overdue && <span className="adm-tag adm-tag--danger">{t('adminPayments.overdue')}</span>}
    </>
  );
}

function Filters({ form: initial, onApply }: { form: Form; onApply: (f: Form) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const field = (k: keyof Form) => ({
    value: form[k],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(form);
  };
  const empty: Form = { status: '', payMode: '', provider: '', userId: '', orderSn: '', from: '', to: '' };
  return (
    <form className="adm-filters" onSubmit={submit}>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminPayments.filter.status')}</span>
        <select className="adm-select" {...field('status')}>
          <option value="">{t('adminPayments.filter.all')}</option>
          {ADMIN_ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.labels.order.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminPayments.filter.payMode')}</span>
        <select className="adm-select" {...field('payMode')}>
          <option value="">{t('adminPayments.filter.all')}</option>
          {PAY_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`adminPayments.mode.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminPayments.filter.provider')}</span>
        <input className="adm-input" {...field('provider')} placeholder="alipay / wechat / sandbox / crypto" />
      </label>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminPayments.filter.userId')}</span>
        <input className="adm-input" inputMode="numeric" {...field('userId')} />
      </label>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminPayments.filter.orderSn')}</span>
        <input className="adm-input" {...field('orderSn')} />
      </label>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminPayments.filter.from')}</span>
        <input className="adm-input" type="date" {...field('from')} />
      </label>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminPayments.filter.to')}</span>
        <input className="adm-input" type="date" {...field('to')} />
      </label>
      <button type="submit" className="button button--primary button--sm">
        {t('adminPayments.filter.apply')}
      </button>
      <button
        type="button"
        className="button button--ghost button--sm"
        onClick={() => {
          setForm(empty);
          onApply(empty);
        }}
      >
        {t('adminPayments.filter.clear')}
      </button>
    </form>
  );
}

function OrderRow({ row }: { row: AdminOrderRow }) {
  const { t } = useTranslation();
  return (
    <tr className="adm-table__row">
      <td className="adm-table__mono">
        <Link to={orderPath(row.order_sn)}>{row.order_sn}</Link>
      </td>
      <td>
        <Link to={playerPath(row.user_id)}>
          {row.nick_name} <span className="adm-table__muted">#{row.user_id}</span>
        </Link>
      </td>
      <td>
        {t(`adminPayments.mode.${row.pay_mode}`, { defaultValue: row.pay_mode })}
        <br />
        <span className="adm-table__muted">{row.provider}</span>
      </td>
      <td>
        <Price units={row.real_price} />
      </td>
      <td>
        <StatusTag status={row.status} overdue={row.overdue} />
      </td>
      <td className="adm-table__time">{localDateTime(row.created_at)}</td>
      <td className="adm-table__time">{row.paid_at === null ? '' : localDateTime(row.paid_at)}</td>
    </tr>
  );
}

/** Recharge orders, newest first, with the filter's totals; an order's number opens its page. */
export function OrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const form = useMemo(() => formFrom(params), [params]);
  const page = positive(params.get('page')) ?? 1;
  const orders = useOrders(filterOf(form, page));
  const list = orders.data?.list ?? [];
  const totals = orders.data?.totals;
  return (
    <section className="adm-screen" aria-labelledby="adm-payments-title">
      <PaymentsHead sub={t('adminPayments.ordersSub')} />
      <Filters key={params.toString()} form={form} onApply={(f) => setParams(paramsOf(f, 1))} />
      {totals && (
        <dl className="adm-pay-totals" aria-label={t('adminPayments.totals.label')}>
          <div>
            <dt>{t('adminPayments.totals.orders')}</dt>
            <dd>{totals.orders}</dd>
          </div>
          <div>
            <dt>{t('adminPayments.totals.amount')}</dt>
            <dd>
              <Price units={totals.real_price} />
            </dd>
          </div>
          <div>
            <dt>{t('adminPayments.totals.paidOrders')}</dt>
            <dd>{totals.paid_orders}</dd>
          </div>
          <div>
            <dt>{t('adminPayments.totals.paidAmount')}</dt>
            <dd>
              <Price units={totals.paid_amount} />
            </dd>
          </div>
        </dl>
      )}
      <div className="adm-card">
        {orders.data ? (
          list.length > 0 ? (
            <div className="adm-table-wrap">
              <table className={`adm-table ${orders.isPlaceholderData ? 'adm-table--busy' : ''}`}>
                <thead>
                  <tr>
                    <th scope="col">{t('adminPayments.col.orderSn')}</th>
                    <th scope="col">{t('adminPayments.col.player')}</th>
                    <th scope="col">{t('adminPayments.col.channel')}</th>
                    <th scope="col">{t('adminPayments.col.amount')}</th>
                    <th scope="col">{t('adminPayments.col.status')}</th>
                    <th scope="col">{t('adminPayments.col.created')}</th>
                    <th scope="col">{t('adminPayments.col.paid')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((row) => (
                    <OrderRow key={row.order_sn} row={row} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <EmptyState compact title={t('adminPayments.empty')} />
          )
        ) : (
          <QueryFallback query={orders} failedTitle={t('adminPayments.loadFailed')} />
        )}
        {orders.data && orders.data.total > 0 && (
          <SimplePager
            page={page}
            pages={Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)}
            total={orders.data.total}
            onPage={(p) => setParams(paramsOf(form, p))}
          />
        )}
      </div>
    </section>
  );
}
