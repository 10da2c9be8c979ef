import { PROMOTION_PATHS, type RankingEntry } from '@kaixiang/shared/promotion';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { InviteRecharges } from './invite-recharges.tsx';
import { PickupRankingDialog } from './pickup-ranking-dialog.tsx';

const entry = (rank: number): RankingEntry => ({
  rank,
  user_id: rank,
  user_avatar: '',
  user_nick_name: `玩家${rank}`,
  vip_level: rank === 1 ? 10 : 0,
  list_item: { item_id: 7, name: 'AK-47 | 红线', img: '', quality: 5, price: 500_000 },
  list_price: (11 - rank) * 1_000_000,
});

describe('pickup ranking dialog', () => {
  it('shows today first, 10 rows, prizes for the top 3 only; yesterday on its tab', async () => {
    const { requests } = mockApi({
      [PROMOTION_PATHS.pickupRanking]: (req) => ({
        list: req.url.searchParams.get('list_type') === '1' ? Array.from({ length: 10 }, (_, i) => entry(i + 1)) : [],
        reward_info: { reward_a: 880_000, reward_b: 380_000, reward_c: 180_000 },
        day: req.url.searchParams.get('list_type') === '1' ? '2026-11-22' : '2026-11-21',
      }),
    });
    renderWithProviders(<PickupRankingDialog open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '拾取排行榜' });
    await within(dialog).findByText('玩家1');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    const prize = (i: number) => rows[i]?.querySelectorAll('td')[4]?.textContent;
    expect([prize(0), prize(1), prize(2), prize(3)]).toEqual(['¥88.00', '¥38.00', '¥18.00', '']);
    expect(rows[0]?.querySelectorAll('td')[3]?.textContent).toBe('¥1000.00');
    // Each name carries its VIP badge; level 0 shows too, as in the header.
    const badgeOf = (row: Element | undefined) => row?.querySelector('.vip-badge');
    expect([badgeOf(rows[0])?.textContent, badgeOf(rows[0])?.getAttribute('data-level')]).toEqual(['VIP10', '10']);
    expect([badgeOf(rows[1])?.textContent, badgeOf(rows[1])?.getAttribute('data-level')]).toEqual(['VIP0', '0']);
    expect(within(dialog).getByText('2026-11-22')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('tab', { name: '昨日' }));
    expect(await within(dialog).findByText('暂无上榜玩家')).toBeTruthy();
    expect(requests.map((r) => r.url.searchParams.get('list_type'))).toEqual(['1', '2']);
  });
});

describe('invite recharges', () => {
  it('lists invitees’ top-ups with my rebate and the totals', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(
      accountHandlers({
        [PROMOTION_PATHS.inviteRecharge]: () => ({
          list: [
            {
              user_id: 7,
              nick_name: '小明',
              vip_level: 2,
              avatar: '',
              order_sn: 'KX1',
              recharge_amount: 1_000_000,
              rebate: 50_000,
              created_at: 1_763_700_000_000,
            },
          ],
          total: 1,
          total_recharge: 1_000_000,
          total_rebate: 50_000,
          rebate_rate_bp: 500,
        }),
      }),
    );
    renderWithProviders(<InviteRecharges />);
    const row = (await screen.findByText('小明')).closest('tr') as HTMLElement;
    expect(
      Array.from(row.querySelectorAll('td'))
        .map((td) => td.textContent)
        .slice(0, 4),
    ).toEqual([expect.stringContaining('小明'), 'KX1', '¥100.00', '¥5.00']);
    expect(within(row).getByText('VIP2').getAttribute('data-level')).toBe('2');
    expect(screen.getByText('当前返利比例 5%')).toBeTruthy();
    expect(screen.getByText('累计返利').textContent).toBe('累计返利 ¥5.00');
    await waitFor(() =>
      expect(
        requests.find((r) => r.url.pathname === `/api${PROMOTION_PATHS.inviteRecharge}`)?.url.searchParams.get('page'),
      ).toBe('1'),
    );
  });
});
