import { DEFAULT_UPGRADE_RULES, quote } from '@kaixiang/game/upgrade';
import type { UserDetail } from '@kaixiang/shared/accounts';
import { ITEM_PATHS } from '@kaixiang/shared/inventory';
import { UPGRADE_PATHS, type UpgradeResponse, type UpgradeTarget } from '@kaixiang/shared/upgrade';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { APP_EVENTS } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS, USER } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { userDetailQueryOptions } from '../../accounts/api/user-detail.ts';
import { degOfPpm, SPIN_MS } from '../dial.ts';
import { AK, answerFor, historyEntry, invItem, KNIFE, knapsack, PISTOL, RATES } from '../test-fixtures.ts';
import { UpgradePage } from './upgrade-page.tsx';

const M4 = invItem(101, 300_000, 'M4A1 | 印花集');
const GLOCK = invItem(102, 120_000, 'Glock | 水元素');

function renderPage() {
  const router = createMemoryRouter([{ path: PATHS.upgrade, element: <UpgradePage /> }], {
    initialEntries: [PATHS.upgrade],
  });
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return queryClient;
}

/** get-upgrade-list as the server answers it: filtered, sorted by price, reachable with their chance. */
function listOf(targets: UpgradeTarget[]): MockHandler {
  return (req) => {
    const body = JSON.parse(req.body) as { page: number; page_size: number; stake_value?: number; sort: string };
    const stake = body.stake_value;
    const hits = targets
      .map((t) => {
        if (stake === undefined) return t;
        const q = quote(stake, t.price, DEFAULT_UPGRADE_RULES);
        return q.ok ? { ...t, rate_ppm: q.value.ratePpm } : null;
      })
      .filter((t): t is UpgradeTarget => t !== null)
      .sort((a, b) => (body.sort === 'price_desc' ? b.price - a.price : a.price - b.price));
    const from = (body.page - 1) * body.page_size;
    return { list: hits.slice(from, from + body.page_size), total: hits.length };
  };
}

function handlers(extra: Record<string, MockHandler> = {}) {
  return accountHandlers({
    [UPGRADE_PATHS.rates]: () => RATES,
    [UPGRADE_PATHS.categories]: () => ({
      list: [
        { category: 'pistol', name: '手枪', count: 1 },
        { category: 'rifle', name: '步枪', count: 1 },
        { category: 'knife', name: '匕首', count: 1 },
      ],
    }),
    [UPGRADE_PATHS.list]: listOf([AK, KNIFE, PISTOL]),
    [UPGRADE_PATHS.itemHistory]: () => ({ list: [historyEntry(5)], total: 1 }),
    [UPGRADE_PATHS.userHistory]: () => ({ list: [], total: 0 }),
    [ITEM_PATHS.knapsack]: () => knapsack([M4, GLOCK]),
    ...extra,
  });
}

const posts = (requests: MockRequest[], path: string) =>
  requests.filter((r) => r.url.pathname.endsWith(path)).map((r) => JSON.parse(r.body) as Record<string, unknown>);

const stakeItem = async (name: string) => fireEvent.click(await screen.findByRole('button', { name: `投入 ${name}` }));
const chooseTarget = async (name: string) =>
  fireEvent.click(await screen.findByRole('button', { name: `选择 ${name}` }));
const chance = () => screen.getByTestId('upg-chance').textContent;
const needle = () => screen.getByTestId('upg-needle');

afterEach(() => vi.useRealTimers());

describe('upgrade screen', () => {
  it('shows the chance of a stake on a target, with the maximum and the RTP, and lists only reachable targets', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(handlers());
    renderPage();
    expect((await screen.findByTestId('upg-limits')).textContent).toBe('最高概率 75.00% · 返奖率 95.00%');
    expect(chance()).toBe('--');

    await stakeItem(M4.name);
    expect(within(screen.getByTestId('upg-staked')).getByText(M4.name)).toBeTruthy();
    await chooseTarget(AK.name);
    // ¥30 on ¥100 at an RTP of 95 %.
    expect(chance()).toBe('28.50%');
    expect(within(screen.getByTestId('upg-target')).getByText(AK.name)).toBeTruthy();

    // Once the stake rests the list asks for what it reaches: the ¥5 pistol is gone, each with its chance.
    await waitFor(() => expect(posts(requests, UPGRADE_PATHS.list).some((b) => b.stake_value === 300_000)).toBe(true));
    const list = screen.getByTestId('upg-targets');
    await waitFor(() => expect(within(list).queryByText(PISTOL.name)).toBeNull());
    expect(within(screen.getByRole('button', { name: `选择 ${AK.name}` })).getByText('28.50%')).toBeTruthy();
    expect(within(screen.getByRole('button', { name: `选择 ${KNIFE.name}` })).getByText('2.85%')).toBeTruthy();

    // A second item adds its value: ¥42 → 39.90 %.
    await stakeItem(GLOCK.name);
    expect(chance()).toBe('39.90%');
    // The knife is out of reach of ¥42 at 1 %? No: 42 × 0.95 / 1000 = 3.99 %.
    await chooseTarget(KNIFE.name);
    expect(chance()).toBe('3.99%');
  });

  it('stops the balance slider at the stake that reaches the max rate', async () => {
    storeSession(TOKENS);
    mockApi(handlers());
    renderPage();
    await chooseTarget(AK.name);
    const slider = screen.getByLabelText('使用余额') as HTMLInputElement;
    // stakeForRate(¥100, 75 %) = ¥78.9474, up to a whole fen: ¥78.95.
    expect(slider.max).toBe('789500');
    expect(slider.step).toBe('100');
    expect(screen.getByTestId('upg-balance-max').textContent).toBe('最多 ¥78.95');
    fireEvent.change(slider, { target: { value: '789500' } });
    expect(chance()).toBe('75.00%');
    expect(screen.getByTestId('upg-note').textContent).toContain('已达最高概率');
    fireEvent.change(slider, { target: { value: '300000' } });
    expect(chance()).toBe('28.50%');
    expect(screen.getByTestId('upg-note').textContent).toBe('');

    // Items count towards it: with ¥30 staked, ¥48.95 more.
    await stakeItem(M4.name);
    expect((screen.getByLabelText('使用余额') as HTMLInputElement).max).toBe('489500');
  });

  it('shows the capped amount in the typed field once the cap falls under what was typed', async () => {
    storeSession(TOKENS);
    mockApi(handlers());
    renderPage();
    await chooseTarget(AK.name);
    const amount = screen.getByLabelText('投入余额（元）') as HTMLInputElement;
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '60' } });
    expect(amount.value).toBe('60');
    expect(chance()).toBe('57.00%');
    // An item of ¥30 leaves room for ¥48.95 of balance: the field says what is staked, not the ¥60 typed.
    await stakeItem(M4.name);
    expect(amount.value).toBe('48.95');
    expect(chance()).toBe('75.00%');
  });

  it('posts the target, the items and the balance with a fresh request id each time', async () => {
    storeSession(TOKENS);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: UpgradeResponse[] = [
      answerFor({
        target: AK,
        stakeItemIds: [M4.id],
        stakeItemsUnits: M4.cost_price,
        balanceUnits: 100_000,
        win: false,
        moneyAfter: USER.money - 100_000,
        upgradeId: 31,
      }),
      answerFor({
        target: AK,
        stakeItemIds: [],
        stakeItemsUnits: 0,
        balanceUnits: 100_000,
        win: false,
        moneyAfter: USER.money - 200_000,
        upgradeId: 32,
      }),
    ];
    const { requests } = mockApi(handlers({ [UPGRADE_PATHS.upgrade]: () => answers.shift() }));
    renderPage();
    await stakeItem(M4.name);
    await chooseTarget(AK.name);
    fireEvent.change(screen.getByLabelText('投入余额（元）'), { target: { value: '10' } });
    expect(chance()).toBe('38.00%');
    fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
    await waitFor(() => expect(posts(requests, UPGRADE_PATHS.upgrade)).toHaveLength(1));
    const [first] = posts(requests, UPGRADE_PATHS.upgrade);
    expect(first).toEqual({ upgrade_item_id: 7, item_ids: [101], balance: 100_000, request_id: expect.any(String) });
    expect(first?.request_id).toMatch(/^[0-9a-f-]{36}$/);

    await screen.findByRole('button', { name: '跳过动画' });
    await act(async () => vi.advanceTimersByTime(SPIN_MS));
    await screen.findByTestId('upg-outcome');
    // The item is spent; the balance stays staked for another go.
    expect(screen.queryByTestId('upg-staked')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
    await waitFor(() => expect(posts(requests, UPGRADE_PATHS.upgrade)).toHaveLength(2));
    const second = posts(requests, UPGRADE_PATHS.upgrade)[1];
    expect(second).toMatchObject({ upgrade_item_id: 7, item_ids: [], balance: 100_000 });
    expect(second?.request_id).not.toBe(first?.request_id);
  });

  it('asks again with the same request id when the answer is lost, so the upgrade rolls once', async () => {
    storeSession(TOKENS);
    const answer = answerFor({
      target: AK,
      stakeItemIds: [M4.id],
      stakeItemsUnits: M4.cost_price,
      balanceUnits: 0,
      win: true,
      moneyAfter: USER.money,
    });
    let calls = 0;
    const { requests } = mockApi(
      handlers({
        [UPGRADE_PATHS.upgrade]: () => (++calls === 1 ? new Response('<html>502</html>', { status: 502 }) : answer),
      }),
    );
    renderPage();
    await stakeItem(M4.name);
    await chooseTarget(AK.name);
    fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
    await screen.findByRole('button', { name: '跳过动画' }, { timeout: 3_000 });
    const ids = posts(requests, UPGRADE_PATHS.upgrade).map((b) => b.request_id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(getToasts()).toEqual([]);
  });

  it.each([
    { win: true, outcome: '升级成功', message: `恭喜获得 ${AK.name}，已放入背包` },
    { win: false, outcome: '升级失败', message: '很遗憾，本次投入已消耗' },
  ])(
    'lands the needle on the server’s roll and only then tells the result (win: $win)',
    async ({ win, outcome, message }) => {
      storeSession(TOKENS);
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const answer = answerFor({
        target: AK,
        stakeItemIds: [M4.id],
        stakeItemsUnits: M4.cost_price,
        balanceUnits: 0,
        win,
        moneyAfter: USER.money,
      });
      const { requests } = mockApi(handlers({ [UPGRADE_PATHS.upgrade]: () => answer }));
      const queryClient = renderPage();
      await stakeItem(M4.name);
      await chooseTarget(AK.name);
      fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
      await screen.findByRole('button', { name: '跳过动画' });
      const knapsacks = () => requests.filter((r) => r.url.pathname.endsWith(ITEM_PATHS.knapsack)).length;
      const before = knapsacks();

      // Sweeping: the chance the roll used, no result, nothing fetched that would tell it.
      expect(needle().dataset.landed).toBe('false');
      expect(chance()).toBe('28.50%');
      expect(screen.queryByTestId('upg-outcome')).toBeNull();
      await act(async () => vi.advanceTimersByTime(SPIN_MS - 200));
      expect(screen.queryByTestId('upg-outcome')).toBeNull();
      expect(knapsacks()).toBe(before);

      await act(async () => vi.advanceTimersByTime(200));
      expect(needle().dataset.landed).toBe('true');
      const angle = Number(/rotate\(([\d.]+) /.exec(needle().getAttribute('transform') ?? '')?.[1]);
      expect(angle).toBeCloseTo(degOfPpm(answer.proof.roll), 2);
      // Inside the gold arc exactly on a win.
      expect(angle < degOfPpm(answer.rate_ppm)).toBe(win);
      expect(screen.getByTestId('upg-outcome').textContent).toBe(outcome);
      expect(screen.getByRole('status').textContent).toContain(message);
      expect(screen.getByTestId('upg-roll').textContent).toBe(`幸运值 ${(answer.proof.roll / 10_000).toFixed(4)}%`);
      // The inventory (with the won item, without the staked one) is asked for again.
      await waitFor(() => expect(knapsacks()).toBeGreaterThan(before));
      expect(queryClient.getQueryData<UserDetail>(userDetailQueryOptions.queryKey)?.money).toBe(answer.money);
    },
  );

  it('lets the needle land at once when skipped', async () => {
    storeSession(TOKENS);
    const answer = answerFor({
      target: AK,
      stakeItemIds: [M4.id],
      stakeItemsUnits: M4.cost_price,
      balanceUnits: 0,
      win: true,
      moneyAfter: USER.money,
    });
    mockApi(handlers({ [UPGRADE_PATHS.upgrade]: () => answer }));
    renderPage();
    await stakeItem(M4.name);
    await chooseTarget(AK.name);
    fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
    fireEvent.click(await screen.findByRole('button', { name: '跳过动画' }));
    expect(screen.getByTestId('upg-outcome').textContent).toBe('升级成功');
    expect(needle().dataset.landed).toBe('true');
  });

  it('shows the server’s refusal and keeps the stake', async () => {
    storeSession(TOKENS);
    mockApi(handlers({ [UPGRADE_PATHS.upgrade]: () => fail(4602, '饰品当前状态不可操作', 400) }));
    renderPage();
    await stakeItem(M4.name);
    await chooseTarget(AK.name);
    fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
    await waitFor(() => expect(getToasts().at(-1)).toMatchObject({ kind: 'error', message: '饰品当前状态不可操作' }));
    expect(screen.queryByRole('button', { name: '跳过动画' })).toBeNull();
    expect(needle().dataset.landed).toBe('false');
    expect(within(screen.getByTestId('upg-staked')).getByText(M4.name)).toBeTruthy();
  });

  it('refuses without asking the server what the server would refuse', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(handlers());
    renderPage();
    await screen.findByTestId('upg-limits');
    fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
    expect(getToasts().at(-1)).toMatchObject({ kind: 'warning', message: '请选择目标饰品' });
    await chooseTarget(PISTOL.name);
    fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
    expect(getToasts().at(-1)).toMatchObject({ kind: 'warning', message: '请选择要投入的饰品或余额' });
    // ¥30 of items on a ¥5 target: an upgrade goes up.
    await stakeItem(M4.name);
    expect(screen.getByTestId('upg-note').textContent).toBe('投入价值须低于目标饰品价值，请选择更高价值的目标');
    fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
    expect(getToasts().at(-1)?.message).toBe('投入价值须低于目标饰品价值，请选择更高价值的目标');
    expect(posts(requests, UPGRADE_PATHS.upgrade)).toHaveLength(0);
  });

  it('stakes at most the server’s number of items', async () => {
    storeSession(TOKENS);
    const many = Array.from({ length: 11 }, (_, i) => invItem(200 + i, 10_000 + i, `饰品${i}`));
    mockApi(handlers({ [ITEM_PATHS.knapsack]: () => knapsack(many) }));
    renderPage();
    for (let i = 0; i < 10; i++) await stakeItem(`饰品${i}`);
    expect(screen.getByText('饰品 10 / 10 件')).toBeTruthy();
    await stakeItem('饰品10');
    expect(getToasts().at(-1)).toMatchObject({ kind: 'warning', message: '一次最多投入10件饰品' });
    expect(within(screen.getByTestId('upg-staked')).queryByText('饰品10')).toBeNull();
    // Pressed again, a staked item comes out.
    fireEvent.click(screen.getByRole('button', { name: '取出 饰品3', pressed: true }));
    expect(screen.getByText('饰品 9 / 10 件')).toBeTruthy();
  });

  it('picks a random target over every target the filters keep, weighted by show_rate', async () => {
    storeSession(TOKENS);
    // Weights in list order (price ascending): pistol 300, rifle 0, knife 100, of 400.
    const targets = [
      { ...PISTOL, show_rate: 300 },
      { ...AK, show_rate: 0 },
      { ...KNIFE, show_rate: 100 },
    ];
    const { requests } = mockApi(handlers({ [UPGRADE_PATHS.list]: listOf(targets) }));
    let draw = 0;
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(buf: T): T => {
      if (buf instanceof Uint32Array) buf[0] = draw;
      return buf;
    });
    renderPage();
    const random = await screen.findByRole('button', { name: '随机选择' });
    draw = 299; // the pistol's last draw
    fireEvent.click(random);
    await waitFor(() => expect(within(screen.getByTestId('upg-target')).getByText(PISTOL.name)).toBeTruthy());
    draw = 300; // the first past the pistol: the rifle weighs 0, so the knife
    fireEvent.click(random);
    await waitFor(() => expect(within(screen.getByTestId('upg-target')).getByText(KNIFE.name)).toBeTruthy());
    expect(posts(requests, UPGRADE_PATHS.list).some((b) => b.page_size === 100)).toBe(true);
  });

  it('asks a visitor to log in before staking or upgrading, and still shows targets and records', async () => {
    const { requests } = mockApi(handlers());
    const opened = vi.fn();
    window.addEventListener(APP_EVENTS.openLogin, opened);
    renderPage();
    expect(await screen.findByText('登录后选择背包中的饰品')).toBeTruthy();
    await chooseTarget(AK.name);
    expect((screen.getByLabelText('使用余额') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('升级达人')).toBeTruthy();
    expect(requests.some((r) => r.url.pathname.endsWith(ITEM_PATHS.knapsack))).toBe(false);
    expect(requests.some((r) => r.url.pathname.endsWith(UPGRADE_PATHS.upgrade))).toBe(false);
    window.removeEventListener(APP_EVENTS.openLogin, opened);
  });
});
