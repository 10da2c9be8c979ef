import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { ADMIN_SIGN_IN_PATHS, type AdminSignInRewardsResponse } from '@kaixiang/shared/sign-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type MockHandler } from '../../../../test/mock-api.ts';
import { callsTo } from '../../test-fixtures.ts';
import { field, lastBody, NOW, openPromotions, rowOf } from './promotions-test-kit.ts';

/** The seeded table (docs/promotions/sign-in.md): 10 … 100 points, ¥0.50 on day 3, ¥1 on day 5, a bag on day 7. */
const REWARDS: AdminSignInRewardsResponse = {
  days: [10, 20, 30, 40, 50, 60, 100].map((points, i) => ({
    day: i + 1,
    points,
    coins: i === 2 ? 5_000 : i === 4 ? 10_000 : 0,
    bag_campaign_id: i === 6 ? 3 : null,
    bag_count: i === 6 ? 1 : 0,
    bag_ev: i === 6 ? 14_460 : 0,
    updated_at: NOW,
  })),
  cycle_cost: { points: 310, coins: 15_000, bags: 1, bag_ev: 14_460, coins_total: 29_460 },
  recent: [{ day: '2026-11-27', players: 321, points: 9_870, coins: 120_000, bags: 45 }],
};

const open = (overrides: Record<string, MockHandler> = {}) =>
  openPromotions({ [ADMIN_SIGN_IN_PATHS.rewards]: () => REWARDS, ...overrides });

describe('the promotions section: sign-in rewards', () => {
  it('lists the 7 days with their bags, what a full cycle costs and the last week’s sign-ins', async () => {
    open();
    fireEvent.click(await screen.findByRole('tab', { name: '签到奖励' }));
    const day7 = rowOf((await screen.findByText('第 7 天')).textContent ?? '');
    expect(day7.textContent).toContain('100');
    expect(day7.textContent).toContain('幸运福袋 × 1');
    expect(day7.textContent).toContain('¥1.44');
    expect(rowOf('第 3 天').textContent).toContain('¥0.50');
    expect(screen.getByTestId('sign-in-cycle-cost').textContent).toBe(
      '每位玩家签满一轮的成本：310 积分、1 个福袋；金币 + 福袋期望 = ¥1.50 + ¥1.44 = ¥2.94',
    );
    const recent = within(screen.getByRole('table', { name: '近 7 天的签到（北京时间）' }));
    expect(recent.getByRole('row', { name: /2026-11-27/ }).textContent).toBe('2026-11-273219870¥12.0045');
  });

  it('replaces the table with the exact body, checking a day that pays nothing first, and reads it again', async () => {
    const { requests } = open({ [ADMIN_SIGN_IN_PATHS.updateRewards]: () => REWARDS });
    fireEvent.click(await screen.findByRole('tab', { name: '签到奖励' }));
    await screen.findByText('第 7 天');
    const reads = callsTo(requests, ADMIN_SIGN_IN_PATHS.rewards).length;
    fireEvent.click(screen.getByRole('button', { name: '编辑奖励' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑签到奖励' });
    // Only grant campaigns are offered, as the API takes no other kind.
    const select = within(dialog).getByLabelText('第 1 天福袋活动');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['不送福袋', '#3 幸运福袋']);

    field(dialog, '第 1 天积分', '0');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorMessage('SIGN_IN_REWARD_EMPTY', 'zh-CN'));
    field(dialog, '第 1 天福袋活动', '3');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(errorMessage('SIGN_IN_BAG_CAMPAIGN', 'zh-CN'));
    expect(callsTo(requests, ADMIN_SIGN_IN_PATHS.updateRewards)).toHaveLength(0);

    field(dialog, '第 1 天福袋个数（0–10）', '2');
    field(dialog, '第 5 天金币（元）', '2.5');
    field(dialog, '原因（选填，记入操作日志）', '新手周');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_SIGN_IN_PATHS.updateRewards)).toEqual({
      days: [
        { day: 1, points: 0, coins: 0, bag_campaign_id: 3, bag_count: 2 },
        { day: 2, points: 20, coins: 0, bag_campaign_id: null, bag_count: 0 },
        { day: 3, points: 30, coins: 5_000, bag_campaign_id: null, bag_count: 0 },
        { day: 4, points: 40, coins: 0, bag_campaign_id: null, bag_count: 0 },
        { day: 5, points: 50, coins: 25_000, bag_campaign_id: null, bag_count: 0 },
        { day: 6, points: 60, coins: 0, bag_campaign_id: null, bag_count: 0 },
        { day: 7, points: 100, coins: 0, bag_campaign_id: 3, bag_count: 1 },
      ],
      reason: '新手周',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_SIGN_IN_PATHS.rewards).length).toBeGreaterThan(reads));
  });

  it('shows the server’s refusal in the dialog, which stays open', async () => {
    const { requests } = open({
      [ADMIN_SIGN_IN_PATHS.updateRewards]: () => fail(ERRORS.SIGN_IN_BAG_CAMPAIGN.code, '服务器：福袋活动已停用', 400),
    });
    fireEvent.click(await screen.findByRole('tab', { name: '签到奖励' }));
    await screen.findByText('第 7 天');
    fireEvent.click(screen.getByRole('button', { name: '编辑奖励' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑签到奖励' });
    field(dialog, '第 2 天积分', '1000001');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('第 2 天的积分须为 0 到 1000000 的整数');
    field(dialog, '第 2 天积分', '25');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('服务器：福袋活动已停用'));
    expect(lastBody(requests, ADMIN_SIGN_IN_PATHS.updateRewards).days[1]).toEqual({
      day: 2,
      points: 25,
      coins: 0,
      bag_campaign_id: null,
      bag_count: 0,
    });
    expect(screen.getByRole('dialog', { name: '编辑签到奖励' })).toBeTruthy();
  });
});
