import {
  ADMIN_DASHBOARD_PATHS,
  DASHBOARD_GAMES,
  type DashboardDay,
  type DashboardResponse,
} from '@kaixiang/shared/admin-dashboard';
import type { RtpFigures } from '@kaixiang/shared/transparency';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../../lib/session.ts';
import { TOKENS } from '../../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { callsTo, consoleHandlers, FINANCE, liveSession } from '../../test-fixtures.ts';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 21, 8, 0, 0);

const day = (d: string, over: Partial<DashboardDay> = {}): DashboardDay => ({
  day: d,
  live: false,
  deposits: { n: 0, amount: 0 },
  new_players: 0,
  active_players: 0,
  games: DASHBOARD_GAMES.map((game) => ({ game, n: 0, turnover: 0, won: 0 })),
  ggr: 0,
  ...over,
});

const figures = (over: Partial<RtpFigures> = {}): RtpFigures => ({
  n: 1200,
  paid: 12_000_000,
  won: 11_400_000,
  realised_rtp: 0.95,
  published_rtp: 0.92,
  expected: 11_040_000,
  range: { low: 0.9, high: 0.94 },
  inside: false,
  ...over,
});

/** Test data only: two past days (the 19th missing, as if the rollup had not reached it) and today. */
const DASHBOARD: DashboardResponse = {
  computed_at: NOW,
  from_day: '2026-11-18',
  days: [
    day('2026-11-18', { deposits: { n: 3, amount: 300_000 }, ggr: 50_000 }),
    day('2026-11-20', {
      deposits: { n: 2, amount: 80_000 },
      new_players: 4,
      active_players: 10,
      games: DASHBOARD_GAMES.map((game) => ({ game, n: 2, turnover: 20_000, won: 23_000 })),
      ggr: -15_000,
    }),
    day('2026-11-21', {
      live: true,
      deposits: { n: 4, amount: 160_000 },
      new_players: 4,
      active_players: 5,
      games: DASHBOARD_GAMES.map((game) =>
        game === 'box' ? { game, n: 7, turnover: 70_000, won: 50_000 } : { game, n: 0, turnover: 0, won: 0 },
      ),
      ggr: 20_000,
    }),
  ],
  channels: [
    { pay_mode: 'alipay', today: { created: 4, paid: 2 }, window: { created: 10, paid: 9 } },
    { pay_mode: 'wechat', today: { created: 0, paid: 0 }, window: { created: 3, paid: 3 } },
  ],
  rtp: {
    computed_at: NOW - HOUR,
    window_start: NOW - HOUR - 30 * 86_400_000,
    window_days: 30,
    sigmas: 3,
    free_openings_excluded: 0,
    boxes: [
      {
        ...figures({ inside: true, realised_rtp: 0.91 }),
        box_id: 5,
        name: '千瓦武器箱',
        img: '',
        fallback_img: '',
        price: 100_000,
      },
    ],
    games: [{ ...figures(), game: 'upgrade', jackpot: null }],
  },
  retrievals: {
    by_state: { pending: 3, accepted: 40, declined: 2, failed: 1, expired: 0 },
    oldest_pending_at: NOW - 3 * HOUR - 20 * 60_000,
    failures_24h: 1,
  },
};

function open(overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(
    consoleHandlers(
      { ...FINANCE, ...liveSession() },
      { [ADMIN_DASHBOARD_PATHS.overview]: () => DASHBOARD, ...overrides },
    ),
  );
  return { ...api, ...renderApp('/admin') };
}

const tile = (label: string) => screen.getByText(label, { selector: '.adm-dash-tile__label' }).closest('li')!;

describe('the dashboard', () => {
  it('is the first section: /admin opens it, and asks the server for the figures', async () => {
    const { router, requests } = open();
    await screen.findByRole('heading', { name: '总览' });
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    await waitFor(() => expect(callsTo(requests, ADMIN_DASHBOARD_PATHS.overview)).toHaveLength(1));
  });

  it('shows today’s tiles with the change against yesterday', async () => {
    open();
    await screen.findByText('充值金额', { selector: '.adm-dash-tile__label' });
    expect(tile('充值金额').textContent).toContain('¥16.00');
    expect(tile('充值金额').textContent).toContain('较昨日 +100.0%');
    expect(tile('活跃玩家').textContent).toContain('较昨日 -50.0%');
    expect(tile('开箱次数').textContent).toContain('7');
    expect(tile('毛利（GGR）').textContent).toContain('¥2.00');
    // Yesterday's GGR was negative: the change is measured against its size.
    expect(tile('毛利（GGR）').textContent).toContain('较昨日 +233.3%');
  });

  it('draws the 30 days as charts, with a gap where the rollup has no day', async () => {
    open();
    const deposits = await screen.findByRole('img', { name: '近 30 天充值' });
    // One bar per day with deposits: the 18th, the 20th and today; the 19th has none.
    const bars = deposits.querySelectorAll('rect');
    expect([...bars].map((b) => b.querySelector('title')?.textContent)).toEqual([
      '2026-11-18 充值金额: ¥30',
      '2026-11-20 充值金额: ¥8',
      '2026-11-21 充值金额: ¥16',
    ]);
    const ggr = screen.getByRole('img', { name: '近 30 天毛利（GGR）' });
    expect(ggr.textContent).toContain('2026-11-20 毛利（GGR）: ¥-1');
    expect(screen.getByRole('img', { name: '近 30 天各玩法流水' })).toBeTruthy();
    const players = screen.getByRole('img', { name: '近 30 天新增与活跃玩家' });
    // Two lines (active, new), each broken at the missing day: the 18th alone, then the 20th–21st.
    expect(players.querySelectorAll('polyline')).toHaveLength(2);
    expect(players.querySelectorAll('circle')).toHaveLength(6);
  });

  it('lists realised against published RTP with the range chance allows', async () => {
    open();
    const table = (await screen.findByText('近 30 天实际返奖率')).closest('.adm-card') as HTMLElement;
    const upgrade = within(table)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('升级'))!;
    expect(upgrade.textContent).toContain('95.00%');
    expect(upgrade.textContent).toContain('92.00%');
    expect(upgrade.textContent).toContain('90.00% – 94.00%');
    expect(upgrade.textContent).toContain('超出区间');
    const box = within(table)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('千瓦武器箱'))!;
    expect(box.textContent).toContain('区间内');
  });

  it('shows the retrieval queue’s health and each channel’s success rate', async () => {
    open();
    const queue = (await screen.findByText('取回队列')).closest('.adm-card') as HTMLElement;
    expect(queue.textContent).toContain('3 小时 20 分');
    expect(queue.textContent).toContain('24 小时内失败1');
    const channels = screen.getByText('支付渠道成功率').closest('.adm-card') as HTMLElement;
    const alipay = within(channels)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('alipay'))!;
    expect(alipay.textContent).toContain('50.00%');
    expect(alipay.textContent).toContain('90.00%');
    const wechat = within(channels)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('wechat'))!;
    expect(wechat.textContent).toContain('—');
  });

  it('says so, with a retry, when the figures cannot be read', async () => {
    open({ [ADMIN_DASHBOARD_PATHS.overview]: () => fail(5000, '服务器繁忙', 500) });
    expect(await screen.findByText('总览加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
