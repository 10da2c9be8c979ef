import { PAYMENT_PATHS } from '@kaixiang/shared/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AccountHeader } from '../../accounts/components/account-header.tsx';

const ADDRESS = 'TN3FhU385mWkiLBEiuAzkChwV81R5ZhQkP';

/** Opens the recharge dialog on the USDT tab and orders 100 CNY on TRC20. */
async function orderUsdt(opts: { expireInMs: number; status?: () => number }) {
  storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [PAYMENT_PATHS.payModes]: () => ({ list: [{ id: 4, pay_mode: 'crypto_pay', sort_id: 10 }] }),
      [PAYMENT_PATHS.rechargeList]: () => ({
        elems: [{ id: 31, money: 100_000, addition_money: 0, avatar: '', avatar_title: '', days: 0 }],
        exchange_rate: 76_000,
      }),
      [PAYMENT_PATHS.createOrder]: () => ({
        order_sn: 'KXU7',
        pay_data_url: ADDRESS,
        real_price: 1_000_000,
        extra_std_money: 0,
        price: 1_000_000,
        expire_time: Date.now() + opts.expireInMs,
        crypto_amount: '14.157894',
        crypto_address: ADDRESS,
        chain: 'trc20',
      }),
      [PAYMENT_PATHS.payStatus]: () => ({ order_sn: 'KXU7', status: opts.status?.() ?? 1 }),
    }),
  );
  renderWithProviders(<AccountHeader />);
  fireEvent.click(await screen.findByRole('button', { name: '充值' }));
  const dialog = await screen.findByRole('dialog', { name: '充值' });
  fireEvent.change(await within(dialog).findByPlaceholderText('请输入100-20000的整数'), { target: { value: '100' } });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: '已满18周岁并同意协议' }));
  fireEvent.click(within(dialog).getByRole('button', { name: '确认充值' }));
  const pay = await screen.findByRole('dialog', { name: 'USDT付款' });
  return { ...api, dialog, pay };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('USDT pay code', () => {
  it('shows the chain, the address as a QR with a copy button, the exact quantity and a mm:ss countdown', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { pay } = await orderUsdt({ expireInMs: 15 * 60_000 });
    expect(within(pay).getByText('转账网络：TRC20')).toBeTruthy();
    expect(within(pay).getByRole('img', { name: '收款地址二维码' }).getAttribute('data-qr-text')).toBe(ADDRESS);
    expect(within(pay).getByText('请转账 14.157894 USDT（TRC20）')).toBeTruthy();
    expect(within(pay).getByText(ADDRESS)).toBeTruthy();
    expect(within(pay).getByTestId('usdt-countdown').textContent).toMatch(/^1[45]:\d\d$/);

    fireEvent.click(within(pay).getByRole('button', { name: '复制收款地址' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ADDRESS));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('复制成功'));
  });

  it('says so when copying fails', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    const { pay } = await orderUsdt({ expireInMs: 15 * 60_000 });
    fireEvent.click(within(pay).getByRole('button', { name: '复制收款地址' }));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('复制失败'));
  });

  it('counts down, then shows 订单已过期 with a way to order again', async () => {
    const { pay, requests } = await orderUsdt({ expireInMs: 2_500 });
    expect(within(pay).getByTestId('usdt-countdown').textContent).toMatch(/^00:0[23]$/);
    expect(await within(pay).findByRole('status', {}, { timeout: 5000 })).toHaveProperty('textContent', '订单已过期');
    expect(within(pay).queryByTestId('usdt-countdown')).toBeNull();
    fireEvent.click(within(pay).getByRole('button', { name: '重新下单' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.url.pathname === `/api${PAYMENT_PATHS.createOrder}`)).toHaveLength(2),
    );
  });

  it('can be closed and opened again from the recharge dialog', async () => {
    const { pay, dialog } = await orderUsdt({ expireInMs: 15 * 60_000 });
    fireEvent.click(within(pay).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'USDT付款' })).toBeNull());
    expect(screen.getByRole('dialog', { name: '充值' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '查看付款信息' }));
    expect(await screen.findByRole('dialog', { name: 'USDT付款' })).toBeTruthy();
  });

  it('closes with the success message once the order is paid', async () => {
    let paid = false;
    await orderUsdt({ expireInMs: 15 * 60_000, status: () => (paid ? 2 : 1) });
    paid = true;
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'USDT付款' })).toBeNull(), { timeout: 5000 });
    expect(screen.queryByRole('dialog', { name: '充值' })).toBeNull();
    expect(getToasts().map((t) => t.message)).toContain('充值成功，余额已到账');
  });
});
