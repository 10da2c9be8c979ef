import { COUPON_PATHS, type CouponCard } from '@kaixiang/shared/coupons';
import { type CreateOrderResponse, PAYMENT_PATHS } from '@kaixiang/shared/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AccountHeader } from '../../accounts/components/account-header.tsx';

const TIERS = {
  elems: [
    { id: 11, money: 500_000, addition_money: 200, avatar: '', avatar_title: '青铜', days: 0 },
    { id: 12, money: 1_000_000, addition_money: 300, avatar: '', avatar_title: '白银', days: 0 },
  ],
  exchange_rate: 76_000,
};
const card = (id: number, award_type: number, value: number, min_money: number, name: string): CouponCard => ({
  user_card_id: id,
  name,
  info_value: { award_type, value, min_money },
  expire_time: Date.UTC(2026, 11, 1),
});
const CARDS = [card(7, 1, 500, 500_000, '充值加赠5%券'), card(8, 2, 150_000, 1_000_000, '满100送15元券')];
const order = (): CreateOrderResponse => ({
  order_sn: 'RC0001',
  pay_data_url: '/dev/cashier/RC0001',
  real_price: 1_000_000,
  extra_std_money: 50_000,
  price: 1_000_000,
  expire_time: Date.now() + 15 * 60_000,
});
const to = (path: string) => (r: MockRequest) => r.url.pathname === `/api${path}`;

async function openDialog() {
  storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [PAYMENT_PATHS.payModes]: () => ({ list: [{ id: 1, pay_mode: 'alipay', sort_id: 1 }] }),
      [PAYMENT_PATHS.rechargeList]: () => TIERS,
      [PAYMENT_PATHS.createOrder]: () => order(),
      [PAYMENT_PATHS.payStatus]: () => ({ order_sn: 'RC0001', status: 1 }),
      [COUPON_PATHS.list]: () => ({ infos: CARDS }),
    }),
  );
  renderWithProviders(<AccountHeader />);
  fireEvent.click(await screen.findByRole('button', { name: '充值' }));
  const dialog = await screen.findByRole('dialog', { name: '充值' });
  await within(dialog).findByRole('radio', { name: /100\.00/ });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: '已满18周岁并同意协议' }));
  const coupon = (name: string) => within(dialog).getByRole('checkbox', { name: new RegExp(name) }) as HTMLInputElement;
  const creates = () => api.requests.filter(to(PAYMENT_PATHS.createOrder)).map((r) => JSON.parse(r.body));
  return { dialog, coupon, creates };
}

describe('coupon picker', () => {
  afterEach(() => socket.stop());

  it('offers the cards the chosen tier reaches, toggles one, and sends it with the order', async () => {
    const { dialog, coupon, creates } = await openDialog();
    await within(dialog).findByText('充值加赠5%券');
    // No tier yet: nothing can be chosen.
    expect(coupon('充值加赠5%券').disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /50\.00/ }));
    expect(coupon('充值加赠5%券').disabled).toBe(false);
    expect(coupon('满100送15元券').disabled).toBe(true);
    const bonus = coupon('充值加赠5%券').closest('label')?.querySelector('.recharge-coupon__bonus');
    expect(bonus?.textContent).toBe('+¥2.50');
    fireEvent.click(coupon('充值加赠5%券'));
    expect(coupon('充值加赠5%券').checked).toBe(true);
    // Choosing the chosen card again clears it (spec 2 §4).
    fireEvent.click(coupon('充值加赠5%券'));
    expect(coupon('充值加赠5%券').checked).toBe(false);
    fireEvent.click(coupon('充值加赠5%券'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确认充值' }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]).toMatchObject({ coin_recharge_id: 11, card_coupon_id: 7 });
  });

  it('asks before using an award_type 2 card, which replaces the tier bonus; cancelling keeps none', async () => {
    const { dialog, coupon, creates } = await openDialog();
    await within(dialog).findByText('满100送15元券');
    fireEvent.click(within(dialog).getByRole('radio', { name: /100\.00/ }));
    fireEvent.click(coupon('满100送15元券'));
    const ask = await screen.findByText('使用「满100送15元券」将不再享受档位赠送，确定使用吗？');
    const confirm = ask.closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(coupon('满100送15元券').checked).toBe(false);
    fireEvent.click(coupon('满100送15元券'));
    const again = (await screen.findByText(/将不再享受档位赠送/)).closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(coupon('满100送15元券').checked).toBe(true));
    // A tier below the card's minimum lets it go.
    fireEvent.click(within(dialog).getByRole('radio', { name: /50\.00/ }));
    expect(coupon('满100送15元券').checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认充值' }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]).not.toHaveProperty('card_coupon_id');
  });
});
