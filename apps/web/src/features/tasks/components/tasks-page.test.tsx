import {
  TASK_NOTICE_EVENT,
  TASK_NOTICE_MS,
  TASK_PATHS,
  type TaskListResponse,
  type TaskView,
} from '@kaixiang/shared/tasks';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { APP_EVENTS } from '../../../lib/events.ts';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { fail, mockApi } from '../../../test/mock-api.ts';
import { renderApp, renderWithProviders } from '../../../test/render-app.tsx';
import { taskTexts } from '../texts.ts';
import TaskNoticeHost from './task-notice.tsx';

const NOW = Date.UTC(2026, 10, 21, 2, 0, 0);
const rewards = [
  { vip_min: 0, vip_max: 2, points: 10, coins: 0 },
  { vip_min: 3, vip_max: 10, points: 20, coins: 0 },
];
const task = (over: Partial<TaskView>): TaskView => ({
  task_id: 1,
  kind: 'open_box',
  name: '开启1个箱子',
  target: 1,
  progress: 0,
  done: false,
  claimed: false,
  reward: { points: 10, coins: 0 },
  rewards,
  ...over,
});
const list = (loggedIn: boolean, tasks: TaskView[]): TaskListResponse => ({
  day: '2026-11-21',
  reset_at: Date.UTC(2026, 10, 21, 16, 0, 0),
  system_time: NOW,
  logged_in: loggedIn,
  vip_level: 0,
  list: tasks,
});

describe('the daily tasks page (vipDailyTasks)', () => {
  it('lists today’s tasks with progress, the reward at the player’s level, and claims a completed one once', async () => {
    storeSession(TOKENS);
    let claimed = false;
    const { requests } = mockApi(
      accountHandlers({
        [TASK_PATHS.list]: () =>
          list(true, [
            task({ task_id: 1, progress: 1, done: true, claimed }),
            task({ task_id: 2, name: '开启5个箱子', target: 5, progress: 1, reward: { points: 30, coins: 0 } }),
            task({
              task_id: 6,
              kind: 'recharge',
              name: '今日充值50元',
              target: 500_000,
              progress: 100_000,
              reward: { points: 100, coins: 10_000 },
            }),
          ]),
        [TASK_PATHS.claim]: () => {
          claimed = true;
          return { task_id: 1, points: 10, coins: 0, point_balance: 10, money: 5_000 };
        },
      }),
    );
    renderApp('/vipDailyTasks');
    expect(await screen.findByRole('heading', { name: '每日任务', level: 1 })).toBeTruthy();
    const five = await screen.findByRole('progressbar', { name: '开启5个箱子' });
    expect(five.getAttribute('aria-valuenow')).toBe('1');
    expect(five.getAttribute('aria-valuetext')).toBe('进度 1/5');
    expect(screen.getByText('已充值 ¥10.00 / ¥50.00')).toBeTruthy();
    expect(screen.getByText('100 积分 + ¥1.00')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^距离任务重置 \d\d:\d\d:\d\d$/);
    // The box tasks lead to the boxes; the completed one has the claim button.
    const row = five.closest('li') as HTMLElement;
    expect(within(row).getByRole('link', { name: '去完成' }).getAttribute('href')).toBe('/');
    const claim = screen.getByRole('button', { name: '领取' });
    fireEvent.click(claim);
    fireEvent.click(claim);
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('领取成功：10 积分'));
    expect(await screen.findByText('已领取')).toBeTruthy();
    expect(requests.filter((r) => r.url.pathname === `/api${TASK_PATHS.claim}`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '领取' })).toBeNull();
  });

  it('shows the server’s refusal of a claim', async () => {
    storeSession(TOKENS);
    mockApi(
      accountHandlers({
        [TASK_PATHS.list]: () => list(true, [task({ progress: 1, done: true })]),
        [TASK_PATHS.claim]: () => fail(4822, '今日已领取该任务奖励', 409),
      }),
    );
    renderApp('/vipDailyTasks');
    fireEvent.click(await screen.findByRole('button', { name: '领取' }));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('今日已领取该任务奖励'));
  });

  it('signed out (the session ended on the page): the tasks and a sign-in prompt that opens the login', async () => {
    mockApi(accountHandlers({ [TASK_PATHS.list]: () => list(false, [task({})]) }));
    renderWithProviders(<TasksPageUnderTest />);
    expect(await screen.findByText('登录后即可领取任务奖励')).toBeTruthy();
    expect(screen.getByText('开启1个箱子')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '领取' })).toBeNull();
    const opened = vi.fn();
    window.addEventListener(APP_EVENTS.openLogin, opened);
    fireEvent.click(screen.getAllByRole('button', { name: '登录' })[0] as HTMLElement);
    window.removeEventListener(APP_EVENTS.openLogin, opened);
    expect(opened).toHaveBeenCalledOnce();
  });
});

import { TasksPage as TasksPageUnderTest } from './tasks-page.tsx';

describe('the task notice (join_notice_to_task)', () => {
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

  const push = (taskId: number, seq: number) =>
    act(() =>
      FakeWebSocket.latest().receive({
        type: TASK_NOTICE_EVENT,
        room: 'user:42',
        seq,
        data: {
          task_id: taskId,
          kind: 'open_box',
          names: { 'zh-CN': '开启1个箱子', 'zh-TW': '開啟1個箱子', 'en-US': 'Open 1 case' },
          day: '2026-11-21',
        },
      }),
    );

  it('shows the task’s name and a link to the tasks page for 3 s', async () => {
    storeSession(TOKENS);
    mockApi(accountHandlers());
    renderWithProviders(<TaskNoticeHost />);
    await waitFor(() => expect(taskTexts.has('zh-CN')).toBe(true));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    push(1, 1);
    const notice = screen.getByRole('status');
    expect(within(notice).getByText('任务完成')).toBeTruthy();
    expect(within(notice).getByText('开启1个箱子')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: '去领取' }).getAttribute('href')).toBe('/vipDailyTasks');
    act(() => vi.advanceTimersByTime(TASK_NOTICE_MS - 1));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is in the player’s language, and a second notice has its own 3 s', async () => {
    storeSession(TOKENS);
    mockApi(accountHandlers());
    await act(() => i18n.changeLanguage('en-US'));
    try {
      renderWithProviders(<TaskNoticeHost />);
      await waitFor(() => expect(taskTexts.has('en-US')).toBe(true));
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      push(1, 1);
      expect(screen.getByText('Task complete')).toBeTruthy();
      expect(screen.getByText('Open 1 case')).toBeTruthy();
      act(() => vi.advanceTimersByTime(2000));
      push(2, 2);
      act(() => vi.advanceTimersByTime(2000));
      expect(screen.queryByRole('status')).not.toBeNull();
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('status')).toBeNull();
    } finally {
      vi.useRealTimers();
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });
});
