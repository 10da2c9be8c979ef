import { LUCKY_PATHS, type LuckyActivityResponse, type LuckyPlayersResponse } from '@kaixiang/shared/lucky';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const HOUR = 3_600_000;

function activity(over: Partial<LuckyActivityResponse>): LuckyActivityResponse {
  return { current: null, next: null, odds: 108, system_time: Date.now(), ...over };
}

const PLAYERS: LuckyPlayersResponse = {
  window_id: 3,
  total: 2,
  list: [
    {
      id: 12,
      user_id: 7,
      nick_name: '好运连连',
      avatar: '',
      box_id: 5,
      box_name: '幸运箱',
      award: 88_800,
      created_at: Date.now() - 60_000,
    },
    {
      id: 11,
      user_id: 8,
      nick_name: '开箱达人',
      avatar: '',
      box_id: 6,
      box_name: '手枪箱',
      award: 88_800,
      created_at: Date.now() - 120_000,
    },
  ],
};

describe('/newYearActivity', () => {
  it('during a window shows the award, the odds 1/108, the time left and the lucky players, latest first', async () => {
    const now = Date.now();
    mockApi({
      [LUCKY_PATHS.activity]: () =>
        activity({ current: { id: 3, start_time: now - HOUR, end_time: now + 2 * HOUR, award: 88_800 } }),
      [LUCKY_PATHS.players]: () => PLAYERS,
    });
    renderApp('/newYearActivity');
    const hero = await screen.findByTestId('lucky-window');
    expect(within(hero).getByRole('heading', { name: '活动进行中' })).toBeTruthy();
    expect(within(hero).getByText('1/108')).toBeTruthy();
    expect(within(hero).getByText('8.88')).toBeTruthy();
    expect(within(hero).getByRole('timer').textContent).toMatch(/^0[12]:\d\d:\d\d$/);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('.lucky-table__player > span:last-child')?.textContent)).toEqual([
      '好运连连',
      '开箱达人',
    ]);
    expect(within(rows[0]!).getByText('幸运箱')).toBeTruthy();
    // Not a path with "/activity" in it: the footer stays (spec 1 §2).
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('outside a window says when the next one is, in the reader’s language', async () => {
    const start = Date.UTC(2027, 1, 4, 16, 0, 0);
    mockApi({
      [LUCKY_PATHS.activity]: () =>
        activity({ next: { id: 4, start_time: start, end_time: start + 16 * 24 * HOUR, award: 88_800 } }),
      [LUCKY_PATHS.players]: () => ({ window_id: null, list: [], total: 0 }),
    });
    renderApp('/newYearActivity');
    const hero = await screen.findByTestId('lucky-window');
    expect(within(hero).getByRole('heading', { name: '活动暂未开始' })).toBeTruthy();
    expect(within(hero).getByText(/^下一期：2027/)).toBeTruthy();
    expect(within(hero).getByText('距开始')).toBeTruthy();
    expect(within(hero).getByRole('timer').textContent).toMatch(/^\d+天 \d\d:\d\d:\d\d$/);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when none is scheduled', async () => {
    mockApi({
      [LUCKY_PATHS.activity]: () => activity({}),
      [LUCKY_PATHS.players]: () => ({ window_id: null, list: [], total: 0 }),
    });
    renderApp('/newYearActivity');
    expect(await screen.findByText('暂无安排的幸运玩家活动，敬请关注')).toBeTruthy();
    expect(screen.queryByText('该功能暂未开放')).toBeNull();
  });
});
