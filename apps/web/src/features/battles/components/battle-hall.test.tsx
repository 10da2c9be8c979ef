import { BATTLE_PATHS } from '@kaixiang/shared/battles';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { APP_EVENTS } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { BOX_A, BOX_B, card, ITEM_RARE, member, resultCard } from '../test-fixtures.ts';
import { BattleHallPage } from './battle-hall.tsx';

function renderHall(path: string = PATHS.vipBattle) {
  const router = createMemoryRouter(
    [
      { path: PATHS.vipBattle, element: <BattleHallPage /> },
      { path: PATHS.battle, element: <BattleHallPage /> },
      { path: PATHS.battleDetails, element: <p>details page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const WAITING = card({ room_id: 31 });
const RUNNING = card({
  room_id: 30,
  room_state: 2,
  game_mode: 3,
  rule: 2,
  user_num: 3,
  boxes: [BOX_B],
  entry_price: BOX_B.price,
  members: [member(0, 5, '老玩家'), member(1, 6, '阿强'), member(2, 900, '机器人一号', { robot: true })],
  cur_round: 1,
  total_round: 1,
  started_at: 1,
});

function hallHandlers(rooms = [WAITING, RUNNING], extra: Record<string, MockHandler> = {}) {
  return {
    [BATTLE_PATHS.list]: () => ({ data: rooms }),
    [BATTLE_PATHS.realTimeResult]: () => ({ list: [] }),
    [BATTLE_PATHS.report]: () => ({ list: [] }),
    ...extra,
  };
}

const hallEvent = (type: string, data: unknown, seq: number) =>
  act(() => FakeWebSocket.latest().receive({ type, data, room: 'battle:hall', seq }));
const resultsSidebar = () => screen.getByRole('complementary', { name: '对战战况' });

describe('battle hall', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  it('lists waiting and running rooms with their boxes, seats, entry, rule and state', async () => {
    mockApi(hallHandlers());
    renderHall();
    expect(await screen.findByRole('heading', { name: '竞技场' })).toBeTruthy();
    const cards = await screen.findAllByTestId('battle-card');
    expect(cards).toHaveLength(2);
    const [waiting, running] = cards as [HTMLElement, HTMLElement];
    expect(within(waiting).getByText('房间 #31')).toBeTruthy();
    expect(within(waiting).getByText('经典模式')).toBeTruthy();
    expect(within(waiting).getByText('普通')).toBeTruthy();
    expect(within(waiting).getByText('等待中')).toBeTruthy();
    expect(within(waiting).getByText('等待玩家加入 1/2')).toBeTruthy();
    expect(within(waiting).getByTitle(BOX_A.name)).toBeTruthy();
    // Without the catalogue's picture, a box shows its own drawn crate, not the generic carton.
    expect(within(waiting).getByRole('img', { name: BOX_A.name }).getAttribute('src')).toBe(BOX_A.fallback_img);
    expect(within(waiting).getByText('17.50')).toBeTruthy();
    expect(within(waiting).getByRole('button', { name: '加入' })).toBeTruthy();
    expect(within(running).getByText('疯狂模式')).toBeTruthy();
    expect(within(running).getByText('极速')).toBeTruthy();
    expect(within(running).getByText('进行中')).toBeTruthy();
    expect(within(running).getByText('机器人')).toBeTruthy();
    expect(within(running).getByText('第 1 / 1 轮')).toBeTruthy();
    expect(within(running).queryByRole('button', { name: '加入' })).toBeNull();
    expect(within(running).getByRole('link', { name: '观战' }).getAttribute('href')).toBe('/battle/details?roomID=30');
    // The hall listens on its socket room.
    act(() => void FakeWebSocket.opened());
    expect(FakeWebSocket.latest().sent).toContainEqual({ type: 'JOIN', data: { room: 'battle:hall' } });
  });

  it('keeps at most 48 rooms and drops ended ones', async () => {
    const many = Array.from({ length: 52 }, (_, i) => card({ room_id: 100 + i }));
    mockApi(hallHandlers([card({ room_id: 99, room_state: 3 }), ...many]));
    renderHall();
    await waitFor(() => expect(screen.getAllByTestId('battle-card')).toHaveLength(48));
    expect(screen.queryByText('房间 #99')).toBeNull();
  });

  it('refetches the list on every hall event', async () => {
    let rooms = [WAITING];
    const { requests } = mockApi({ [BATTLE_PATHS.list]: () => ({ data: rooms }) });
    renderHall();
    await screen.findByText('房间 #31');
    rooms = [card({ room_id: 32 }), WAITING];
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'create_room',
        data: { room_id: 32, room_seq: 1, creator_id: 7 },
        room: 'battle:hall',
        seq: 1,
      }),
    );
    expect(await screen.findByText('房间 #32')).toBeTruthy();
    expect(requests.filter((r) => r.url.pathname.endsWith(BATTLE_PATHS.list))).toHaveLength(2);
  });

  it('says so when there is no room, and asks a visitor to log in before creating', async () => {
    mockApi(hallHandlers([]));
    const opened: string[] = [];
    const onOpen = () => opened.push('login');
    window.addEventListener(APP_EVENTS.openLogin, onOpen);
    renderHall(PATHS.battle);
    expect(await screen.findByText('暂无对战房间')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '创建对战' }));
    fireEvent.click(screen.getByRole('link', { name: '我的记录' }));
    window.removeEventListener(APP_EVENTS.openLogin, onOpen);
    expect(opened).toEqual(['login', 'login']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no join on a room the player already sits in', async () => {
    storeSession(TOKENS); // user 42 created WAITING
    mockApi(accountHandlers(hallHandlers([WAITING, card({ room_id: 33, members: [member(0, 5, '别人'), null] })])));
    renderHall();
    const cards = await screen.findAllByTestId('battle-card');
    expect(within(cards[0]!).queryByRole('button', { name: '加入' })).toBeNull();
    expect(within(cards[0]!).getByRole('link', { name: '查看' })).toBeTruthy();
    expect(within(cards[1]!).getByRole('button', { name: '加入' })).toBeTruthy();
  });

  it('joins a waiting room and goes to it; a refusal is shown as the server said it', async () => {
    storeSession(TOKENS);
    let answer: () => unknown = () => ({ room_id: 31 });
    const other = card({ room_id: 31, members: [member(0, 5, '别人'), null] });
    const { requests } = mockApi(accountHandlers(hallHandlers([other], { [BATTLE_PATHS.join]: () => answer() })));
    const router = renderHall();
    answer = () => fail(4608, '房间已满', 409);
    fireEvent.click(await screen.findByRole('button', { name: '加入' }));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('房间已满'));
    expect(router.state.location.pathname).toBe(PATHS.vipBattle);
    answer = () => ({ room_id: 31 });
    fireEvent.click(screen.getByRole('button', { name: '加入' }));
    expect(await screen.findByText('details page')).toBeTruthy();
    expect(router.state.location.search).toBe('?roomID=31');
    const joins = requests.filter((r) => r.url.pathname.endsWith(BATTLE_PATHS.join));
    expect(JSON.parse(joins[1]!.body)).toEqual({ room_id: 31 });
  });

  it('sends one join for a double click and shows no error: the player is in the room', async () => {
    storeSession(TOKENS);
    // The first join's answer waits until both clicks are in.
    let answerJoin = () => {};
    const answered = new Promise<void>((resolve) => {
      answerJoin = resolve;
    });
    let joins = 0;
    const other = card({ room_id: 31, members: [member(0, 5, '别人'), null] });
    mockApi(
      accountHandlers(
        hallHandlers([other], {
          [BATTLE_PATHS.join]: async () => {
            joins += 1;
            if (joins > 1) return fail(4606, '您已在该对战中', 409);
            await answered;
            return { room_id: 31 };
          },
        }),
      ),
    );
    const router = renderHall();
    const button = await screen.findByRole('button', { name: '加入' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.doubleClick(button);
    answerJoin();
    expect(await screen.findByText('details page')).toBeTruthy();
    expect(router.state.location.search).toBe('?roomID=31');
    expect(joins).toBe(1);
    expect(getToasts().filter((t) => t.kind === 'error')).toEqual([]);
  });

  it('takes a late “already in this battle” as joined: no error, and on to the room', async () => {
    storeSession(TOKENS);
    const other = card({ room_id: 31, members: [member(0, 5, '别人'), null] });
    mockApi(accountHandlers(hallHandlers([other], { [BATTLE_PATHS.join]: () => fail(4606, '您已在该对战中', 409) })));
    const router = renderHall();
    fireEvent.click(await screen.findByRole('button', { name: '加入' }));
    expect(await screen.findByText('details page')).toBeTruthy();
    expect(router.state.location.search).toBe('?roomID=31');
    expect(getToasts().map((t) => t.message)).not.toContain('您已在该对战中');
  });

  it('shows the latest ended battles beside the rooms: winner, best item, total, each opening its result', async () => {
    const teamWin = resultCard({
      room_id: 21,
      rule: 3,
      user_num: 4,
      total_value: 1_234_567,
      winners: [
        { user_id: 901, nick_name: '铁拳', avatar: '', robot: true },
        { user_id: 902, nick_name: '钢牙', avatar: '', robot: true },
      ],
      best_item: null,
    });
    mockApi(hallHandlers([WAITING], { [BATTLE_PATHS.realTimeResult]: () => ({ list: [resultCard(), teamWin] }) }));
    const router = renderHall();
    const rows = await within(await screen.findByRole('complementary', { name: '对战战况' })).findAllByTestId(
      'battle-results-row',
    );
    expect(within(resultsSidebar()).getByRole('tab', { name: '实时战况' }).getAttribute('aria-selected')).toBe('true');
    const [won, team] = rows as [HTMLElement, HTMLElement];
    expect(within(won).getByText('房主小王')).toBeTruthy();
    expect(within(won).getByRole('img', { name: ITEM_RARE.name })).toBeTruthy();
    // 52,005,000 units: the rare item and the cheap one, in yuan.
    expect(within(won).getByText('5200.50')).toBeTruthy();
    expect(within(won).getByText(/房间 #20 · 经典模式/)).toBeTruthy();
    expect(won.getAttribute('href')).toBe('/battle/details?roomID=20');
    expect(within(team).getByText('铁拳 / 钢牙')).toBeTruthy();
    expect(within(team).getByText('机器人')).toBeTruthy();
    expect(within(team).getByText('123.45')).toBeTruthy();
    fireEvent.click(won);
    expect(await screen.findByText('details page')).toBeTruthy();
    expect(router.state.location.search).toBe('?roomID=20');
  });

  it('switches to the day’s report, and says when a list has no battle', async () => {
    const { requests } = mockApi(
      hallHandlers([WAITING], { [BATTLE_PATHS.report]: () => ({ list: [resultCard({ room_id: 25 })] }) }),
    );
    renderHall();
    expect(await within(await screen.findByRole('complementary')).findByText('暂无已结束的对战')).toBeTruthy();
    expect(requests.filter((r) => r.url.pathname.endsWith(BATTLE_PATHS.report))).toHaveLength(0);
    fireEvent.click(within(resultsSidebar()).getByRole('tab', { name: '今日战报' }));
    const row = await within(resultsSidebar()).findByTestId('battle-results-row');
    expect(row.getAttribute('href')).toBe('/battle/details?roomID=25');
    expect(within(resultsSidebar()).queryByText('暂无已结束的对战')).toBeNull();
  });

  it('refetches the results when the hall hears a battle has ended, and not on other hall events', async () => {
    let latest = [resultCard({ room_id: 20 })];
    const { requests } = mockApi(hallHandlers([WAITING], { [BATTLE_PATHS.realTimeResult]: () => ({ list: latest }) }));
    renderHall();
    const sidebar = await screen.findByRole('complementary', { name: '对战战况' });
    await within(sidebar).findByText(/房间 #20/);
    const resultLoads = () => requests.filter((r) => r.url.pathname.endsWith(BATTLE_PATHS.realTimeResult)).length;
    expect(resultLoads()).toBe(1);
    latest = [resultCard({ room_id: 31 }), resultCard({ room_id: 20 })];
    hallEvent('battle_end', { room_id: 31, room_seq: 9 }, 1);
    await waitFor(() => expect(requests.filter((r) => r.url.pathname.endsWith(BATTLE_PATHS.list))).toHaveLength(2));
    expect(resultLoads()).toBe(1);
    hallEvent('pk_result_time_result', { room_id: 31 }, 2);
    expect(await within(sidebar).findByText(/房间 #31/)).toBeTruthy();
    expect(within(sidebar).getAllByTestId('battle-results-row')).toHaveLength(2);
    expect(resultLoads()).toBe(2);
  });

  it('says so in the sidebar when the results fail, without a toast, and retries on request', async () => {
    let answer: () => unknown = () => fail(500, '服务器繁忙', 500);
    mockApi(hallHandlers([WAITING], { [BATTLE_PATHS.realTimeResult]: () => answer() }));
    renderHall();
    const sidebar = await screen.findByRole('complementary', { name: '对战战况' });
    expect(await within(sidebar).findByText('战况加载失败', {}, { timeout: 10_000 })).toBeTruthy();
    expect(getToasts()).toEqual([]);
    answer = () => ({ list: [resultCard()] });
    fireEvent.click(within(sidebar).getByRole('button', { name: '重新加载' }));
    expect(await within(sidebar).findByTestId('battle-results-row')).toBeTruthy();
  });
});
