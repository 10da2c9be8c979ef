import { TREASURE_PATHS } from '@kaixiang/shared/treasure';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { myEntry, summary } from '../test-fixtures.ts';

const MINE = [
  myEntry({ room_id: 7, title: '进行中的夺宝', my_cards: [0, 3], paid: 20_000, status: 1, sold: 6 }),
  myEntry({
    room_id: 8,
    title: '中了的夺宝',
    my_cards: [4],
    paid: 10_000,
    status: 2,
    state: 2,
    phase: 'won',
    sold: 10,
    winner: { user_id: 42, nick_name: '开箱玩家', avatar: '' },
    winning_card: 4,
  }),
  myEntry({ room_id: 9, title: '退款的夺宝', my_cards: [1], paid: 10_000, status: 3, state: 2, phase: 'refunded' }),
];
const WON = summary({
  room_id: 8,
  title: '中了的夺宝',
  state: 2,
  phase: 'won',
  sold: 10,
  ended_at: 2_000_000_100_000,
  winner: { user_id: 42, nick_name: '开箱玩家', avatar: '' },
  winning_card: 4,
});

function serve() {
  return mockApi({
    ...accountHandlers(),
    [TREASURE_PATHS.myCards]: () => ({ list: MINE, total: MINE.length, now: Date.now() }),
    [TREASURE_PATHS.reward]: () => ({ list: [WON], total: 1, now: Date.now() }),
  });
}

async function expectMyCards() {
  const mine = await screen.findByRole('region', { name: '我参与的夺宝' });
  const rows = await within(mine).findAllByRole('link');
  expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['进行中的夺宝', '中了的夺宝', '退款的夺宝']);
  expect(rows[0]?.textContent).toContain('我的卡片（2 张）：#1 #4');
  expect(rows[0]?.textContent).toContain('已支付 ¥2.00');
  expect(rows[0]?.textContent).toContain('进行中');
  expect(rows[1]?.textContent).toContain('已中奖');
  expect(rows[2]?.textContent).toContain('未中奖');
  expect(rows[2]?.textContent).toContain('已退款');
  expect(rows[1]?.getAttribute('href')).toBe('/card/details?roomID=8');
  const wins = screen.getByRole('region', { name: '中奖记录' });
  const win = await within(wins).findByRole('link', { name: '中了的夺宝' });
  expect(win.textContent).toContain('AWP | 巨龙传说');
  expect(win.textContent).toContain('中奖卡片 #5');
}

describe('my cards', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  it('/card/my lists my treasures with their cards, paid and status 1/2/3, and what I won', async () => {
    storeSession(TOKENS);
    const { requests } = serve();
    renderApp('/card/my');
    expect(await screen.findByRole('heading', { name: '我的卡片', level: 1 })).toBeTruthy();
    await expectMyCards();
    const asked = requests.map((r) => r.url.pathname.replace(/^\/api/, ''));
    expect(asked).toContain(TREASURE_PATHS.myCards);
    expect(asked).toContain(TREASURE_PATHS.reward);
  });

  it('/userinfo/card shows the same inside the personal centre’s frame', async () => {
    storeSession(TOKENS);
    serve();
    renderApp('/userinfo/card');
    await expectMyCards();
    // The frame: the user centre's heading and the player's basic info card.
    expect(screen.getByRole('heading', { name: '用户中心', level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('开箱玩家').length).toBeGreaterThan(0));
  });
});
