import { TREASURE_PATHS } from '@kaixiang/shared/treasure';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { APP_EVENTS } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { serverClock } from '../../../test/server-clock.ts';
import { myEntry, summary } from '../test-fixtures.ts';
import { TreasureHallPage } from './treasure-hall.tsx';

function renderHall() {
  const router = createMemoryRouter(
    [
      { path: PATHS.card, element: <TreasureHallPage /> },
      { path: PATHS.cardDetails, element: <p>details page</p> },
    ],
    { initialEntries: [PATHS.card] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The server and the browser agree here; the countdown started when this file loaded. */
const loaded = serverClock(0);
const ON_SALE = summary({ room_id: 7, title: '龙狙夺宝', sold: 3, total: 10, deadline: loaded.now() + 3_725_000 });
const WON = summary({
  room_id: 8,
  title: '昨天的夺宝',
  state: 2,
  phase: 'won',
  sold: 10,
  ended_at: 1,
  winner: { user_id: 11, nick_name: '阿强', avatar: '' },
  winning_card: 4,
});
const REFUNDED = summary({ room_id: 9, title: '没卖完的', state: 2, phase: 'refunded', sold: 4, ended_at: 2 });

function handlers(extra: Record<string, MockHandler> = {}) {
  return {
    [TREASURE_PATHS.list]: () => ({ list: [ON_SALE], total: 1, now: Date.now() }),
    [TREASURE_PATHS.endList]: () => ({ list: [WON, REFUNDED], total: 2, now: Date.now() }),
    [TREASURE_PATHS.myCards]: () => ({
      list: [myEntry({ room_id: 7, my_cards: [1, 2], paid: 20_000 })],
      total: 1,
      now: Date.now(),
    }),
    ...extra,
  };
}

describe('treasure hall', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  it('counts each card down on the server’s clock, not the browser’s', async () => {
    // Our clock is an hour behind the server's: the deadline is 2 min 30 s away by the server.
    const clock = serverClock();
    const soon = { ...ON_SALE, deadline: clock.now() + 150_000 };
    mockApi(handlers({ [TREASURE_PATHS.list]: () => ({ list: [soon], total: 1, now: clock.now() }) }));
    renderHall();
    const card = await screen.findByRole('link', { name: '龙狙夺宝' });
    clock.expectCountdown(within(card).getByRole('timer').textContent, 150);
  });

  it('shows each treasure’s prize, card price, cards sold, time left and phase, and the ended ones’ winners', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi({ ...accountHandlers(), ...handlers() });
    renderHall();
    const card = await screen.findByRole('link', { name: '龙狙夺宝' });
    expect(card.getAttribute('href')).toBe('/card/details?roomID=7');
    expect(card.textContent).toContain('AWP | 巨龙传说');
    expect(card.textContent).toContain('略有磨损'); // wear 2
    expect(card.textContent).toContain('¥500.00'); // the prize
    expect(card.textContent).toContain('每张卡片¥1.00');
    expect(card.textContent).toContain('开售中');
    expect(card.textContent).toContain('已售 3/10');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    loaded.expectCountdown(within(card).getByRole('timer').textContent, 3_725);

    fireEvent.click(screen.getByRole('tab', { name: '已结束' }));
    const won = await screen.findByRole('link', { name: '昨天的夺宝' });
    expect(won.textContent).toContain('已开奖');
    expect(won.textContent).toContain('获得者：阿强');
    expect(won.textContent).toContain('中奖卡片 #5'); // card 4, counted from 1
    const refunded = screen.getByRole('link', { name: '没卖完的' });
    expect(refunded.textContent).toContain('已退款');
    expect(within(refunded).queryByRole('timer')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '我的卡片' }));
    const mine = await screen.findByRole('link', { name: '龙狙夺宝' });
    await waitFor(() => expect(mine.textContent).toContain('我持有 2 张'));
    expect(mine.textContent).toContain('已支付 ¥2.00');
    expect(mine.textContent).toContain('进行中');
    const asked = requests.map((r) => r.url.pathname.replace(/^\/api/, ''));
    expect(asked).toContain(TREASURE_PATHS.list);
    expect(asked).toContain(TREASURE_PATHS.endList);
    expect(asked).toContain(TREASURE_PATHS.myCards);
  });

  it('asks a visitor to sign in for their cards, and shows no create button to a visitor or a player', async () => {
    mockApi(handlers());
    renderHall();
    await screen.findByRole('link', { name: '龙狙夺宝' });
    const opened = vi.fn();
    window.addEventListener(APP_EVENTS.openLogin, opened);
    fireEvent.click(screen.getByRole('tab', { name: '我的卡片' }));
    window.removeEventListener(APP_EVENTS.openLogin, opened);
    expect(opened).toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: '进行中' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('button', { name: '创建夺宝' })).toBeNull();
  });

  it('follows treasure:hall: a grab elsewhere refetches the list and the new count shows', async () => {
    let sold = 3;
    const { requests } = mockApi(
      handlers({ [TREASURE_PATHS.list]: () => ({ list: [{ ...ON_SALE, sold }], total: 1, now: Date.now() }) }),
    );
    renderHall();
    const card = await screen.findByRole('link', { name: '龙狙夺宝' });
    expect(card.textContent).toContain('已售 3/10');
    await waitFor(() =>
      expect(FakeWebSocket.latest().sent.some((f) => JSON.stringify(f).includes('treasure:hall'))).toBe(true),
    );
    sold = 5;
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'treasure_grab',
        room: 'treasure:hall',
        data: { room_id: 7, room_seq: 3, user_id: 11, first: 3, count: 2, sold: 5 },
      }),
    );
    await waitFor(() => expect(screen.getByRole('link', { name: '龙狙夺宝' }).textContent).toContain('已售 5/10'));
    expect(requests.filter((r) => r.url.pathname.endsWith(TREASURE_PATHS.list)).length).toBe(2);
  });
});
