import { ERRORS } from '@kaixiang/shared/errors';
import { SIGN_IN_PATHS, type SignInDay, type SignInInfoResponse } from '@kaixiang/shared/sign-in';
import type { Activity } from '@kaixiang/shared/site';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS, USER } from '../../../test/accounts-fixtures.ts';
import { fail, mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const DAY = 24 * 3_600_000;
const POINTS = [10, 20, 30, 40, 50, 60, 100];

function info(signedDays: number, signedToday: boolean, points: number): SignInInfoResponse {
  const cycleDay = signedToday ? signedDays : signedDays + 1;
  const days: SignInDay[] = POINTS.map((p, i) => ({
    day: i + 1,
    points: p,
    coins: i === 2 ? 5_000 : 0,
    bag_count: i === 6 ? 1 : 0,
    bag_name: i === 6 ? '幸运福袋' : '',
    state: i + 1 <= signedDays ? 'signed' : i + 1 === cycleDay ? 'today' : 'ahead',
  }));
  return {
    today: '2026-11-21',
    signed_today: signedToday,
    streak: signedDays,
    cycle_day: cycleDay,
    days,
    points,
    next_day_at: Date.now() + DAY,
    server_time: Date.now(),
  };
}

const activity = (o: Partial<Activity>): Activity => ({
  id: 2,
  title: '每日签到',
  img: '',
  path: '/activity/signIn',
  start_at: Date.now() - DAY,
  end_at: Date.now() + 300 * DAY,
  rules: '每天可签到一次，中断一天则从第1天重新开始。',
  state: 'running',
  ...o,
});

const ACTIVITIES = [
  activity({}),
  activity({ id: 3, title: '红包雨', path: '/userinfo/redPacket', rules: '每场每人限抢一次' }),
  activity({
    id: 5,
    title: '新春幸运玩家',
    path: '/newYearActivity',
    start_at: Date.now() + 30 * DAY,
    end_at: Date.now() + 46 * DAY,
    rules: '1/108 的机会',
    state: 'upcoming',
  }),
];

describe('the activity centre (vipActivity)', () => {
  it('lists running activities with their windows and rules, then the upcoming ones, each leading to its page', async () => {
    // vipActivity is behind the login guard (spec 1 §4).
    storeSession(TOKENS);
    mockApi(
      accountHandlers({
        [SITE_PATHS.activities]: () => ({ activities: ACTIVITIES }),
        [SIGN_IN_PATHS.info]: () => info(0, false, 0),
      }),
    );
    renderApp('/vipActivity');
    const running = await screen.findByRole('region', { name: '进行中' });
    const items = within(running).getAllByTestId('activity-item');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['每日签到', '红包雨']);
    expect(within(items[0]!).getByText('每天可签到一次，中断一天则从第1天重新开始。')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: '参加活动' }).getAttribute('href')).toBe('/activity/signIn');
    expect(within(items[0]!).getByText(/ 至 /)).toBeTruthy();
    const upcoming = screen.getByRole('region', { name: '即将开始' });
    const next = within(upcoming).getByTestId('activity-item');
    expect(within(next).getByRole('heading').textContent).toBe('新春幸运玩家');
    expect(within(next).getByText(/^\d{4}.* 开始$/)).toBeTruthy();
    // The sign-in calendar on top.
    expect(await screen.findAllByTestId('sign-in-day')).toHaveLength(7);
    // The footer stays on vipActivity (its path has no "/activity").
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('says plainly when no activity runs', async () => {
    storeSession(TOKENS);
    mockApi(accountHandlers({ [SITE_PATHS.activities]: () => ({ activities: [] }) }));
    renderApp('/vipActivity');
    expect(await screen.findByText('暂无进行中的活动')).toBeTruthy();
    expect(screen.queryByText('该功能暂未开放')).toBeNull();
  });
});

describe('the daily sign-in (/activity/signIn)', () => {
  it('asks a logged-out visitor to log in instead of showing a calendar', async () => {
    mockApi({ [SITE_PATHS.activities]: () => ({ activities: ACTIVITIES }) });
    renderApp('/activity/signIn');
    expect(await screen.findByText('登录后即可签到领积分')).toBeTruthy();
    expect(screen.queryByTestId('sign-in-day')).toBeNull();
  });

  it('shows the cycle, signs in once, and shows the new streak and points; the footer is hidden', async () => {
    storeSession(TOKENS);
    let state = info(2, false, 30);
    const { requests } = mockApi(
      accountHandlers({
        [SITE_PATHS.activities]: () => ({ activities: ACTIVITIES }),
        [SIGN_IN_PATHS.info]: () => state,
        [SIGN_IN_PATHS.sign]: () => {
          state = info(3, true, 60);
          return {
            today: '2026-11-21',
            cycle_day: 3,
            streak: 3,
            reward: state.days[2],
            points: 60,
            money: USER.money + 5_000,
          };
        },
      }),
    );
    renderApp('/activity/signIn');
    const days = await screen.findAllByTestId('sign-in-day');
    expect(days).toHaveLength(7);
    expect(days.map((d) => d.className.match(/is-(signed|today|ahead)/)?.[1])).toEqual([
      'signed',
      'signed',
      'today',
      'ahead',
      'ahead',
      'ahead',
      'ahead',
    ]);
    expect(within(days[2]!).getByText('0.50 金币')).toBeTruthy();
    expect(within(days[6]!).getByText('幸运福袋 ×1')).toBeTruthy();
    expect(within(days[6]!).getByText('大奖')).toBeTruthy();
    expect(screen.getByTestId('sign-in-streak').textContent).toBe('已连续签到 2 天');
    expect(screen.getByText('每天可签到一次，中断一天则从第1天重新开始。')).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '立即签到' }));
    expect(await screen.findByRole('button', { name: '今日已签到' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(screen.getByTestId('sign-in-streak').textContent).toBe('已连续签到 3 天'));
    expect(screen.getByTestId('sign-in-points').textContent).toBe('60');
    expect(requests.filter((r) => r.url.pathname.endsWith(SIGN_IN_PATHS.sign))).toHaveLength(1);
  });

  it('shows the server’s refusal when another tab signed in first, and the calendar follows', async () => {
    storeSession(TOKENS);
    let state = info(0, false, 0);
    mockApi(
      accountHandlers({
        [SIGN_IN_PATHS.info]: () => state,
        [SIGN_IN_PATHS.sign]: () => {
          state = info(1, true, 10);
          return fail(ERRORS.SIGN_IN_ALREADY.code, '今日已签到，明天再来吧', 409);
        },
      }),
    );
    renderApp('/activity/signIn');
    fireEvent.click(await screen.findByRole('button', { name: '立即签到' }));
    expect(await screen.findByText('今日已签到，明天再来吧')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '今日已签到' })).toBeTruthy();
  });
});
