import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import { type MockRechargeResponse, PAYMENT_PATHS } from '@kaixiang/shared/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n/index.ts';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS, USER } from '../../../test/accounts-fixtures.ts';
import { fail, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AccountHeader } from '../../accounts/components/account-header.tsx';
import MockRechargeShortcut from './mock-recharge-shortcut.tsx';

const TIERS = {
  elems: [
    { id: 11, money: 1_000_000, addition_money: 300, avatar: '', avatar_title: '白银', days: 0 },
    { id: 12, money: 2_000_000, addition_money: 500, avatar: '', avatar_title: '黄金', days: 0 },
  ],
  exchange_rate: 76_000,
};
const PAID: MockRechargeResponse = {
  order_sn: 'KX20261121000000001',
  status: 2,
  price: 1_000_000,
  extra_std_money: 30_000,
  money: 2_364_599,
  vip_level: 4,
};
const TITLE = '测试充值（仅开发环境）';
const to = (path: string) => (r: MockRequest) => r.url.pathname === `/api${path}`;
const pressShortcut = () => fireEvent.keyDown(window, { key: 'a', code: 'KeyA', ctrlKey: true, altKey: true });

function setup(mockHandler: (req: MockRequest) => unknown = () => PAID) {
  storeSession(TOKENS);
  let vipLevel = USER.vip_level;
  const api = mockApi(
    accountHandlers({
      [ACCOUNT_PATHS.detail]: () => ({ ...USER, vip_level: vipLevel }),
      [PAYMENT_PATHS.rechargeList]: () => TIERS,
      [PAYMENT_PATHS.testMockRecharge]: (req) => {
        const res = mockHandler(req);
        if (!(res instanceof Response)) vipLevel = PAID.vip_level;
        return res;
      },
    }),
  );
  renderWithProviders(
    <>
      <AccountHeader />
      <MockRechargeShortcut />
    </>,
  );
  const posted = () => api.requests.filter(to(PAYMENT_PATHS.testMockRecharge)).map((r) => JSON.parse(r.body));
  return { ...api, posted };
}

describe('the development-only mock recharge panel', () => {
  it('opens with Ctrl+Alt+A, credits a preset on a tier and channel, shows the balance; the header badge follows', async () => {
    const { posted } = setup();
    await screen.findByText('VIP3');
    expect(screen.queryByRole('dialog')).toBeNull();
    pressShortcut();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: '¥100' }));
    expect((within(dialog).getByLabelText('充值金额（元）') as HTMLInputElement).value).toBe('100');
    fireEvent.change(within(dialog).getByLabelText('支付渠道'), { target: { value: 'wechat_pay' } });
    const tier = within(dialog).getByLabelText('充值档位');
    await within(tier).findByRole('option', { name: '¥100（赠送3%）' });
    fireEvent.change(tier, { target: { value: '11' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '模拟到账' }));

    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toContain('已到账：订单 KX20261121000000001，充值 ¥100.00，赠送 ¥3.00');
    expect(within(status).getByText('当前余额 ¥236.45 · VIP4')).toBeTruthy();
    expect(posted()).toEqual([{ pay_mode: 'wechat_pay', money: 1_000_000, recharge_id: 11 }]);
    // The player's queries refetch: the header's badge shows the new level.
    expect((await screen.findByText('VIP4')).getAttribute('data-level')).toBe('4');
  });

  it('sends a custom amount alone, or a tier alone', async () => {
    const { posted } = setup();
    pressShortcut();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    fireEvent.change(within(dialog).getByLabelText('充值金额（元）'), { target: { value: '12.34' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '模拟到账' }));
    await within(dialog).findByRole('status');
    await within(within(dialog).getByLabelText('充值档位')).findByRole('option', { name: '¥200（赠送5%）' });
    fireEvent.change(within(dialog).getByLabelText('充值金额（元）'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('充值档位'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '模拟到账' }));
    await waitFor(() => expect(posted()).toHaveLength(2));
    expect(posted()).toEqual([
      { pay_mode: 'alipay', money: 123_400 },
      { pay_mode: 'alipay', recharge_id: 12 },
    ]);
  });

  it('says what is wrong before asking the server, in the player’s language', async () => {
    const { posted } = setup();
    pressShortcut();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: '模拟到账' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('请输入测试充值金额或选择充值档位');
    fireEvent.change(within(dialog).getByLabelText('充值金额（元）'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '模拟到账' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('测试充值金额必须大于0');
    fireEvent.change(within(dialog).getByLabelText('充值金额（元）'), { target: { value: '500001' } });
    await setLocale('en-US');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A test recharge is at most 500000 CNY');
    expect(posted()).toEqual([]);
  });

  it('shows the server’s refusal in the panel', async () => {
    setup(() => fail(4334, '充值档位不存在或已停用', 400));
    pressShortcut();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    fireEvent.change(within(dialog).getByLabelText('充值金额（元）'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '模拟到账' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('充值档位不存在或已停用');
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('does nothing for a visitor who is not logged in', async () => {
    const { requests } = mockApi(accountHandlers());
    renderWithProviders(<MockRechargeShortcut />);
    pressShortcut();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter(to(PAYMENT_PATHS.testMockRecharge))).toEqual([]);
  });
});
