import {
  BOARDS_EVENTS,
  BOARDS_PATHS,
  type BoardRow,
  type BoardView,
  type KingRow,
  type KingView,
  type PkPowerView,
} from '@kaixiang/shared/boards';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { KingPage } from './king-page.tsx';
import { PkPowerPage } from './pk-power-page.tsx';
import { RoyalPage } from './royal-page.tsx';

const HOUR = 3_600_000;

const row = (rank: number, o: Partial<BoardRow> = {}): BoardRow => ({
  user_id: 100 + rank,
  nick_name: `玩家${rank}`,
  avatar: '',
  vip_level: rank,
  rank,
  score: 1_000_000 * (11 - rank),
  plays: 20 - rank,
  prize: rank <= 3 ? 100_000 * (4 - rank) : 0,
  ...o,
});

const royal = (o: Partial<BoardView> = {}): BoardView => ({
  board: 'pk',
  period_key: 'd:2026-11-28',
  starts_at: Date.now() - HOUR,
  ends_at: Date.now() + 2 * HOUR,
  enabled: true,
  prizes: [300_000, 200_000, 100_000],
  closed: false,
  list: [row(1), row(2), row(3), row(4)],
  me: { rank: null, score: 25_000, plays: 1 },
  now: Date.now(),
  ...o,
});

function setup(handlers: Record<string, MockHandler>, ui: React.ReactNode, signedIn = true) {
  if (signedIn) storeSession(TOKENS);
  const api = mockApi(accountHandlers(handlers));
  renderWithProviders(ui);
  return api;
}

const sent = (requests: { url: URL }[], path: string) =>
  requests.filter((r) => r.url.pathname === `/api${path}`).map((r) => Object.fromEntries(r.url.searchParams));

describe('royal ranking (王者排行)', () => {
  it('counts down on the server’s clock, not the reader’s', async () => {
    // The reader's clock is three hours behind the server's: the period ends two hours from the server's now.
    const serverNow = Date.now() + 3 * HOUR;
    setup({ [BOARDS_PATHS.royal]: () => royal({ now: serverNow, ends_at: serverNow + 2 * HOUR }) }, <RoyalPage />);
    await screen.findByRole('table', { name: '对战榜' });
    expect(screen.getByTestId('boards-countdown').textContent).toMatch(/^0[12]:\d\d:\d\d$/);
  });

  it('shows the top rows with their scores, plays and prizes, the viewer’s standing and the countdown', async () => {
    setup({ [BOARDS_PATHS.royal]: () => royal() }, <RoyalPage />);
    const table = await screen.findByRole('table', { name: '对战榜' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[1] as HTMLElement).getByText('玩家1')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('¥1000.00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('¥30.00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('VIP1')).toBeTruthy();
    expect((rows[1] as HTMLElement).className).toContain('is-rank-1');
    expect(within(rows[4] as HTMLElement).getByText('—')).toBeTruthy();
    const me = screen.getByTestId('boards-me');
    expect(within(me).getByText('未上榜')).toBeTruthy();
    expect(within(me).getByText('¥2.50')).toBeTruthy();
    expect(screen.getByTestId('boards-countdown').textContent).toMatch(/^0[12]:\d\d:\d\d$/);
  });

  it('asks for the board, period and previous period the player picks, and says when a period was paid', async () => {
    const { requests } = setup(
      { [BOARDS_PATHS.royal]: (req) => royal({ closed: req.url.searchParams.get('back') === '1', list: [] }) },
      <RoyalPage />,
    );
    fireEvent.click(await screen.findByRole('tab', { name: '开箱榜' }));
    fireEvent.click(screen.getByRole('tab', { name: '周榜' }));
    fireEvent.click(screen.getByRole('tab', { name: '上周' }));
    expect(await screen.findByText('已结算')).toBeTruthy();
    expect(screen.getByText('本期还没有人上榜')).toBeTruthy();
    await waitFor(() =>
      expect(sent(requests, BOARDS_PATHS.royal).at(-1)).toEqual({ board: 'cases', period: 'week', back: '1' }),
    );
  });

  it('reads the board again every few seconds, so a new score shows without a reload', async () => {
    let score = 1_000_000;
    setup({ [BOARDS_PATHS.royal]: () => royal({ list: [row(1, { score })] }) }, <RoyalPage />);
    expect(await screen.findByText('¥100.00')).toBeTruthy();
    score = 2_000_000;
    expect(await screen.findByText('¥200.00', {}, { timeout: 7_000 })).toBeTruthy();
  }, 10_000);

  it('is in English for an English reader, with a sign-in for a guest', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    try {
      setup({ [BOARDS_PATHS.royal]: () => royal({ me: null }) }, <RoyalPage />, false);
      expect(await screen.findByRole('heading', { name: 'Royal ranking' })).toBeTruthy();
      const table = await screen.findByRole('table', { name: 'Battles' });
      expect(within(table).getByText('Battle total')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Sign in to see your rank' })).toBeTruthy();
      expect(screen.getByText('Ends in')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });
});

const kingRow = (rank: number, o: Partial<KingRow> = {}): KingRow => ({
  ...row(rank),
  item: { item_id: 7, name: `AK-47 | 红线 ${rank}`, img: '', quality: 5, price: 5_000_000 },
  box: { box_id: 3, name: '新手箱', img: '', price: 400_000 },
  multiple_bp: 125_000,
  opened_at: Date.now() - HOUR,
  ...o,
});

const king = (): KingView => {
  const base = { ...royal(), board: 'king_value' };
  return {
    period_key: 'd:2026-11-28',
    starts_at: base.starts_at,
    ends_at: base.ends_at,
    by_value: { ...base, list: [kingRow(1, { score: 5_000_000 }), kingRow(2, { score: 1_000_000 })] },
    by_multiple: { ...base, board: 'king_multiple', list: [], me: { rank: 4, score: 32_500, plays: 1 } },
    now: base.now,
  };
};

describe('unpacking king (开箱王)', () => {
  it('crowns the best opening large with its item, box, multiple and player, the others below', async () => {
    const { requests } = setup({ [BOARDS_PATHS.king]: () => king() }, <KingPage />);
    const value = await screen.findByTestId('king-king_value');
    const hero = within(value).getByTestId('king-hero');
    expect(within(hero).getByText('AK-47 | 红线 1')).toBeTruthy();
    expect(within(hero).getByText('箱子 新手箱（¥40.00）')).toBeTruthy();
    expect(within(hero).getByText('12.5×')).toBeTruthy();
    expect(within(hero).getByText('玩家1')).toBeTruthy();
    expect(within(hero).getByText('奖励 ¥30.00')).toBeTruthy();
    expect(within(within(value).getByRole('table')).getByText('玩家2')).toBeTruthy();
    const multiple = screen.getByTestId('king-king_multiple');
    expect(within(multiple).getByText('今天还没有人开出饰品，快去开箱成为开箱王')).toBeTruthy();
    expect(within(within(multiple).getByTestId('boards-me')).getByText('3.25×')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '昨日' }));
    await waitFor(() => expect(sent(requests, BOARDS_PATHS.king).at(-1)).toEqual({ back: '1' }));
  });

  it('reads the kings again at once when the server says a crown changed', async () => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
    try {
      let crowned = king();
      const { requests } = setup({ [BOARDS_PATHS.king]: () => crowned }, <KingPage />);
      await screen.findByTestId('king-king_value');
      const reads = sent(requests, BOARDS_PATHS.king).length;
      crowned = {
        ...crowned,
        by_value: { ...crowned.by_value, list: [kingRow(1, { nick_name: '新王', score: 9_000_000 })] },
      };
      act(() =>
        FakeWebSocket.latest().receive({
          type: BOARDS_EVENTS.kingChange,
          room: 'site',
          seq: 1,
          data: { period_key: 'd:2026-11-28' },
        }),
      );
      const hero = await screen.findByText('新王');
      expect(hero).toBeTruthy();
      expect(sent(requests, BOARDS_PATHS.king).length).toBe(reads + 1);
    } finally {
      socket.stop();
    }
  });

  it('is in traditional Chinese for a zh-TW reader', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      setup({ [BOARDS_PATHS.king]: () => king() }, <KingPage />);
      expect(await screen.findByRole('heading', { name: '價值王' })).toBeTruthy();
      expect(screen.getByText('箱子 新手箱（¥40.00）')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });
});

const pkView = (o: Partial<PkPowerView> = {}): PkPowerView => ({
  event: {
    id: 9,
    title: '周末PK战力赛',
    starts_at: Date.now() - HOUR,
    ends_at: Date.now() + 26 * HOUR,
    create_power: 10,
    win_power: 30,
    prizes: [500_000, 200_000],
    state: 'running',
    closed: false,
  },
  list: [row(1, { score: 1_230 })],
  me: { rank: 1, score: 1_230, plays: 5 },
  now: Date.now(),
  ...o,
});

describe('PK power (PK战力)', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  it('shows the activity, its powers and prizes, its board, and the rooms created as they come', async () => {
    setup({ [BOARDS_PATHS.pkPower]: () => pkView() }, <PkPowerPage />);
    const event = await screen.findByTestId('pk-event');
    expect(within(event).getByText('周末PK战力赛')).toBeTruthy();
    expect(within(event).getByText('进行中')).toBeTruthy();
    expect(within(event).getByText('创建对战 +10 战力')).toBeTruthy();
    expect(within(event).getByText('赢得对战 +30 战力')).toBeTruthy();
    expect(within(event).getByText('¥50.00')).toBeTruthy();
    expect(within(event).getByTestId('boards-countdown').textContent).toMatch(/^1天 0[12]:\d\d:\d\d$/);
    expect(within(screen.getByRole('table', { name: 'PK战力' })).getByText('1,230')).toBeTruthy();
    expect(screen.getByText('活动进行中创建对战房间的玩家会显示在这里')).toBeTruthy();
    const push = (eventId: number, seq: number) =>
      act(() =>
        FakeWebSocket.latest().receive({
          type: BOARDS_EVENTS.pkPowerCreateRoom,
          room: 'site',
          seq,
          data: { event_id: eventId, room_id: 555, user_id: 7, nick_name: '小明', avatar: '', power: 10 },
        }),
      );
    push(8, 1); // another activity's broadcast is not this one's
    expect(screen.queryByTestId('pk-live-entry')).toBeNull();
    push(9, 2);
    const entry = await screen.findByTestId('pk-live-entry');
    expect(within(entry).getByText('小明 创建了对战房间 +10 战力')).toBeTruthy();
    expect(within(entry).getByRole('link', { name: '去看看' }).getAttribute('href')).toBe('/battle/details?roomID=555');
  });

  it('says plainly when there is no activity, with no rows', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    try {
      setup({ [BOARDS_PATHS.pkPower]: () => pkView({ event: null, list: [], me: null }) }, <PkPowerPage />);
      expect(await screen.findByText('No PK power activity right now')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });
});
