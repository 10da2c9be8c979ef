import { RAIN_EVENTS, RAIN_HALL_ROOM, RAIN_PATHS, type RainInfo } from '@kaixiang/shared/rain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { fail, mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { type RainSnapshot, rainInfoQueryOptions } from '../api/rain.ts';

const ROUND = 41;
function info(status: 1 | 2, patch: Partial<RainInfo> = {}): RainInfo {
  const now = Date.now();
  return {
    status,
    interval: [],
    system_time: now,
    complete: false,
    userComplete: false,
    round: {
      round_id: ROUND,
      start_time: status === 1 ? now + 90_000 : now - 5_000,
      end_time: status === 1 ? now + 150_000 : now + 55_000,
      count: 20,
      pool: 200_000,
      remaining: 20,
      conditions: { min_vip_level: 0, recharge_days: 0 },
      server_seed_hash: 'ab'.repeat(32),
      packets_hash: status === 1 ? '' : 'cd'.repeat(32),
    },
    self: null,
    refusal: null,
    ...patch,
  };
}

const badge = () => screen.findByLabelText(/红包雨/, { selector: '.rain-badge' });

describe('the red-packet rain on every page', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  it('counts down to the start, turns into the rain on the opening frame without asking, and shows the packet won', async () => {
    storeSession(TOKENS);
    let current = info(1);
    const { requests } = mockApi({
      ...accountHandlers(),
      [RAIN_PATHS.info]: () => current,
      [RAIN_PATHS.grab]: () => ({ round_id: ROUND, index: 3, amount: 12_345, balance: 99_999 }),
    });
    const { queryClient } = renderApp('/');
    expect((await badge()).getAttribute('aria-label')).toMatch(/^红包雨 01:(29|30) 后开始$/);
    // The page follows the hall.
    await waitFor(() =>
      expect(FakeWebSocket.opened().sent).toContainEqual({ type: 'JOIN', data: { room: RAIN_HALL_ROOM } }),
    );
    const asked = () => requests.filter((r) => r.url.pathname.endsWith(RAIN_PATHS.info)).length;
    const cached = () => queryClient.getQueryData<RainSnapshot>(rainInfoQueryOptions.queryKey);
    const before = asked();
    current = info(2);
    FakeWebSocket.opened().receive({
      type: RAIN_EVENTS.all,
      room: RAIN_HALL_ROOM,
      seq: 1,
      data: { kind: 'open', round_id: ROUND, remaining: 20, count: 20, packets_hash: 'cd'.repeat(32) },
    });
    // The opening came in the frame: the page has it at once, and asked the server nothing for it.
    // (The harness's sign-in reconnects the socket, and the rain asks again after that gap at a
    // moment of the next 4 s: what it answers must not undo the frames either.)
    expect(cached()?.status).toBe(2);
    expect(asked()).toBe(before);
    const open = await screen.findByRole('button', { name: /抢红包 · 红包雨进行中/ });
    expect(open.textContent).toContain('剩 20 个');
    // The packets left follow the frames, never upwards.
    FakeWebSocket.opened().receive({
      type: RAIN_EVENTS.all,
      room: RAIN_HALL_ROOM,
      seq: 2,
      data: { kind: 'progress', round_id: ROUND, remaining: 7 },
    });
    FakeWebSocket.opened().receive({
      type: RAIN_EVENTS.all,
      room: RAIN_HALL_ROOM,
      seq: 3,
      data: { kind: 'progress', round_id: ROUND, remaining: 9 },
    });
    expect(cached()?.round?.remaining).toBe(7);
    await waitFor(() => expect(open.textContent).toContain('剩 7 个'));

    fireEvent.click(open);
    const rain = await screen.findByRole('dialog', { name: '红包雨来了！' });
    fireEvent.click(within(rain).getAllByRole('button', { name: '抢红包' })[0] as HTMLElement);
    const result = await within(rain).findByTestId('rain-result');
    await waitFor(() => expect(within(result).getByRole('img').getAttribute('data-frame')).toBe('46'), {
      timeout: 15_000,
    });
    expect(within(result).getByRole('img').getAttribute('aria-label')).toBe('恭喜抢到 ¥1.23');
    expect(result.textContent).toContain('第 4 个红包');
    const grab = requests.find((r) => r.url.pathname.endsWith(RAIN_PATHS.grab));
    expect(JSON.parse(grab?.body ?? '{}')).toEqual({ round_id: ROUND });
    fireEvent.click(within(rain).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '红包雨来了！' })).toBeNull());
  });

  it('says in the rain why a grab was refused, in the server’s words', async () => {
    storeSession(TOKENS);
    mockApi({
      ...accountHandlers(),
      [RAIN_PATHS.info]: () => info(2, { round: { ...info(2).round!, remaining: 1 } }),
      [RAIN_PATHS.grab]: () => fail(4701, '手慢了，红包已被抢完', 409),
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /抢红包 · 红包雨进行中/ }));
    const rain = await screen.findByRole('dialog', { name: '红包雨来了！' });
    fireEvent.click(within(rain).getAllByRole('button', { name: '抢红包' })[0] as HTMLElement);
    expect((await within(rain).findByRole('alert')).textContent).toBe('手慢了，红包已被抢完');
  });
});
