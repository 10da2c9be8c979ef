import {
  ADMIN_PAYMENT_PATHS,
  type AdminChannel,
  type AdminDepositRow,
  type AdminOrderDetail,
  type AdminOrderRow,
  type AdminQueryResponse,
} from '@kaixiang/shared/admin-payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../../lib/session.ts';
import { TOKENS } from '../../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { callsTo, consoleHandlers, FINANCE, liveSession } from '../../test-fixtures.ts';

const T0 = 1_795_000_000_000;

const row = (n: number, over: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  order_sn: `KX20261128000000${n}`,
  user_id: 100 + n,
  nick_name: `玩家${n}`,
  pay_mode: 'alipay',
  provider: 'alipay',
  price: 1_000_000,
  real_price: 1_000_000,
  bonus: 30_000,
  status: 2,
  overdue: false,
  provider_txn_id: `2026112822001${n}`,
  created_at: T0 + n * 60_000,
  paid_at: T0 + n * 60_000 + 5_000,
  expire_time: T0 + n * 60_000 + 900_000,
  ...over,
});

const ORDERS = [
  row(3, {
    status: 1,
    overdue: true,
    provider_txn_id: null,
    paid_at: null,
    pay_mode: 'wechat_pay',
    provider: 'wechat',
  }),
  row(2),
  row(1, { status: 3, provider_txn_id: null, paid_at: null }),
];

const STUCK = ORDERS[0] as AdminOrderRow;

const detail = (order: AdminOrderRow): AdminOrderDetail => ({
  order,
  transfers:
    order.status === 2
      ? [{ id: 9, kind: 'recharge', idem_key: `recharge:${order.order_sn}`, amount: order.price, created_at: T0 }]
      : [],
  usdt: null,
  queryable: true,
  actions: [],
});

const CHANNELS: AdminChannel[] = [
  { pay_mode: 'alipay', enabled: true, sort_id: 3, provider: 'alipay' },
  { pay_mode: 'union_pay', enabled: true, sort_id: 2, provider: 'sandbox' },
  { pay_mode: 'crypto_pay', enabled: false, sort_id: 0, provider: null },
];

const DEPOSIT: AdminDepositRow = {
  id: 5,
  chain: 'trc20',
  tx_hash: 'f00dbabe01',
  address: 'TXabc123',
  amount_micro: '13157894',
  confirmations: 20,
  status: 'underpaid',
  surplus_micro: '0',
  order_sn: 'KX202611280000099',
  user_id: 777,
  order_status: 3,
  sent_at: T0,
  first_seen_at: T0 + 1_000,
  settled_at: T0 + 60_000,
};

function open(path: string, overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(
    consoleHandlers(
      { ...FINANCE, ...liveSession() },
      {
        [ADMIN_PAYMENT_PATHS.orders]: () => ({
          list: ORDERS,
          total: 3,
          page: 1,
          page_size: 20,
          totals: { orders: 3, real_price: 3_000_000, paid_orders: 1, paid_amount: 1_000_000 },
        }),
        [ADMIN_PAYMENT_PATHS.order]: (req) =>
          detail(ORDERS.find((o) => o.order_sn === req.url.searchParams.get('order_sn')) ?? STUCK),
        [ADMIN_PAYMENT_PATHS.channels]: () => ({ list: CHANNELS }),
        [ADMIN_PAYMENT_PATHS.deposits]: () => ({ list: [DEPOSIT], total: 1, page: 1, page_size: 20 }),
        ...overrides,
      },
    ),
  );
  return { ...api, ...renderApp(path) };
}

const rowOf = (text: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(text))!;

describe('the console’s Payments section', () => {
  it('lists orders with their status, a stuck one marked, and the filter’s totals', async () => {
    open('/admin/payments');
    await screen.findByRole('table');
    const stuck = rowOf('玩家3');
    expect(stuck.textContent).toContain('待支付');
    expect(stuck.textContent).toContain('已超时');
    expect(stuck.textContent).toContain('微信支付');
    expect(within(stuck).getByRole('link', { name: STUCK.order_sn }).getAttribute('href')).toBe(
      `/admin/payments/orders/${STUCK.order_sn}`,
    );
    expect(rowOf('玩家1').textContent).toContain('已过期');
    const totals = screen.getByLabelText('筛选合计');
    expect(totals.textContent).toContain('¥300.00');
    expect(totals.textContent).toContain('¥100.00');
  });

  it('filters through the address and asks the server with the filter', async () => {
    const { requests, router } = open('/admin/payments');
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('支付方式'), { target: { value: 'wechat_pay' } });
    fireEvent.change(screen.getByLabelText('玩家 ID'), { target: { value: '103' } });
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-28' } });
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=1&pay_mode=wechat_pay&user_id=103&from=2026-11-28'),
    );
    await waitFor(() =>
      expect(callsTo(requests, ADMIN_PAYMENT_PATHS.orders).at(-1)!.url.searchParams.get('user_id')).toBe('103'),
    );
    const last = callsTo(requests, ADMIN_PAYMENT_PATHS.orders).at(-1)!.url.searchParams;
    expect(last.get('status')).toBe('1');
    expect(last.get('pay_mode')).toBe('wechat_pay');
    expect(Number(last.get('from'))).toBe(new Date(2026, 10, 28).getTime());
  });

  it('queries a stuck order’s provider after a confirm with a reason, and shows what it answered', async () => {
    const answer: AdminQueryResponse = {
      order_sn: STUCK.order_sn,
      provider: 'wechat',
      answer: { state: 'paid', provider_state: 'SUCCESS', txn_id: '4200002026112801', amount: STUCK.real_price },
      settlement: 'credited',
      refused: null,
      status: 2,
    };
    const { requests } = open(`/admin/payments/orders/${STUCK.order_sn}`, {
      [ADMIN_PAYMENT_PATHS.query]: () => answer,
    });
    const ask = await screen.findByRole('button', { name: '查询渠道' });
    expect(screen.getByRole('heading', { name: STUCK.order_sn })).toBeTruthy();
    const reads = callsTo(requests, ADMIN_PAYMENT_PATHS.order).length;
    fireEvent.click(ask);
    const dialog = within(screen.getByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: '确认查询' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '玩家发来付款截图' } });
    fireEvent.click(confirm);
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('wechat 回答：已支付（SUCCESS）');
    expect(status.textContent).toContain('订单已入账。');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(callsTo(requests, ADMIN_PAYMENT_PATHS.query)[0]!.body)).toEqual({
      order_sn: STUCK.order_sn,
      reason: '玩家发来付款截图',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_PAYMENT_PATHS.order).length).toBeGreaterThan(reads));
  });

  it('shows the server’s refusal of a query in the dialog', async () => {
    open(`/admin/payments/orders/${STUCK.order_sn}`, {
      [ADMIN_PAYMENT_PATHS.query]: () => fail(4152, '支付渠道查询失败，请稍后重试', 502),
    });
    fireEvent.click(await screen.findByRole('button', { name: '查询渠道' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '卡单' } });
    fireEvent.click(dialog.getByRole('button', { name: '确认查询' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('支付渠道查询失败');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('switches a channel off with a reason and shows the channels as the server now has them', async () => {
    const { requests } = open('/admin/payments/channels', {
      [ADMIN_PAYMENT_PATHS.channel]: () => ({
        list: CHANNELS.map((c) => (c.pay_mode === 'union_pay' ? { ...c, enabled: false } : c)),
      }),
    });
    const union = (await screen.findByRole('switch', { name: '银联支付开关' })) as HTMLInputElement;
    expect(union.checked).toBe(true);
    expect(rowOf('USDT').textContent).toContain('未配置渠道');
    fireEvent.click(union);
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '银行维护' } });
    fireEvent.click(dialog.getByRole('button', { name: '确认关闭' }));
    expect((await screen.findByRole('status')).textContent).toBe('银联支付已关闭。');
    expect(JSON.parse(callsTo(requests, ADMIN_PAYMENT_PATHS.channel)[0]!.body)).toEqual({
      pay_mode: 'union_pay',
      enabled: false,
      reason: '银行维护',
    });
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: '银联支付开关' }) as HTMLInputElement).checked).toBe(false),
    );
  });

  it('lists USDT deposits with what became of them, their hash and the order they matched', async () => {
    const { requests } = open('/admin/payments/usdt');
    await screen.findByRole('table');
    const deposit = rowOf('f00dbabe01');
    expect(deposit.textContent).toContain('金额不足');
    expect(deposit.textContent).toContain('13.157894 USDT');
    expect(deposit.textContent).toContain('20');
    expect(
      within(deposit)
        .getByRole('link', { name: DEPOSIT.order_sn as string })
        .getAttribute('href'),
    ).toBe(`/admin/payments/orders/${DEPOSIT.order_sn}`);
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: 'unmatched' } });
    await waitFor(() =>
      expect(callsTo(requests, ADMIN_PAYMENT_PATHS.deposits).at(-1)!.url.searchParams.get('status')).toBe('unmatched'),
    );
  });
});
