import { PAYMENT_PATHS } from '@kaixiang/shared/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AccountHeader } from '../../accounts/components/account-header.tsx';

const ADDRESS = 'TXa1b2c3d4e5f6g7h8i9j0kLmNoPqRsTuV';

async function openUsdt() {
  storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [PAYMENT_PATHS.payModes]: () => ({
        list: [
          { id: 1, pay_mode: 'alipay', sort_id: 1 },
          { id: 4, pay_mode: 'crypto_pay', sort_id: 10 },
        ],
      }),
      [PAYMENT_PATHS.rechargeList]: () => ({
        elems: [{ id: 31, money: 1_000_000, addition_money: 300, avatar: '', avatar_title: '', days: 0 }],
        exchange_rate: 0,
      }),
      [PAYMENT_PATHS.createOrder]: () => ({
        order_sn: 'KXU1',
        pay_data_url: '',
        real_price: 1_000_000,
        extra_std_money: 30_000,
        price: 1_000_000,
        expire_time: Date.now() + 30 * 60_000,
        crypto_amount: '14.157894',
        crypto_address: ADDRESS,
        chain: 'erc20',
      }),
      [PAYMENT_PATHS.payStatus]: () => ({ order_sn: 'KXU1', status: 1 }),
    }),
  );
  renderWithProviders(<AccountHeader />);
  fireEvent.click(await screen.findByRole('button', { name: '充值' }));
  const dialog = await screen.findByRole('dialog', { name: '充值' });
  const input = await within(dialog).findByPlaceholderText('请输入100-20000的整数');
  return { ...api, dialog, input };
}

const lastToast = () => getToasts().at(-1)?.message;

describe('USDT tab', () => {
  it('checks the amount, shows rate and quantity, and orders with chain and 10000 × the amount', async () => {
    const { dialog, input, requests } = await openUsdt();
    expect(within(dialog).getByRole('tab', { name: 'USDT' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '已满18周岁并同意协议' }));
    const confirm = () => fireEvent.click(within(dialog).getByRole('button', { name: '确认充值' }));

    confirm();
    expect(lastToast()).toBe('请输入正确的充值金额');
    fireEvent.change(input, { target: { value: '99' } });
    confirm();
    expect(lastToast()).toBe('最低充值金额100');
    fireEvent.change(input, { target: { value: '25000' } });
    expect((input as HTMLInputElement).value).toBe('20000');

    fireEvent.change(input, { target: { value: '100' } });
    expect(within(dialog).getByText('参考汇率：1 USDT ≈ 7.60 CNY')).toBeTruthy();
    expect(within(dialog).getByTestId('usdt-quantity').textContent).toBe(
      '预计支付：14.157894 USDT（含网络手续费 1 USDT）',
    );
    expect(await within(dialog).findByText('USDT充值同样享受3%赠送')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'ERC20' }));
    confirm();

    // The pay code opens as its own dialog over the recharge dialog.
    const pay = await screen.findByRole('dialog', { name: 'USDT付款' });
    const code = within(pay).getByRole('img', { name: '收款地址二维码' });
    expect(code.getAttribute('data-qr-text')).toBe(ADDRESS);
    expect(within(pay).getByText('请转账 14.157894 USDT（ERC20）')).toBeTruthy();
    expect(within(pay).getByText(ADDRESS)).toBeTruthy();
    const creates = requests
      .filter((r) => r.url.pathname === `/api${PAYMENT_PATHS.createOrder}`)
      .map((r) => JSON.parse(r.body));
    expect(creates).toEqual([
      {
        adult: 1,
        conditions: ['resale', 'rational', 'afford'],
        coin_recharge_id: 31,
        pay_model: 'crypto_pay',
        chain: 'erc20',
        device: 1,
        amount: 1_000_000,
      },
    ]);
  });

  it('makes the help notice wait 3 s before it can be closed', async () => {
    const { dialog } = await openUsdt();
    fireEvent.click(within(dialog).getByRole('button', { name: '如何购买USDT？' }));
    const help = await screen.findByRole('dialog', { name: 'USDT充值说明' });
    const button = within(help).getAllByRole('button').at(-1) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await waitFor(() => expect(within(help).getByRole('button', { name: '确定' })).toHaveProperty('disabled', false), {
      timeout: 4500,
    });
    expect(within(help).getByRole('link', { name: '查看USDT购买教程' }).getAttribute('href')).toBe(
      '/help/AntiMoneyLaundering',
    );
  });
});
