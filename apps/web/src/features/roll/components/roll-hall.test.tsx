import { ITEM_PATHS } from '@kaixiang/shared/inventory';
import { ROLL_PATHS } from '@kaixiang/shared/roll';
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
import { type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { serverClock } from '../../../test/server-clock.ts';
import { card } from '../test-fixtures.ts';
import { RollHallPage } from './roll-hall.tsx';

function renderHall() {
  const router = createMemoryRouter(
    [
      { path: PATHS.roll, element: <RollHallPage /> },
      { path: PATHS.rollDetails, element: <p>details page</p> },
    ],
    { initialEntries: [PATHS.roll] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const RULE = {
  can_create: true,
  max_prizes: 50,
  min_draw_delay_ms: 60_000,
  max_draw_delay_ms: 30 * 86_400_000,
  title_max: 30,
  description_max: 200,
  password_max: 16,
  recharge_days_max: 365,
  max_recharge: 10_000_000_000,
  max_vip: 10,
};

const OPEN = card({ room_id: 7, title: '主播福利房', conditions: { ...card().conditions, has_password: true } });
const MINE = card({ room_id: 8, title: '我参与的房', joined: true, conditions: { ...card().conditions, min_vip: 3 } });
const ENDED = card({ room_id: 9, title: '昨天的房', state: 3, ended_at: 1 });

function handlers(extra: Record<string, MockHandler> = {}, serverNow = () => Date.now()) {
  return {
    [ROLL_PATHS.list]: (req: { url: URL }) => {
      const state = req.url.searchParams.get('state');
      const list = state === '2' ? [MINE] : state === '3' ? [ENDED] : [OPEN];
      return { list, total: list.length, now: serverNow() };
    },
    [ROLL_PATHS.createRule]: () => RULE,
    ...extra,
  };
}

describe('roll hall', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  it('lists the rooms of each tab with their pool, players, lock and conditions', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi({ ...accountHandlers(), ...handlers() });
    renderHall();
    const first = await screen.findByRole('link', { name: '主播福利房' });
    expect(within(first).getByRole('img', { name: '需要密码' })).toBeTruthy();
    expect(first.textContent).toContain('¥150.00');
    expect(first.textContent).toContain('3 人参与');
    expect(first.textContent).toContain('需要输入房间密码');
    expect(first.getAttribute('href')).toBe('/roll/details?roomID=7');

    fireEvent.click(screen.getByRole('tab', { name: '我参与的' }));
    const mine = await screen.findByRole('link', { name: '我参与的房' });
    expect(mine.textContent).toContain('VIP等级达到 3');
    expect(mine.textContent).toContain('已参与');
    fireEvent.click(screen.getByRole('tab', { name: '已结束' }));
    const ended = await screen.findByRole('link', { name: '昨天的房' });
    expect(ended.textContent).toContain('已开奖');
    expect(ended.textContent).toContain('无门槛');
    const states = requests
      .filter((r) => r.url.pathname.endsWith(ROLL_PATHS.list))
      .map((r) => r.url.searchParams.get('state'));
    expect(states).toEqual(['1', '2', '3']);
  });

  it('counts each card down on the server’s clock, not the browser’s', async () => {
    // Our clock is an hour behind the server's: the draw is 2 min 30 s away by the server.
    const clock = serverClock();
    const soon = card({ room_id: 7, title: '主播福利房', draw_at: clock.now() + 150_000 });
    mockApi(handlers({ [ROLL_PATHS.list]: () => ({ list: [soon], total: 1, now: clock.now() }) }));
    renderHall();
    const room = await screen.findByRole('link', { name: '主播福利房' });
    clock.expectCountdown(within(room).getByRole('timer').textContent, 150);
  });

  it('asks a visitor to sign in for the rooms they joined, and offers no create button', async () => {
    mockApi(handlers());
    renderHall();
    await screen.findByRole('link', { name: '主播福利房' });
    const opened = vi.fn();
    window.addEventListener(APP_EVENTS.openLogin, opened);
    fireEvent.click(screen.getByRole('tab', { name: '我参与的' }));
    window.removeEventListener(APP_EVENTS.openLogin, opened);
    expect(opened).toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: '全部房间' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('button', { name: '创建房间' })).toBeNull();
  });

  it('shows the create button only when the rule allows, and its dialog takes items, time, password and conditions', async () => {
    storeSession(TOKENS);
    const item = {
      id: 55,
      item_id: 1,
      name: 'M4A4 | 咆哮',
      code_name: '',
      cost_price: 2_000_000,
      exter: 1,
      img: '',
      quality: 6,
      quality_rate: 0,
      status: 0,
      disposal: null,
      source: 'box',
      source_name: '',
      created_at: 1,
      retrieve_available_at: null,
      failure: null,
      offer_expires_at: null,
      offer_security_code: null,
    };
    const created: unknown[] = [];
    mockApi({
      ...accountHandlers(),
      ...handlers({
        [ITEM_PATHS.knapsack]: () => ({ list: [item], total: 1, total_price: item.cost_price }),
        [ROLL_PATHS.create]: (req: { body: string }) => {
          created.push(JSON.parse(req.body));
          return { room_id: 44 };
        },
      }),
    });
    const router = renderHall();
    fireEvent.click(await screen.findByRole('button', { name: '创建房间' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('房间标题'), { target: { value: '新房间' } });
    fireEvent.change(within(dialog).getByLabelText('房间密码（可选）'), { target: { value: '8888' } });
    fireEvent.change(within(dialog).getByLabelText('充值门槛（元，0 为不限）'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('VIP等级门槛（0 为不限）'), { target: { value: '2' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /M4A4 \| 咆哮/ }));
    expect(within(dialog).getByText('选择奖品（已选 1 / 50）')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /仅限我邀请的玩家参与/ }));
    // House prizes are the console's: an anchor's dialog has no catalogue.
    expect(within(dialog).queryByLabelText('搜索饰品')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(router.state.location.search).toBe('?roomID=44'));
    expect(created[0]).toMatchObject({
      title: '新房间',
      password: '8888',
      item_ids: [55],
      min_recharge: 500_000,
      min_vip: 2,
      recharge_days: 0,
      invited_only: true,
    });
    expect(created[0]).not.toHaveProperty('house_items');
    expect((created[0] as { draw_at: number }).draw_at).toBeGreaterThan(Date.now() + 60_000);
  });

  it('toasts a roll_win on the player’s own channel', async () => {
    storeSession(TOKENS);
    mockApi({ ...accountHandlers(), ...handlers() });
    renderHall();
    await screen.findByRole('link', { name: '主播福利房' });
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'roll_win',
        room: 'user:1',
        data: { room_id: 7, title: '主播福利房', prize: { name: 'AK-47 | 红线' } },
      }),
    );
    expect(getToasts().map((t) => t.message)).toContain('恭喜！你在ROLL房「主播福利房」中获得了 AK-47 | 红线');
  });
});
