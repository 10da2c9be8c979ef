import { PROTECTION_API, type ProtectionView } from '@kaixiang/shared/protection';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { momentText } from '../format.ts';
import { emptyView } from '../test-fixtures.ts';

const NOW = Date.now();
const RAISE_AT = NOW + 20 * 3600_000;

/** A player with two limits, a raise waiting on one of them, and some of this period used. */
const VIEW: ProtectionView = emptyView(NOW, {
  limits: {
    deposit_day: 1_000_000,
    deposit_week: null,
    deposit_month: 30_000_000,
    loss_day: null,
    loss_week: 2_000_000,
    loss_month: null,
  },
  pending: [{ field: 'loss_week', value: 5_000_000, effective_at: RAISE_AT }],
  usage: {
    deposit_day: 250_000,
    deposit_week: 250_000,
    deposit_month: 1_250_000,
    loss_day: 0,
    loss_week: 123_400,
    loss_month: 0,
  },
});

function open(overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(accountHandlers({ [PROTECTION_API.view]: () => VIEW, ...overrides }));
  const app = renderApp('/userinfo/protection');
  return { ...api, ...app };
}

const calls = (requests: MockRequest[], path: string) => requests.filter((r) => r.url.pathname === `/api${path}`);
const bodies = (requests: MockRequest[], path: string) => calls(requests, path).map((r) => JSON.parse(r.body));

async function limitsCard() {
  return screen.findByRole('region', { name: '充值与亏损限额' });
}

describe('the safer play page (/userinfo/protection)', () => {
  it('shows each limit in force, what this period used, and a raise still waiting', async () => {
    open();
    const card = await limitsCard();
    expect(screen.getByRole('heading', { level: 1, name: '理性游戏' })).toBeTruthy();
    expect((within(card).getByLabelText('每日充值') as HTMLInputElement).value).toBe('100.00');
    expect((within(card).getByLabelText('每周充值') as HTMLInputElement).value).toBe('');
    expect((within(card).getByLabelText('每月充值') as HTMLInputElement).value).toBe('3000.00');

    const daily = within(screen.getByTestId('protection-limit-deposit_day'));
    expect(daily.getByText('当前限额：¥100.00 · 本期已用：¥25.00')).toBeTruthy();
    expect(within(screen.getByTestId('protection-limit-deposit_week')).getByText(/当前限额：不限/)).toBeTruthy();

    const lossWeek = within(screen.getByTestId('protection-limit-loss_week'));
    expect(lossWeek.getByText(/本期已用：¥12\.34/)).toBeTruthy();
    expect(lossWeek.getByText(`将于 ${momentText(RAISE_AT, 'zh-CN')} 生效：¥500.00`)).toBeTruthy();
    expect(within(card).getByText('降低限额立即生效，提高或取消限额需等待 24 小时。')).toBeTruthy();
    // The history export is at the foot of the page.
    expect(screen.getByRole('region', { name: '数据导出' })).toBeTruthy();
  });

  it('sends only the limits that changed, in units, and shows what the server made of them', async () => {
    const { requests } = open({
      [PROTECTION_API.limits]: () =>
        emptyView(NOW, {
          limits: { ...VIEW.limits, deposit_day: 800_000 },
          pending: [{ field: 'deposit_week', value: 2_000_000, effective_at: RAISE_AT }],
        }),
    });
    const card = await limitsCard();
    fireEvent.change(within(card).getByLabelText('每日充值'), { target: { value: '80' } });
    fireEvent.change(within(card).getByLabelText('每周充值'), { target: { value: '200.5' } });
    fireEvent.change(within(card).getByLabelText('每周净亏损'), { target: { value: '' } });
    // Typed again as it was: not a change.
    fireEvent.change(within(card).getByLabelText('每月充值'), { target: { value: '3000' } });
    fireEvent.click(within(card).getByRole('button', { name: '保存限额' }));

    await waitFor(() => expect(calls(requests, PROTECTION_API.limits)).toHaveLength(1));
    expect(bodies(requests, PROTECTION_API.limits)[0]).toEqual({
      limits: { deposit_day: 800_000, deposit_week: 2_005_000, loss_week: null },
    });
    // The raise waits: the field shows the limit in force again, and the raise below it.
    await within(card).findByText(`将于 ${momentText(RAISE_AT, 'zh-CN')} 生效：¥200.00`);
    expect((within(card).getByLabelText('每周充值') as HTMLInputElement).value).toBe('');
    expect((within(card).getByLabelText('每日充值') as HTMLInputElement).value).toBe('80.00');
  });

  it('refuses an amount the server would refuse without asking it, and sends nothing when nothing changed', async () => {
    const { requests } = open();
    const card = await limitsCard();
    fireEvent.click(within(card).getByRole('button', { name: '保存限额' }));
    expect(await within(card).findByText('没有修改')).toBeTruthy();

    fireEvent.change(within(card).getByLabelText('每日净亏损'), { target: { value: '1.234' } });
    fireEvent.click(within(card).getByRole('button', { name: '保存限额' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('限额须在 0.01 元到 1000 万元之间，最多两位小数');
    expect(within(card).getByLabelText('每日净亏损').getAttribute('aria-invalid')).toBe('true');
    expect(calls(requests, PROTECTION_API.limits)).toHaveLength(0);
  });

  it("shows the server's message when it refuses a change", async () => {
    open({ [PROTECTION_API.limits]: () => fail(4906, '服务器：限额有误', 400) });
    const card = await limitsCard();
    fireEvent.change(within(card).getByLabelText('每日充值'), { target: { value: '50' } });
    fireEvent.click(within(card).getByRole('button', { name: '保存限额' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('服务器：限额有误');
  });

  it('sets the reminder interval', async () => {
    const { requests } = open({
      [PROTECTION_API.realityCheck]: (req) => emptyView(NOW, { reality_check_minutes: JSON.parse(req.body).minutes }),
    });
    const card = await screen.findByRole('region', { name: '游戏时长提醒' });
    const select = within(card).getByLabelText('提醒间隔') as HTMLSelectElement;
    expect(select.value).toBe('0');
    expect(within(select).getByRole('option', { name: '关闭' })).toBeTruthy();
    fireEvent.change(select, { target: { value: '30' } });
    fireEvent.click(within(card).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(requests, PROTECTION_API.realityCheck)).toEqual([{ minutes: 30 }]));
    await waitFor(() =>
      expect((within(card).getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('starts a cool-off only once the player confirmed it cannot be undone', async () => {
    const until = NOW + 7 * 86_400_000;
    const { requests } = open({ [PROTECTION_API.coolOff]: () => emptyView(NOW, { cool_off_until: until }) });
    const card = await screen.findByRole('region', { name: '冷静期' });
    fireEvent.change(within(card).getByLabelText('冷静时长'), { target: { value: '7' } });
    fireEvent.click(within(card).getByRole('button', { name: '开始冷静期' }));

    const dialog = await screen.findByRole('dialog', { name: '确认开始冷静期' });
    expect(dialog.textContent).toContain('接下来的 7 天 内你将无法游戏或充值');
    expect(dialog.textContent).toContain('不能撤销');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(requests, PROTECTION_API.coolOff)).toHaveLength(0);

    fireEvent.click(within(card).getByRole('button', { name: '开始冷静期' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认开始' }));
    await waitFor(() => expect(bodies(requests, PROTECTION_API.coolOff)).toEqual([{ days: 7 }]));
    expect((await within(card).findByRole('status')).textContent).toBe(`冷静期至 ${momentText(until, 'zh-CN')}`);
    // Only a longer break can still be chosen.
    const lengths = within(within(card).getByLabelText('冷静时长')).getAllByRole('option');
    expect(lengths.map((o) => o.textContent)).toEqual(['14 天', '30 天', '6 周']);
  });

  it('asks for a ticked box before a self-exclusion, and says it reaches the ID’s other accounts', async () => {
    const until = NOW + 400 * 86_400_000;
    const { requests } = open({ [PROTECTION_API.selfExclude]: () => emptyView(NOW, { excluded_until: until }) });
    const card = await screen.findByRole('region', { name: '自我排除' });
    expect(card.textContent).toContain('同一实名身份证下的其他账户也会一并排除');
    fireEvent.change(within(card).getByLabelText('排除时长'), { target: { value: '12' } });
    fireEvent.click(within(card).getByRole('button', { name: '申请自我排除' }));

    const dialog = await screen.findByRole('dialog', { name: '确认自我排除' });
    expect(dialog.textContent).toContain('同一实名身份证下的其他账户也将被排除');
    const confirm = within(dialog).getByRole('button', { name: '确认自我排除' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(bodies(requests, PROTECTION_API.selfExclude)).toEqual([{ months: 12 }]));
    expect((await within(card).findByRole('status')).textContent).toBe(`自我排除至 ${momentText(until, 'zh-CN')}`);
  });

  it('is reached from the user menu', async () => {
    storeSession(TOKENS);
    mockApi(accountHandlers({ [PROTECTION_API.view]: () => VIEW }));
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: '用户菜单' }));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: '理性游戏' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userinfo/protection'));
    expect(await limitsCard()).toBeTruthy();
  });
});
