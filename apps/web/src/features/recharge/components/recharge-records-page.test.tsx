import { PAYMENT_PATHS, type RechargeRecord } from '@kaixiang/shared/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const record = (o: Partial<RechargeRecord>): RechargeRecord => ({
  order_sn: 'KX1',
  pay_mode: 'alipay',
  chain: null,
  crypto_amount: null,
  price: 1_000_000,
  real_price: 1_000_000,
  extra_std_money: 30_000,
  status: 2,
  created_at: 1_763_700_000_000,
  paid_at: 1_763_700_060_000,
  expire_time: 1_763_700_900_000,
  ...o,
});

describe('recharge records (/userinfo/recharge)', () => {
  it('lists the orders with channel, amount, bonus and status, and filters by status', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(
      accountHandlers({
        [PAYMENT_PATHS.rechargeRecords]: (r) =>
          r.url.searchParams.get('status') === '3'
            ? { list: [record({ order_sn: 'KX2', status: 3, paid_at: null })], total: 1 }
            : {
                list: [
                  record({
                    order_sn: 'KX3',
                    pay_mode: 'crypto_pay',
                    chain: 'trc20',
                    crypto_amount: '14.157894',
                    status: 1,
                    paid_at: null,
                  }),
                  record({ order_sn: 'KX2', pay_mode: 'wechat_pay', status: 3, paid_at: null, extra_std_money: 0 }),
                  record({}),
                ],
                total: 3,
              },
      }),
    );
    renderApp('/userinfo/recharge');
    expect(await screen.findByRole('heading', { name: '充值记录' })).toBeTruthy();
    const rows = await screen.findAllByTestId('recharge-record');
    const cells = (i: number) => Array.from(rows[i]?.querySelectorAll('td') ?? []).map((td) => td.textContent);
    expect(cells(0).slice(1, 6)).toEqual(['KX3', 'USDT · TRC20', '¥100.0014.157894 USDT', '¥3.00', '待支付']);
    expect(cells(1).slice(1, 6)).toEqual(['KX2', '微信支付', '¥100.00', '—', '已过期']);
    expect(cells(2).slice(1, 6)).toEqual(['KX1', '支付宝', '¥100.00', '¥3.00', '已到账']);
    expect(cells(1)[6]).toBe('—');

    const calls = () => requests.filter((r) => r.url.pathname === `/api${PAYMENT_PATHS.rechargeRecords}`);
    expect(calls()[0]?.url.search).toBe('?page=1&page_size=10');
    fireEvent.click(screen.getByRole('tab', { name: '已过期' }));
    await waitFor(() => expect(calls().at(-1)?.url.search).toBe('?page=1&page_size=10&status=3'));
    await waitFor(() => expect(screen.getAllByTestId('recharge-record')).toHaveLength(1));
    expect(within(screen.getByRole('tab', { name: '已过期' })).getByText('已过期')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    storeSession(TOKENS);
    mockApi(accountHandlers({ [PAYMENT_PATHS.rechargeRecords]: () => ({ list: [], total: 0 }) }));
    renderApp('/userinfo/recharge');
    expect(await screen.findByText('暂无充值记录')).toBeTruthy();
  });
});
