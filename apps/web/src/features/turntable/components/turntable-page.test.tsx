import { TURNTABLE_SPIN_MS } from '@kaixiang/game/turntable';
import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import { TURNTABLE_PATHS, type TurntableRoomInfo } from '@kaixiang/shared/turntable';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { heldUntil } from '../../../lib/balance-hold.ts';
import { APP_EVENTS } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS, USER } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { bettingRound, NO_JACKPOTS, records, settledRound, withArea } from '../test-fixtures.ts';
import { TurntablePage } from './turntable-page.tsx';

function renderPage() {
  const router = createMemoryRouter([{ path: PATHS.turntable, element: <TurntablePage /> }], {
    initialEntries: [PATHS.turntable],
  });
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return queryClient;
}

/** The turntable's endpoints answering `info()`; the other paths as a quiet server would. */
function handlers(info: () => TurntableRoomInfo, extra: Record<string, MockHandler> = {}) {
  return accountHandlers({
    [TURNTABLE_PATHS.roomInfo]: () => info(),
    [TURNTABLE_PATHS.jackpotRecord]: () => NO_JACKPOTS,
    [TURNTABLE_PATHS.userRecord]: () => records(),
    ...extra,
  });
}

const posts = (requests: MockRequest[], path: string) =>
  requests.filter((r) => r.url.pathname.endsWith(path)).map((r) => JSON.parse(r.body) as unknown);
const loads = (requests: MockRequest[]) =>
  requests.filter((r) => r.url.pathname.endsWith(TURNTABLE_PATHS.roomInfo)).length;

async function area(n: number): Promise<HTMLElement> {
  const all = await screen.findAllByTestId('tt-area');
  const found = all.find((el) => el.dataset.area === String(n));
  if (!found) throw new Error(`no area ${n}`);
  return found;
}
const totalOf = async (n: number) => within(await area(n)).getByTestId('tt-area-total').textContent;
const selfOf = async (n: number) => within(await area(n)).getByTestId('tt-area-self').textContent;

let seq = 0;
function hallFrame(type: string, data: unknown) {
  seq += 1;
  act(() => FakeWebSocket.latest().receive({ type, data, room: 'roulette:hall', seq }));
}

describe('turntable screen', () => {
  beforeEach(() => {
    seq = 0;
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  it('shows the three lines of areas with totals, players, multipliers and the player’s own stake', async () => {
    storeSession(TOKENS);
    let info = bettingRound(Date.now());
    info = withArea(info, 5, { amount: 3_000_000, users: 2, self: 1_000_000 });
    info = withArea(info, 14, { amount: 25_500, users: 1 });
    mockApi(handlers(() => info));
    renderPage();
    await area(5);
    expect(screen.getAllByTestId('tt-area').map((el) => Number(el.dataset.area))).toEqual([
      12, 14, 13, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(await totalOf(5)).toBe('¥300.002 人');
    // A narrow area (eight to a line) shortens its own stake from ¥100 on; the full amount is its title.
    expect(await selfOf(5)).toBe('我的¥100');
    expect(within(await area(5)).getByTitle('¥100.00').textContent).toBe('¥100');
    expect(await totalOf(14)).toBe('¥2.551 人');
    expect((await selfOf(14))?.trim()).toBe('');
    expect(within(await area(5)).getByText('手雷')).toBeTruthy();
    expect(within(await area(12)).getByText('×1.2')).toBeTruthy();
    expect(within(await area(3)).getByText('×48')).toBeTruthy();
    expect(screen.getByTestId('tt-mine').textContent).toContain('¥100.00');
    expect(screen.getByTestId('tt-limits').textContent).toBe('单注 ¥1.00 – ¥10000.00');
    // The hall is followed live.
    act(() => void FakeWebSocket.opened());
    expect(FakeWebSocket.latest().sent).toContainEqual({ type: 'JOIN', data: { room: 'roulette:hall' } });
  });

  it('places the chosen chip on the clicked area, counting it before the server answers', async () => {
    storeSession(TOKENS);
    const info = withArea(bettingRound(Date.now()), 3, { amount: 50_000, users: 1 });
    let answer: (value: unknown) => void = () => undefined;
    const { requests } = mockApi(
      handlers(() => info, {
        [TURNTABLE_PATHS.bet]: () => new Promise((resolve) => (answer = resolve)),
      }),
    );
    renderPage();
    await area(3);
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    fireEvent.click(await area(3));
    await waitFor(() => expect(posts(requests, TURNTABLE_PATHS.bet)).toHaveLength(1));
    const [body] = posts(requests, TURNTABLE_PATHS.bet) as { bets: unknown; bet_id: string }[];
    expect(body?.bets).toEqual([{ area: 3, amount: 100_000 }]);
    expect(body?.bet_id).toMatch(/^[0-9a-f]{32}$/);
    // On the area at once (spec 2 §4), one more player, before any answer.
    expect(await totalOf(3)).toBe('¥15.002 人');
    expect(await selfOf(3)).toBe('我的¥10.00');

    act(() => answer({ round_id: 77, selfbets: [{ area: 3, amount: 100_000 }], balance: 1_134_599 }));
    await waitFor(() => expect(getToasts()).toEqual([]));
    expect(await selfOf(3)).toBe('我的¥10.00');
    expect(await totalOf(3)).toBe('¥15.002 人');

    // Every click is its own bet with its own id.
    fireEvent.click(await area(3));
    await waitFor(() => expect(posts(requests, TURNTABLE_PATHS.bet)).toHaveLength(2));
    const ids = (posts(requests, TURNTABLE_PATHS.bet) as { bet_id: string }[]).map((b) => b.bet_id);
    expect(new Set(ids).size).toBe(2);
    expect(await selfOf(3)).toBe('我的¥20.00');
  });

  it('shows the server’s refusal in the player’s language and takes the stake back off', async () => {
    storeSession(TOKENS);
    const info = bettingRound(Date.now());
    const { requests } = mockApi(
      handlers(() => info, { [TURNTABLE_PATHS.bet]: () => fail(4632, '本轮押注总额已达上限', 400) }),
    );
    renderPage();
    fireEvent.click(await area(7));
    await waitFor(() => expect(getToasts().at(-1)).toMatchObject({ kind: 'error', message: '本轮押注总额已达上限' }));
    await waitFor(async () => expect(await totalOf(7)).toBe('¥0.000 人'));
    expect(loads(requests)).toBeGreaterThanOrEqual(2);
  });

  it('answers a zero bet with the spec’s message and sends nothing', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(handlers(() => bettingRound(Date.now())));
    renderPage();
    await area(1);
    fireEvent.change(screen.getByPlaceholderText('金额（元）'), { target: { value: '0' } });
    expect(screen.getByRole('button', { name: '1' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(await area(1));
    expect(getToasts().at(-1)).toMatchObject({ kind: 'warning', title: '提示', message: '押注金额不能为0' });
    expect(posts(requests, TURNTABLE_PATHS.bet)).toEqual([]);
  });

  it('asks a visitor to log in instead of betting', async () => {
    const { requests } = mockApi(handlers(() => bettingRound(Date.now())));
    const opened: string[] = [];
    const onOpen = () => opened.push('login');
    window.addEventListener(APP_EVENTS.openLogin, onOpen);
    renderPage();
    fireEvent.click(await area(9));
    window.removeEventListener(APP_EVENTS.openLogin, onOpen);
    expect(opened).toEqual(['login']);
    expect(posts(requests, TURNTABLE_PATHS.bet)).toEqual([]);
    expect(screen.getByText('登录后查看您的押注记录')).toBeTruthy();
  });

  it('merges the hall’s bet frames by area, never lowering a total on a late frame', async () => {
    const info = withArea(bettingRound(Date.now()), 5, { amount: 1_000_000, users: 1 });
    const { requests } = mockApi(handlers(() => info));
    renderPage();
    expect(await totalOf(5)).toBe('¥100.001 人');
    const loaded = loads(requests);
    hallFrame('bet', {
      round_id: 77,
      areas: [
        { area: 5, amount: 5_000_000, users: 3 },
        { area: 13, amount: 20_000, users: 1 },
      ],
    });
    expect(await totalOf(5)).toBe('¥500.003 人');
    expect(await totalOf(13)).toBe('¥2.001 人');
    // Sent before the one above, delivered after it.
    hallFrame('bet', { round_id: 77, areas: [{ area: 5, amount: 4_000_000, users: 2 }] });
    expect(await totalOf(5)).toBe('¥500.003 人');
    // Another round's totals, or another room's frame, change nothing here.
    hallFrame('bet', { round_id: 76, areas: [{ area: 0, amount: 9_000_000, users: 9 }] });
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'bet',
        data: { round_id: 77, areas: [{ area: 0, amount: 9_000_000, users: 9 }] },
        room: 'battle:hall',
        seq: 1,
      }),
    );
    expect(await totalOf(0)).toBe('¥0.000 人');
    expect(loads(requests)).toBe(loaded);
  });

  it('loads the round again on bet_start, settle and a missed frame', async () => {
    const { requests } = mockApi(handlers(() => bettingRound(Date.now())));
    renderPage();
    await area(0);
    const loaded = loads(requests);
    hallFrame('bet_start', { round_id: 78 });
    await waitFor(() => expect(loads(requests)).toBe(loaded + 1));
    hallFrame('settle', { round_id: 78, out_icon: 1, inner_icon: 12 });
    await waitFor(() => expect(loads(requests)).toBe(loaded + 2));
    seq += 3; // frames lost on the way
    hallFrame('bet', { round_id: 77, areas: [] });
    await waitFor(() => expect(loads(requests)).toBe(loaded + 3));
  });

  it('counts down to the close on the server’s clock', async () => {
    // Our clock is an hour behind the server's: the countdown must follow the server.
    const serverNow = () => Date.now() + 3_600_000;
    mockApi(handlers(() => bettingRound(serverNow(), {}, 9_400)));
    renderPage();
    expect((await screen.findByTestId('tt-countdown')).textContent).toBe('10 秒后停止押注');
    expect(screen.getByTestId('tt-stage').textContent).toBe('押注中');
    await waitFor(() => expect(screen.getByTestId('tt-countdown').textContent).toBe('9 秒后停止押注'), {
      timeout: 2_000,
    });
  });

  it('stops taking bets when the server’s clock passes the close', async () => {
    storeSession(TOKENS);
    const serverNow = () => Date.now() - 3_600_000;
    const { requests } = mockApi(handlers(() => bettingRound(serverNow(), {}, 1_200)));
    renderPage();
    await area(4);
    await waitFor(() => expect(screen.getByTestId('tt-stage').textContent).toBe('等待开奖'), { timeout: 3_000 });
    expect(screen.queryByTestId('tt-countdown')).toBeNull();
    fireEvent.click(await area(4));
    expect(getToasts().at(-1)).toMatchObject({ kind: 'warning', message: '本轮已停止押注' });
    expect(posts(requests, TURNTABLE_PATHS.bet)).toEqual([]);
  });

  it('turns the wheels to the drawn icons without giving the result away, then marks the areas', async () => {
    storeSession(TOKENS);
    // 0.9 s of the spin left when the page opens.
    const base = withArea(withArea(bettingRound(Date.now()), 3, { amount: 10_000, users: 1, self: 10_000 }), 0, {
      amount: 30_000,
      users: 2,
      self: 20_000,
    });
    const info = settledRound(Date.now(), { outIcon: 3, innerIcon: 9 }, TURNTABLE_SPIN_MS - 900, base, { 3: 480_000 });
    mockApi(handlers(() => ({ ...info, now: Date.now() })));
    renderPage();
    const wheels = await screen.findByTestId('tt-wheels');
    expect(wheels.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('tt-stage').textContent).toBe('开奖中');
    expect((await area(3)).className).not.toContain('is-win');
    expect(screen.queryByTestId('tt-area-award')).toBeNull();
    // The drawn round is not in the history yet; this visitor never saw the counts from before it.
    expect(screen.getAllByTestId('tt-history-entry').map((e) => e.dataset.outIcon)).toEqual(['5', '0']);
    expect(screen.getAllByTestId('tt-miss-count').map((e) => e.textContent)).toEqual(Array(9).fill('…'));
    expect(screen.getByTestId('tt-seed').textContent).toBe('开奖后公布');
    // The player's own settlement arrives with the draw; it is told once the wheels stop.
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'settle_self',
        data: { round_id: 77, staked: 30_000, won: 480_000, jackpot: 0 },
        room: `user:${USER.user_id}`,
      }),
    );
    expect(getToasts()).toEqual([]);
    // The header's balance is held back too (the settlement's push would give the result away).
    expect(heldUntil()).toBeGreaterThan(Date.now());

    await waitFor(() => expect(screen.getByTestId('tt-stage').textContent).toBe('已开奖'), { timeout: 3_000 });
    expect(heldUntil()).toBeLessThanOrEqual(Date.now());
    expect(wheels.className).toContain('is-landed');
    const won = screen.getAllByTestId('tt-area').filter((el) => el.className.includes('is-win'));
    expect(won.map((el) => Number(el.dataset.area)).sort((a, b) => a - b)).toEqual([3, 9, 13]);
    expect(screen.getAllByTestId('tt-area').filter((el) => el.className.includes('is-lose'))).toHaveLength(12);
    expect(within(await area(3)).getByTestId('tt-area-award').textContent).toBe('+¥48.00');
    expect(screen.getAllByTestId('tt-history-entry').map((e) => e.dataset.outIcon)).toEqual(['3', '5', '0']);
    expect(screen.getAllByTestId('tt-miss-count').map((e) => e.textContent)).toEqual([
      '2',
      '8',
      '21',
      '0',
      '42',
      '1',
      '4',
      '10',
      '16',
    ]);
    expect(screen.getByTestId('tt-seed').textContent).toBe('ef'.repeat(32));
    expect(screen.getByRole('link', { name: '公平验证' }).getAttribute('href')).toBe('/fairness?turntable=77');
    expect(getToasts().at(-1)).toMatchObject({ kind: 'success', title: '恭喜中奖', message: '第 77 期赢得 ¥48.00' });
    // The wheels rest on the drawn icons: the outer pointer over the knife, the inner over ⅓.
    expect(screen.getByTestId('tt-outer-wheel').querySelector('.is-hit')?.getAttribute('data-icon')).toBe('3');
    expect(screen.getByTestId('tt-inner-wheel').querySelector('.is-hit')?.getAttribute('data-icon')).toBe('9');
  });

  it('shortens large amounts in the narrow areas, the full amount as their title, the award in the players’ row', async () => {
    storeSession(TOKENS);
    // ¥12,345.67 on the AWP (a narrow area, ×48) and ¥10,000 on the heavy kit (a wide one, ×2); both win.
    const base = withArea(
      withArea(bettingRound(Date.now()), 4, { amount: 223_456_700, users: 2, self: 123_456_700 }),
      14,
      { amount: 100_000_000, users: 1, self: 100_000_000 },
    );
    const info = settledRound(Date.now(), { outIcon: 4, innerIcon: 12 }, TURNTABLE_SPIN_MS + 1_000, base, {
      4: 5_925_921_600,
      14: 200_000_000,
    });
    mockApi(handlers(() => ({ ...info, now: Date.now() })));
    renderPage();
    await waitFor(() => expect(screen.getByTestId('tt-stage').textContent).toBe('已开奖'));
    const awp = within(await area(4));
    expect(awp.getByTestId('tt-area-total').textContent).toBe('¥2.23万'); // the players' row gave way to the award
    expect(awp.getByTestId('tt-area-award').textContent).toBe('+¥59.2万');
    expect(awp.getByTestId('tt-area-self').textContent).toBe('我的¥1.23万');
    expect(awp.getByText('1.23万', { exact: false }).closest('[title]')?.getAttribute('title')).toBe('¥12345.67');
    const heavy = within(await area(14));
    expect(heavy.getByTestId('tt-area-total').textContent).toBe('¥10000.001 人');
    expect(heavy.getByTestId('tt-area-award').textContent).toBe('+¥20000.00');
    expect(heavy.getByTestId('tt-area-self').textContent).toBe('我的¥10000.00');
  });

  it('shows the odds, the equal return of every area and the round’s commitment', async () => {
    mockApi(handlers(() => bettingRound(Date.now())));
    renderPage();
    const table = await screen.findByTestId('tt-odds');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(15);
    const row = (area: number) => rows.find((r) => r.dataset.area === String(area))?.textContent;
    expect(row(3)).toBe('匕首2%×4896%');
    expect(row(12)).toBe('内圈 C480%×1.296%');
    expect(row(11)).toBe('全奖池2%×48+ 奖池 100%96%');
    expect(row(13)).toBe('轻装组48%×296%');
    expect(rows.every((r) => r.lastElementChild?.textContent === '96%')).toBe(true);
    expect(screen.getByTestId('tt-rtp').textContent).toContain('96%');
    expect(screen.getByTestId('tt-rtp').textContent).toContain('97%');
    expect(screen.getByTestId('tt-seed-hash').textContent).toBe('ab'.repeat(32));
    expect(screen.queryByRole('link', { name: '公平验证' })).toBeNull();
    // The jackpot pool in the hub.
    expect(screen.getByTestId('tt-wheels').textContent).toContain('¥1234.56');
  });

  it('lists the player’s own rounds, 30 a page', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(
      handlers(() => bettingRound(Date.now()), {
        [TURNTABLE_PATHS.userRecord]: () => ({
          list: [
            {
              round_id: 76,
              created_at: Date.now() - 30_000,
              out_icon: 5,
              inner_icon: 12,
              staked: 20_000,
              won: 80_000,
              jackpot: 0,
              jackpot_feed_bp: 100,
              details: [{ area: 5, amount: 20_000, award: 80_000 }],
            },
          ],
          total: 31,
        }),
        [ACCOUNT_PATHS.detail]: () => USER,
      }),
    );
    renderPage();
    const row = await screen.findByTestId('tt-record');
    expect(within(row).getByText('76')).toBeTruthy();
    expect(row.textContent).toContain('手雷 ¥2.00');
    expect(row.textContent).toContain('¥8.00');
    const query = requests.find((r) => r.url.pathname.endsWith(TURNTABLE_PATHS.userRecord))?.url.searchParams;
    expect(query?.get('page_no')).toBe('0');
    expect(query?.get('page_size')).toBe('30');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.url.pathname.endsWith(TURNTABLE_PATHS.userRecord))
          .at(-1)
          ?.url.searchParams.get('page_no'),
      ).toBe('1'),
    );
  });
});
