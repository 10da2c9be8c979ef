import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts-paths';
import { TREASURE_PATHS, type TreasureInfo } from '@kaixiang/shared/treasure';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { APP_EVENTS } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS, USER } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { serverClock } from '../../../test/server-clock.ts';
import { dynamics, endInfo, grabEntry, info } from '../test-fixtures.ts';
import { TreasureDetailsPage } from './treasure-details.tsx';

function renderTreasure(path = `${PATHS.cardDetails}?roomID=7`) {
  const router = createMemoryRouter(
    [
      { path: PATHS.cardDetails, element: <TreasureDetailsPage /> },
      { path: PATHS.fairness, element: <p>fairness page</p> },
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

const cells = () => within(screen.getByRole('list', { name: '卡片' })).getAllByRole('listitem');
const soldCells = () => cells().filter((li) => li.classList.contains('is-sold'));
const push = (type: string, data: Record<string, unknown>) =>
  act(() => FakeWebSocket.latest().receive({ type, room: 'treasure:7', data: { room_id: 7, ...data } }));

function handlers(room: () => TreasureInfo, extra: Record<string, MockHandler> = {}) {
  return {
    [TREASURE_PATHS.info]: () => room(),
    [TREASURE_PATHS.dynamic]: () => dynamics(grabEntry(11, '阿强', 0, 2), grabEntry(42, '开箱玩家', 2, 1)),
    ...extra,
  };
}

describe('treasure page', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  it('counts down to the deadline on the server clock, not the browser’s', async () => {
    // Our clock is an hour behind the server's: the deadline is 1 min 30 s away by the server.
    const clock = serverClock();
    mockApi(handlers(() => info({ now: clock.now(), deadline: clock.now() + 90_000 })));
    renderTreasure();
    clock.expectCountdown((await screen.findByRole('timer')).textContent, 90);
    expect(screen.getByText('龙狙夺宝')).toBeTruthy();
  });

  it('fills the grid live: a grab on treasure:7 marks the next cards sold, the viewer’s own highlighted', async () => {
    storeSession(TOKENS);
    let room = info({ now: Date.now(), deadline: Date.now() + 600_000, sold: 3, my_cards: [2], my_status: 1 });
    let grabs = dynamics(grabEntry(42, '开箱玩家', 2, 1), grabEntry(11, '阿强', 0, 2));
    mockApi({ ...accountHandlers(), ...handlers(() => room, { [TREASURE_PATHS.dynamic]: () => grabs }) });
    renderTreasure();
    await screen.findByRole('timer');
    await waitFor(() => expect(soldCells()).toHaveLength(3));
    expect(cells()).toHaveLength(10);
    expect(cells()[0]?.getAttribute('aria-label')).toBe('第 1 张 · 阿强');
    expect(cells()[2]?.className).toContain('is-mine');
    expect(cells()[2]?.getAttribute('aria-label')).toBe('第 3 张 · 我的');
    expect(screen.getByText(/我的卡片（1 张）：#3/)).toBeTruthy();

    // Another player grabs cards 4 and 5.
    room = { ...room, sold: 5 };
    grabs = dynamics(grabEntry(77, '小红', 3, 2), ...grabs.list);
    push('treasure_grab', { room_seq: 2, user_id: 77, first: 3, count: 2, sold: 5 });
    await waitFor(() => expect(soldCells()).toHaveLength(5));
    await waitFor(() => expect(cells()[4]?.getAttribute('aria-label')).toBe('第 5 张 · 小红'));
    const feed = screen.getByRole('region', { name: '抢卡动态' });
    expect(within(feed).getAllByRole('listitem')[0]?.textContent).toContain('小红抢了 2 张（#4–#5）');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
  });

  it('grabs the cards asked for at their price, then toasts the server’s refusal of the next grab', async () => {
    storeSession(TOKENS);
    let room = info({ now: Date.now(), deadline: Date.now() + 600_000, sold: 3 });
    const bodies: unknown[] = [];
    mockApi({
      ...accountHandlers(),
      ...handlers(() => room, {
        [TREASURE_PATHS.join]: (req) => {
          const body = JSON.parse(req.body) as { count: number };
          bodies.push(body);
          if (bodies.length > 1) return fail(4688, '剩余卡片不足');
          room = { ...room, sold: room.sold + body.count, my_cards: [3, 4, 5], my_status: 1 };
          return { room_id: 7, cards: [3, 4, 5], paid: 30_000, sold: room.sold, total: 10 };
        },
      }),
    });
    renderTreasure();
    const box = await screen.findByRole('form', { name: '抢卡' });
    // The balance is the player's (accounts' user detail), the total is count × card price.
    await waitFor(() => expect(within(box).getByTestId('grab-balance').textContent).toContain('¥123.45'));
    fireEvent.click(within(box).getByRole('button', { name: '增加' }));
    fireEvent.click(within(box).getByRole('button', { name: '增加' }));
    expect(within(box).getByTestId('grab-total').textContent).toBe('¥3.00');
    // At most the cards left (7 of 10).
    fireEvent.click(within(box).getByRole('button', { name: '最多' }));
    expect((within(box).getByLabelText('抢卡数量') as HTMLInputElement).value).toBe('7');
    fireEvent.change(within(box).getByLabelText('抢卡数量'), { target: { value: '3' } });
    fireEvent.click(within(box).getByRole('button', { name: '立即抢卡' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('抢卡成功：#4 #5 #6'));
    await waitFor(() => expect(soldCells()).toHaveLength(6));
    expect(cells().filter((li) => li.classList.contains('is-mine'))).toHaveLength(3);

    fireEvent.click(within(box).getByRole('button', { name: '立即抢卡' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('剩余卡片不足'));
    expect(bodies).toEqual([
      { room_id: 7, count: 3, request_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
      { room_id: 7, count: 1, request_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
    ]);
    // Each grab its own id: the second is a new purchase, not a repeat of the first.
    const [first, second] = bodies as { request_id: string }[];
    expect(second?.request_id).not.toBe(first?.request_id);
  });

  it('asks again with the same request id when the answer is lost, so the cards are bought once', async () => {
    storeSession(TOKENS);
    let calls = 0;
    const ids: string[] = [];
    mockApi({
      ...accountHandlers(),
      ...handlers(() => info({ now: Date.now(), deadline: Date.now() + 600_000, sold: 3 }), {
        [TREASURE_PATHS.join]: (req) => {
          ids.push((JSON.parse(req.body) as { request_id: string }).request_id);
          // The first answer never arrives (a gateway's error page instead of ours).
          if (++calls === 1) return new Response('<html>502</html>', { status: 502 });
          return { room_id: 7, cards: [3], paid: 10_000, sold: 4, total: 10 };
        },
      }),
    });
    renderTreasure();
    const box = await screen.findByRole('form', { name: '抢卡' });
    fireEvent.click(within(box).getByRole('button', { name: '立即抢卡' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('抢卡成功：#4'), { timeout: 3_000 });
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it('says when the balance is short of the total', async () => {
    storeSession(TOKENS);
    mockApi({
      ...accountHandlers({ [ACCOUNT_PATHS.detail]: () => ({ ...USER, money: 5_000 }) }),
      ...handlers(() => info({ now: Date.now(), deadline: Date.now() + 600_000 })),
    });
    renderTreasure();
    const box = await screen.findByRole('form', { name: '抢卡' });
    expect(await within(box).findByText('余额不足')).toBeTruthy();
  });

  it('asks a visitor to sign in to grab', async () => {
    const { requests } = mockApi(handlers(() => info({ now: Date.now(), deadline: Date.now() + 600_000 })));
    renderTreasure();
    const opened = vi.fn();
    window.addEventListener(APP_EVENTS.openLogin, opened);
    fireEvent.click(await screen.findByRole('button', { name: '登录后抢卡' }));
    window.removeEventListener(APP_EVENTS.openLogin, opened);
    expect(opened).toHaveBeenCalled();
    expect(requests.some((r) => r.url.pathname.endsWith(TREASURE_PATHS.join))).toBe(false);
  });

  it('waits for the draw once full, then on treasure_won shows the winner, the winning card, the seeds and the fairness link', async () => {
    storeSession(TOKENS);
    let drawn = false;
    const full = info({ now: Date.now(), deadline: Date.now() + 600_000, sold: 10, phase: 'full', my_cards: [1, 2] });
    const won = info({
      ...endInfo(),
      now: Date.now(),
      my_cards: [1, 2],
      my_status: 2,
      winner: { user_id: 42, nick_name: '开箱玩家', avatar: '' },
      winning_card: 2,
    });
    const { requests } = mockApi({
      ...accountHandlers(),
      ...handlers(() => (drawn ? won : full), {
        [TREASURE_PATHS.endInfo]: () =>
          endInfo({ winner: { user_id: 42, nick_name: '开箱玩家', avatar: '' }, winning_card: 2 }),
      }),
    });
    const router = renderTreasure();
    expect(await screen.findByText('卡片已售罄，等待公共随机信标开奖…')).toBeTruthy();
    expect(screen.queryByRole('form', { name: '抢卡' })).toBeNull();
    expect(screen.queryByRole('region', { name: '开奖结果' })).toBeNull();

    drawn = true;
    push('treasure_won', { room_seq: 5, card: 2, user_id: 42 });
    const result = await screen.findByRole('region', { name: '开奖结果' });
    expect(result.textContent).toContain('获得者：开箱玩家');
    expect(result.textContent).toContain('中奖卡片 #3');
    expect(screen.getByText('恭喜！你以第 3 张卡片获得了 AWP | 巨龙传说')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: '卡片' })).getByLabelText('第 3 张 · 我的 · 中奖').className,
    ).toContain('is-winner');
    await waitFor(() => expect(result.textContent).toContain('b'.repeat(64)));
    expect(result.textContent).toContain('a'.repeat(64)); // the hash committed at creation
    expect(result.textContent).toContain('c'.repeat(64));
    expect(result.textContent).toContain('第 4242 轮');
    expect(requests.some((r) => r.url.pathname.endsWith(TREASURE_PATHS.endInfo))).toBe(true);
    fireEvent.click(within(result).getByRole('link', { name: '去验证' }));
    await waitFor(() => expect(router.state.location.search).toBe('?treasure=7'));
  });

  it('says an unfilled treasure was refunded, with no fairness link, and a bad room id is not found', async () => {
    mockApi(
      handlers(
        () => info({ now: Date.now(), deadline: Date.now() - 1, state: 2, phase: 'refunded', sold: 4, ended_at: 1 }),
        {
          [TREASURE_PATHS.endInfo]: () => endInfo({ phase: 'refunded', winner: null, winning_card: null, roll: null }),
        },
      ),
    );
    renderTreasure();
    const result = await screen.findByRole('region', { name: '开奖结果' });
    expect(result.textContent).toContain('截止时卡片未售完，已全额退款');
    expect(within(result).queryByRole('link', { name: '去验证' })).toBeNull();
  });

  it('shows "not found" for a missing roomID', async () => {
    mockApi({});
    renderTreasure(`${PATHS.cardDetails}?roomID=abc`);
    expect(await screen.findByText('夺宝不存在')).toBeTruthy();
  });
});
