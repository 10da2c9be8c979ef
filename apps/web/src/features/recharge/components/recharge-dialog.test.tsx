import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import { type CreateOrderResponse, PAYMENT_PATHS } from '@kaixiang/shared/payments';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser.ts';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS, USER } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AccountHeader } from '../../accounts/components/account-header.tsx';

const MODES = {
  list: [
    { id: 1, pay_mode: 'alipay', sort_id: 1 },
    { id: 2, pay_mode: 'wechat_pay', sort_id: 9 },
    { id: 3, pay_mode: 'union_pay', sort_id: 5 },
  ],
};
const TIERS = {
  elems: [
    { id: 11, money: 1_000_000, addition_money: 500, avatar: '', avatar_title: '青铜头像框', days: 7 },
    { id: 12, money: 5_000_000, addition_money: 150, avatar: '', avatar_title: '白银头像框', days: 30 },
  ],
  exchange_rate: 76_000,
};
// The server answers a path; the QR and the link carry the full address a phone can open.
const CASHIER_PATH = '/dev/cashier/RC0001';
const CASHIER = `${window.location.origin}${CASHIER_PATH}`;
const order = (overrides: Partial<CreateOrderResponse> = {}): CreateOrderResponse => ({
  order_sn: 'RC0001',
  pay_data_url: CASHIER_PATH,
  real_price: 1_000_000,
  extra_std_money: 50_000,
  price: 1_000_000,
  expire_time: Date.now() + 15 * 60_000,
  ...overrides,
});

const to = (path: string) => (r: MockRequest) => r.url.pathname === `/api${path}`;

async function openDialog(overrides: Record<string, MockHandler> = {}, path = '/') {
  storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [PAYMENT_PATHS.payModes]: () => MODES,
      [PAYMENT_PATHS.rechargeList]: () => TIERS,
      [PAYMENT_PATHS.createOrder]: () => order(),
      [PAYMENT_PATHS.payStatus]: () => ({ order_sn: 'RC0001', status: 1 }),
      ...overrides,
    }),
  );
  const view = renderWithProviders(<AccountHeader />, path);
  await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('123.45'));
  fireEvent.click(screen.getByRole('button', { name: '充值' }));
  const dialog = await screen.findByRole('dialog', { name: '充值' });
  await within(dialog).findByRole('radio', { name: /100\.00/ });
  const click = (name: string | RegExp) => fireEvent.click(within(dialog).getByRole('button', { name }));
  const tickAdult = () => fireEvent.click(within(dialog).getByRole('checkbox', { name: '已满18周岁并同意协议' }));
  const chooseTier = (name: RegExp) => fireEvent.click(within(dialog).getByRole('radio', { name }));
  const creates = () => api.requests.filter(to(PAYMENT_PATHS.createOrder)).map((r) => JSON.parse(r.body));
  return { ...api, dialog, click, tickAdult, chooseTier, creates, unmount: view.unmount };
}

let paidNow = false;
/** The dialog on a page at `path`, whose order the poll finds paid once `paidNow` is set. */
const openDialogAt = async (path: string) => {
  const api = await openDialog(
    { [PAYMENT_PATHS.payStatus]: () => ({ order_sn: 'RC0001', status: paidNow ? 2 : 1 }) },
    path,
  );
  return api;
};

const lastToast = () => getToasts().at(-1)?.message;

describe('recharge dialog', () => {
  afterEach(() => socket.stop());

  it('shows the channels by sort_id descending with the first selected, and its tiers with bonus badges', async () => {
    const { dialog, requests } = await openDialog();
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['微信支付', '银联支付', '支付宝']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    const tierQuery = requests.find(to(PAYMENT_PATHS.rechargeList))?.url.searchParams;
    expect(tierQuery?.get('pay_mode')).toBe('wechat_pay');
    expect(tierQuery?.get('device')).toBe('1');
    expect(requests.find(to(PAYMENT_PATHS.payModes))?.url.searchParams.get('platform')).toBe('1');
    const tiers = within(dialog).getAllByRole('radio');
    expect(tiers.map((t) => t.textContent)).toEqual(['赠送5%¥100.00青铜头像框7天', '赠送1.5%¥500.00白银头像框30天']);
    expect(within(dialog).getByText('微信支付单日限额9000元，超出请使用支付宝')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('tab', { name: '支付宝' }));
    await waitFor(() =>
      expect(requests.filter(to(PAYMENT_PATHS.rechargeList)).map((r) => r.url.searchParams.get('pay_mode'))).toEqual([
        'wechat_pay',
        'alipay',
      ]),
    );
  });

  it('asks for the 18+ box, each condition and a tier, word for word, before any order', async () => {
    const { dialog, click, tickAdult, chooseTier, creates } = await openDialog();
    const conditions = [
      '网站内禁止转售饰品',
      '盲盒娱乐，请理性消费',
      '本人仅在经济承受范围内消费，且将为消费行为承担后果',
    ];
    for (const c of conditions) expect((within(dialog).getByLabelText(c) as HTMLInputElement).checked).toBe(true);

    click('确认充值');
    expect(lastToast()).toBe('请确认已满18周岁,且具备完全行为能力,充值即代表同意《用户协议》和《隐私条款》');
    tickAdult();
    fireEvent.click(within(dialog).getByLabelText('盲盒娱乐，请理性消费'));
    click('确认充值');
    expect(lastToast()).toBe('请同意并勾选盲盒娱乐，请理性消费');
    fireEvent.click(within(dialog).getByLabelText('盲盒娱乐，请理性消费'));
    fireEvent.click(within(dialog).getByLabelText('本人仅在经济承受范围内消费，且将为消费行为承担后果'));
    click('确认充值');
    expect(lastToast()).toBe('请同意并勾选本人仅在经济承受范围内消费，且将为消费行为承担后果');
    fireEvent.click(within(dialog).getByLabelText('本人仅在经济承受范围内消费，且将为消费行为承担后果'));
    click('确认充值');
    expect(lastToast()).toBe('请选择充值金额');
    expect(creates()).toEqual([]);

    chooseTier(/500\.00/);
    expect(within(dialog).getByText('应付金额：').textContent).toBe('应付金额：¥500.00');
  });

  it('creates the order, shows the cashier link as a QR, polls it, and on status 2 says so, closes and refreshes the balance', async () => {
    let paid = false;
    const { dialog, click, tickAdult, chooseTier, creates, requests } = await openDialog({
      [PAYMENT_PATHS.payStatus]: () => ({ order_sn: 'RC0001', status: paid ? 2 : 1 }),
      [ACCOUNT_PATHS.detail]: () => (paid ? { ...USER, money: 2_234_599 } : USER),
    });
    tickAdult();
    chooseTier(/100\.00/);
    click('确认充值');
    const qr = await within(dialog).findByRole('img', { name: '付款二维码' });
    expect(qr.getAttribute('data-qr-text')).toBe(CASHIER);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
    expect(within(dialog).getByRole('link', { name: '打开收银台' }).getAttribute('href')).toBe(CASHIER);
    expect(within(dialog).getByTestId('pay-countdown').textContent).toMatch(/^1[45]:\d\d$/);
    expect(creates()).toEqual([
      {
        adult: 1,
        conditions: ['resale', 'rational', 'afford'],
        coin_recharge_id: 11,
        pay_model: 'wechat_pay',
        device: 1,
      },
    ]);
    await waitFor(() => expect(requests.filter(to(PAYMENT_PATHS.payStatus)).length).toBeGreaterThan(0));
    expect(requests.find(to(PAYMENT_PATHS.payStatus))?.url.searchParams.get('order_sn')).toBe('RC0001');
    expect(screen.getByRole('dialog', { name: '充值' })).toBeTruthy();

    paid = true;
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '充值' })).toBeNull(), { timeout: 5000 });
    expect(getToasts().map((t) => t.message)).toContain('充值成功，余额已到账');
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('223.45'));
  });

  it('finishes on the order_status push without waiting for the poll', async () => {
    storeSession(TOKENS);
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
    const { dialog, click, tickAdult, chooseTier } = await openDialog();
    tickAdult();
    chooseTier(/100\.00/);
    click('确认充值');
    await within(dialog).findByRole('img', { name: '付款二维码' });
    // Another order's news changes nothing.
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'order_status',
        data: { order_sn: 'RC9999', status: 2 },
        room: 'user:42',
        seq: 1,
      }),
    );
    expect(screen.getByRole('dialog', { name: '充值' })).toBeTruthy();
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'order_status',
        data: { order_sn: 'RC0001', status: 2 },
        room: 'user:42',
        seq: 2,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '充值' })).toBeNull());
    expect(lastToast()).toBe('充值成功，余额已到账');
  });

  it('reloads the page after a recharge on the spec’s routes (vipDailyTasks, vipRoll-details, worldCup) only', async () => {
    for (const [path, reloads] of [
      ['/vipDailyTasks', 1],
      ['/vipRoll/details', 1],
      ['/worldCup', 1],
      ['/', 0],
    ] as const) {
      const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
      try {
        const { click, tickAdult, chooseTier, dialog, unmount } = await openDialogAt(path);
        tickAdult();
        chooseTier(/100\.00/);
        click('确认充值');
        await within(dialog).findByRole('img', { name: '付款二维码' });
        paidNow = true;
        await waitFor(() => expect(screen.queryByRole('dialog', { name: '充值' })).toBeNull(), { timeout: 10_000 });
        expect(reload, path).toHaveBeenCalledTimes(reloads);
        unmount();
      } finally {
        paidNow = false;
        reload.mockRestore();
      }
    }
  });

  it('shows 订单已过期 over the QR when its time runs out, and the refresh makes a new order', async () => {
    let n = 0;
    const { dialog, click, tickAdult, chooseTier, creates } = await openDialog({
      [PAYMENT_PATHS.createOrder]: () => {
        n++;
        return order({ order_sn: `RC000${n}`, expire_time: Date.now() + (n === 1 ? 1_200 : 15 * 60_000) });
      },
    });
    tickAdult();
    chooseTier(/100\.00/);
    click('确认充值');
    await within(dialog).findByText('订单已过期', {}, { timeout: 4000 });
    expect(within(dialog).queryByRole('link', { name: '打开收银台' })).toBeNull();
    click('刷新二维码');
    await within(dialog).findByRole('link', { name: '打开收银台' });
    expect(within(dialog).queryByText('订单已过期')).toBeNull();
    expect(creates()).toHaveLength(2);
    expect(within(dialog).getByText('订单号：RC0002')).toBeTruthy();
  });

  it('says 订单已过期 when the server reports status 3', async () => {
    const { dialog, click, tickAdult, chooseTier } = await openDialog({
      [PAYMENT_PATHS.payStatus]: () => ({ order_sn: 'RC0001', status: 3 }),
    });
    tickAdult();
    chooseTier(/100\.00/);
    click('确认充值');
    await within(dialog).findByRole('button', { name: '刷新二维码' });
    expect(lastToast()).toBe('订单已过期');
  });

  it('resets when the provider reports the payment failed (status 4)', async () => {
    const { dialog, click, tickAdult, chooseTier } = await openDialog({
      [PAYMENT_PATHS.payStatus]: () => ({ order_sn: 'RC0001', status: 4 }),
    });
    tickAdult();
    chooseTier(/100\.00/);
    click('确认充值');
    await waitFor(() => expect(lastToast()).toBe('支付失败，请重新下单'));
    expect(within(dialog).queryByRole('img', { name: '付款二维码' })).toBeNull();
    expect(within(dialog).getByText('选择金额并确认后，这里会显示付款二维码')).toBeTruthy();
  });

  it('lets an anchor account credit the open order with Ctrl+Shift+H, once per 3 s', async () => {
    const { dialog, click, tickAdult, chooseTier, requests } = await openDialog({
      [ACCOUNT_PATHS.detail]: () => ({ ...USER, account_type: 2 }),
      [PAYMENT_PATHS.anchorQuickRecharge]: () => ({ order_sn: 'RC0001', status: 2, money: 2_234_599 }),
    });
    tickAdult();
    chooseTier(/100\.00/);
    click('确认充值');
    await within(dialog).findByRole('img', { name: '付款二维码' });
    fireEvent.keyDown(window, { key: 'H', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(window, { key: 'H', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '充值' })).toBeNull());
    expect(requests.filter(to(PAYMENT_PATHS.anchorQuickRecharge)).map((r) => JSON.parse(r.body))).toEqual([
      { order_sn: 'RC0001' },
    ]);
    expect(lastToast()).toBe('充值成功，余额已到账');
  });

  it('ignores Ctrl+Shift+H from an ordinary player', async () => {
    const { dialog, click, tickAdult, chooseTier, requests } = await openDialog();
    tickAdult();
    chooseTier(/100\.00/);
    click('确认充值');
    await within(dialog).findByRole('img', { name: '付款二维码' });
    fireEvent.keyDown(window, { key: 'H', ctrlKey: true, shiftKey: true });
    expect(requests.filter(to(PAYMENT_PATHS.anchorQuickRecharge))).toEqual([]);
    expect(screen.getByRole('dialog', { name: '充值' })).toBeTruthy();
  });

  it('changing the tier drops the open order and its QR', async () => {
    const { dialog, click, tickAdult, chooseTier } = await openDialog();
    tickAdult();
    chooseTier(/100\.00/);
    click('确认充值');
    await within(dialog).findByRole('img', { name: '付款二维码' });
    chooseTier(/500\.00/);
    expect(within(dialog).queryByRole('img', { name: '付款二维码' })).toBeNull();
    expect(within(dialog).getByText('选择金额并确认后，这里会显示付款二维码')).toBeTruthy();
  });

  it('a second 确认充值 while the QR shows points at it and makes no second order (issue 20)', async () => {
    let made = 0;
    const { dialog, click, tickAdult, chooseTier, creates } = await openDialog({
      // The server refuses a second order within 5 s, as it does.
      [PAYMENT_PATHS.createOrder]: () => (++made === 1 ? order() : fail(4301, '操作频繁，请稍微再试', 429)),
    });
    tickAdult();
    chooseTier(/100\.00/);
    click('确认充值');
    click('确认充值');
    expect(lastToast()).toBe('二维码正在加载');
    const qr = await within(dialog).findByRole('img', { name: '付款二维码' });
    click('确认充值');
    expect(lastToast()).toBe('请使用对应 App 扫码付款，付款成功后余额自动到账');
    expect(creates()).toHaveLength(1);
    expect(within(dialog).getByRole('img', { name: '付款二维码' })).toBe(qr);
    expect(qr.getAttribute('data-qr-text')).toBe(CASHIER);
  });

  it("shows the server's refusal and no QR", async () => {
    const { dialog, click, tickAdult, chooseTier } = await openDialog({
      [PAYMENT_PATHS.createOrder]: () => fail(4301, '操作频繁，请稍微再试', 429),
    });
    tickAdult();
    chooseTier(/100\.00/);
    click('确认充值');
    await waitFor(() => expect(lastToast()).toBe('操作频繁，请稍微再试'));
    expect(within(dialog).queryByRole('img', { name: '付款二维码' })).toBeNull();
    expect(within(dialog).getByText('选择金额并确认后，这里会显示付款二维码')).toBeTruthy();
  });

  it('tells a first-time payer about the first-recharge bonus', async () => {
    await openDialog({ [PAYMENT_PATHS.isFirstRecharge]: () => ({ first_recharge: true }) });
    const notice = await screen.findByRole('dialog', { name: '首充福利' });
    fireEvent.click(within(notice).getByRole('button', { name: '我知道了' }));
    expect(screen.queryByRole('dialog', { name: '首充福利' })).toBeNull();
    expect(screen.getByRole('dialog', { name: '充值' })).toBeTruthy();
  });

  it('says 暂无可用支付渠道，请稍后重试 when no channel is enabled', async () => {
    storeSession(TOKENS);
    mockApi(accountHandlers({ [PAYMENT_PATHS.payModes]: () => ({ list: [] }) }));
    renderWithProviders(<AccountHeader />);
    fireEvent.click(await screen.findByRole('button', { name: '充值' }));
    const dialog = await screen.findByRole('dialog', { name: '充值' });
    expect(await within(dialog).findByText('暂无可用支付渠道，请稍后重试')).toBeTruthy();
  });
});
