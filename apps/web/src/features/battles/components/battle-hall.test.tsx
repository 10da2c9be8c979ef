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
import { BOX_A, BOX_B, card, member } from '../test-fixtures.ts';
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
  return { [BATTLE_PATHS.list]: () => ({ data: rooms }), ...extra };
}

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
});
