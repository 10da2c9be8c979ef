import { BOARDS_EVENTS, REWARD_NOTICE_MS, type RewardNotice } from '@kaixiang/shared/boards';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { boardsTexts } from '../texts.ts';
import RewardNoticeHost from './reward-notice.tsx';

const notice = (o: Partial<RewardNotice> = {}): RewardNotice => ({
  board: 'cases',
  period_key: 'd:2026-11-28',
  title: '',
  title_zh_tw: '',
  title_en: '',
  rank: 2,
  score: 12_000_000,
  prize: 200_000,
  show_ms: REWARD_NOTICE_MS,
  ...o,
});

describe('the reward notice (ranking_reward_notice, act_pkpower_reward_notice)', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => {
    vi.useRealTimers();
    socket.stop();
  });

  const push = (type: string, data: RewardNotice, seq: number, room = 'user:42') =>
    act(() => FakeWebSocket.latest().receive({ type, room, seq, data }));

  async function mount(locale: 'zh-CN' | 'en-US' = 'zh-CN') {
    storeSession(TOKENS);
    mockApi(accountHandlers());
    renderWithProviders(<RewardNoticeHost />);
    await waitFor(() => expect(boardsTexts.has(locale)).toBe(true));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  }

  it('shows the board, rank and prize with a link to the board for 15 s', async () => {
    await mount();
    push(BOARDS_EVENTS.rankingRewardNotice, notice(), 1);
    const shown = screen.getByRole('status');
    expect(within(shown).getByText('恭喜获奖')).toBeTruthy();
    expect(within(shown).getByText('开箱榜 · 2026-11-28 日榜')).toBeTruthy();
    expect(within(shown).getByText('第 2 名')).toBeTruthy();
    expect(within(shown).getByText('奖励 ¥20.00 已到账')).toBeTruthy();
    expect(within(shown).getByRole('link', { name: '查看榜单' }).getAttribute('href')).toBe('/ranking');
    act(() => vi.advanceTimersByTime(REWARD_NOTICE_MS - 1));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('queues a second notice behind the first, each with its own time, and ignores other rooms', async () => {
    await mount();
    push(BOARDS_EVENTS.rankingRewardNotice, notice({ board: 'king_value', rank: 1, prize: 500_000 }), 1);
    push(BOARDS_EVENTS.pkPowerRewardNotice, notice({ board: 'pk_power', period_key: 'e:9', title: '周末PK战力赛' }), 2);
    act(() =>
      FakeWebSocket.latest().receive({ type: BOARDS_EVENTS.rankingRewardNotice, room: 'site', seq: 1, data: notice() }),
    );
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByText('开箱王 · 价值王 · 2026-11-28 日榜')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看榜单' }).getAttribute('href')).toBe('/vipUnpackingKing');
    act(() => vi.advanceTimersByTime(REWARD_NOTICE_MS));
    expect(screen.getByText('PK战力 · 周末PK战力赛')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看榜单' }).getAttribute('href')).toBe('/activity/pkPower');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is in the player’s language', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    try {
      await mount('en-US');
      push(BOARDS_EVENTS.rankingRewardNotice, notice({ period_key: 'w:2026-11-23', board: 'pk' }), 1);
      expect(screen.getByText('You won a prize')).toBeTruthy();
      expect(screen.getByText('Battle board · week from 2026-11-23')).toBeTruthy();
      expect(screen.getByText('¥20.00 credited')).toBeTruthy();
      // An activity's title in the reader's language.
      act(() => vi.advanceTimersByTime(REWARD_NOTICE_MS));
      push(
        BOARDS_EVENTS.pkPowerRewardNotice,
        notice({ board: 'pk_power', period_key: 'e:9', title: '周末PK战力赛', title_en: 'Weekend PK power' }),
        2,
      );
      expect(screen.getByText('PK power · Weekend PK power')).toBeTruthy();
    } finally {
      vi.useRealTimers();
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });
});
