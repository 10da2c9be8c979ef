import { ADMIN_TASK_PATHS, type AdminTask } from '@kaixiang/shared/admin-tasks';
import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type MockHandler } from '../../../../test/mock-api.ts';
import { callsTo } from '../../test-fixtures.ts';
import { field, lastBody, openPromotions, rowOf } from './promotions-test-kit.ts';

const task = (id: number, over: Partial<AdminTask> = {}): AdminTask => ({
  id,
  slug: `task-${id}`,
  kind: 'open_box',
  name_zh_cn: '开箱 5 次',
  name_zh_tw: '開箱 5 次',
  name_en: 'Open 5 boxes',
  target: 5,
  sort: 10,
  enabled: true,
  rewards: [
    { vip_min: 0, vip_max: 4, points: 20, coins: 0 },
    { vip_min: 5, vip_max: 10, points: 50, coins: 5_000 },
  ],
  claims_7d: 140,
  claim_rate_ppm: 123_456,
  max_points_per_player: 26.5,
  max_coins_per_player: 1_234.5,
  expected_points_per_player: 3.27,
  expected_coins_per_player: 152.4,
  ...over,
});

const LIST = {
  active_players: 1_500,
  list: [task(1), task(2, { kind: 'recharge', name_zh_cn: '充值满 50 元', target: 500_000, enabled: false })],
  expected_points_per_player: 3.27,
  expected_coins_per_player: 152.4,
};

const open = (overrides: Record<string, MockHandler> = {}) =>
  openPromotions({ [ADMIN_TASK_PATHS.list]: () => LIST, ...overrides });

async function openTab() {
  fireEvent.click(await screen.findByRole('tab', { name: '每日任务' }));
  await screen.findByText('开箱 5 次 / 開箱 5 次 / Open 5 boxes');
}

describe('the promotions section: daily tasks', () => {
  it('lists the tasks with their targets, rewards by level, claims and cost per active player', async () => {
    open();
    await openTab();
    const box = rowOf('Open 5 boxes');
    expect(box.textContent).toContain('开箱× 5');
    expect(box.textContent).toContain('VIP 0–4： 20 积分 + ¥0.00');
    expect(box.textContent).toContain('VIP 5–10： 50 积分 + ¥0.50');
    expect(box.textContent).toContain('140 次（日均领取率 12.3%）');
    expect(box.textContent).toContain('3.3 积分 + ¥0.01');
    expect(box.textContent).toContain('全员领取： 26.5 积分 + ¥0.12');
    expect(within(box).getByText('已启用')).toBeTruthy();
    const recharge = rowOf('充值满 50 元');
    expect(recharge.textContent).toContain('充值¥50.00');
    expect(within(recharge).getByText('已停用')).toBeTruthy();
    expect(screen.getByTestId('tasks-total').textContent).toBe(
      '近 7 天活跃玩家 1500 人；已启用任务每人每天的期望成本： 3.3 积分 + ¥0.01',
    );
  });

  it('creates a recharge task with the exact body, refusing overlapping ranges first, and reads the list again', async () => {
    const { requests } = open({ [ADMIN_TASK_PATHS.create]: () => task(3) });
    await openTab();
    const reads = callsTo(requests, ADMIN_TASK_PATHS.list).length;
    fireEvent.click(screen.getByRole('button', { name: '新建任务' }));
    const dialog = await screen.findByRole('dialog', { name: '新建任务' });
    field(dialog, '任务类型（建后不可改）', 'recharge');
    field(dialog, '简体中文名称', '充值满 100 元');
    field(dialog, '英文名称', 'Recharge ¥100');
    field(dialog, '目标充值金额（元）', '100');
    field(dialog, '第 1 档最高 VIP', '5');
    field(dialog, '第 1 档积分', '30');
    fireEvent.click(within(dialog).getByRole('button', { name: '加一档' }));
    field(dialog, '第 2 档最低 VIP', '5');
    field(dialog, '第 2 档最高 VIP', '10');
    field(dialog, '第 2 档金币（元）', '1.5');
    // Level 5 is in both ranges: the server's own sentence, before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorMessage('TASK_REWARD_RANGES', 'zh-CN'));
    expect(callsTo(requests, ADMIN_TASK_PATHS.create)).toHaveLength(0);
    field(dialog, '第 2 档最低 VIP', '6');
    field(dialog, '原因（选填，记入操作日志）', '双十二');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_TASK_PATHS.create)).toEqual({
      kind: 'recharge',
      name_zh_cn: '充值满 100 元',
      name_zh_tw: '',
      name_en: 'Recharge ¥100',
      target: 1_000_000,
      sort: 0,
      enabled: true,
      rewards: [
        { vip_min: 0, vip_max: 5, points: 30, coins: 0 },
        { vip_min: 6, vip_max: 10, points: 0, coins: 15_000 },
      ],
      reason: '双十二',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_TASK_PATHS.list).length).toBeGreaterThan(reads));
  });

  it('edits a task with its kind fixed, and shows the server’s refusal in the dialog', async () => {
    const { requests } = open({
      [ADMIN_TASK_PATHS.update]: () => fail(ERRORS.TASK_NOT_FOUND.code, '任务不存在', 404),
    });
    await openTab();
    fireEvent.click(within(rowOf('Open 5 boxes')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑任务 #1' });
    expect((within(dialog).getByLabelText('任务类型（建后不可改）') as HTMLSelectElement).disabled).toBe(true);
    field(dialog, '目标次数', '0');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('目标须为大于 0 的整数（充值为大于 0 的金额）');
    field(dialog, '目标次数', '8');
    fireEvent.click(within(dialog).getByLabelText('启用'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('任务不存在'));
    expect(lastBody(requests, ADMIN_TASK_PATHS.update)).toEqual({
      id: 1,
      name_zh_cn: '开箱 5 次',
      name_zh_tw: '開箱 5 次',
      name_en: 'Open 5 boxes',
      target: 8,
      sort: 10,
      enabled: false,
      rewards: [
        { vip_min: 0, vip_max: 4, points: 20, coins: 0 },
        { vip_min: 5, vip_max: 10, points: 50, coins: 5_000 },
      ],
      reason: '',
    });
    expect(screen.getByRole('dialog', { name: '编辑任务 #1' })).toBeTruthy();
  });
});
