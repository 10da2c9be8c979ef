import { CUP_PATHS, type CupFixture, type CupView } from '@kaixiang/shared/cup';
import { ERRORS } from '@kaixiang/shared/errors';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { APP_EVENTS } from '../../../lib/events.ts';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS, USER } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { CupPage } from './cup-page.tsx';

const DAY = 86_400_000;
const base = new Date(2030, 5, 12, 20, 0).getTime();

const fixture = (o: Partial<CupFixture>): CupFixture => ({
  id: 1,
  stage: '小组赛 A组',
  home: { name: '巴西', flag: '🇧🇷' },
  away: { name: '德国', flag: 'https://flags.example/de.png' },
  kickoff_at: base,
  odds: { home: 23_500, draw: 31_000, away: 28_000 },
  max_stake: 1_000,
  result: null,
  state: 'open',
  picks: { home: 0, draw: 0, away: 0 },
  mine: null,
  ...o,
});

const FIXTURES = [
  fixture({}),
  fixture({
    id: 2,
    home: { name: '阿根廷', flag: '' },
    away: { name: '法国', flag: '' },
    odds: { home: 19_000, draw: null, away: 40_000 },
  }),
  fixture({
    id: 3,
    kickoff_at: base - DAY,
    state: 'settled',
    result: 'home',
    picks: { home: 12, draw: 3, away: 5 },
    mine: {
      id: 77,
      fixture_id: 3,
      pick: 'home',
      stake: 100,
      odds_bp: 23_500,
      payout: 235,
      status: 'won',
      created_at: base - 2 * DAY,
    },
  }),
];

const view = (o: Partial<CupView> = {}): CupView => ({
  tournaments: [
    { id: 1, title: '2030 世界杯', state: 'open' },
    { id: 2, title: '欧洲杯', state: 'open' },
  ],
  tournament: { id: 1, title: '2030 世界杯', state: 'open', rules: '每场比赛每人限猜一次。' },
  fixtures: FIXTURES,
  board: [{ user_id: 5, nick_name: '预言家', avatar: '', vip_level: 3, rank: 1, score: 2_350, plays: 4, prize: 0 }],
  me: { rank: null, score: 0, plays: 0 },
  ...o,
});

function setup(overrides: Record<string, MockHandler> = {}, signedIn = true) {
  if (signedIn) storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [CUP_PATHS.info]: () => view(),
      ...overrides,
    }),
  );
  const rendered = renderWithProviders(<CupPage />);
  return { ...api, ...rendered };
}

const card = (id: number) => screen.findByTestId(`cup-fixture-${id}`);

describe('world cup predictions (世界杯竞猜)', () => {
  it('shows the fixtures by day with teams, odds and states, the player’s own pick, the board and the rules', async () => {
    const { requests } = setup();
    const first = await card(1);
    expect(within(first).getByText('巴西')).toBeTruthy();
    expect(within(first).getByText('🇧🇷')).toBeTruthy();
    expect(within(first).getByRole('img', { name: '德国' }).getAttribute('src')).toBe('https://flags.example/de.png');
    expect(within(first).getByText('竞猜中')).toBeTruthy();
    expect(within(first).getByRole('button', { name: /主胜\s*2.35/ })).toBeTruthy();
    expect(within(first).getByRole('button', { name: /平局\s*3.10/ })).toBeTruthy();
    // A fixture that cannot end level offers no draw.
    expect(within(await card(2)).queryByRole('button', { name: /平局/ })).toBeNull();
    const settled = await card(3);
    expect(within(settled).getByText('赛果：主胜')).toBeTruthy();
    expect(within(settled).getByText('12人')).toBeTruthy();
    const mine = within(settled).getByTestId('cup-my-pick');
    expect(within(mine).getByText('我的竞猜：主胜 · 100 积分 · 赔率 2.35')).toBeTruthy();
    expect(within(mine).getByText('猜中 +235')).toBeTruthy();
    // Grouped by day: the settled fixture's day comes first.
    const days = screen.getAllByRole('heading', { level: 3 });
    expect(days).toHaveLength(2);
    expect(within(days[0]?.parentElement as HTMLElement).getByTestId('cup-fixture-3')).toBeTruthy();
    expect(screen.getByText('每场比赛每人限猜一次。')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '竞猜榜' }));
    expect(within(await screen.findByRole('table', { name: '竞猜榜' })).getByText('预言家')).toBeTruthy();
    expect(within(await screen.findByTestId('boards-me')).getByText('未上榜')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '欧洲杯' }));
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.url.pathname === `/api${CUP_PATHS.info}` && r.url.searchParams.get('tournament_id') === '2',
        ),
      ).toBe(true),
    );
  });

  it('sends the pick and stake, shows the expected payout, and refreshes the fixtures and the points', async () => {
    let predicted = false;
    const { requests } = setup({
      [CUP_PATHS.predict]: () => {
        predicted = true;
        return {
          ...FIXTURES[2]?.mine,
          id: 78,
          fixture_id: 1,
          pick: 'draw',
          stake: 250,
          odds_bp: 31_000,
          payout: 0,
          status: 'open',
        };
      },
      [CUP_PATHS.info]: () =>
        view({
          fixtures: predicted
            ? [
                fixture({
                  mine: {
                    id: 78,
                    fixture_id: 1,
                    pick: 'draw',
                    stake: 250,
                    odds_bp: 31_000,
                    payout: 0,
                    status: 'open',
                    created_at: base - DAY,
                  },
                }),
              ]
            : FIXTURES,
        }),
    });
    const first = await card(1);
    fireEvent.click(within(first).getByRole('button', { name: /平局/ }));
    const stake = within(first).getByRole('textbox', { name: '投入积分' });
    fireEvent.change(stake, { target: { value: '5000' } });
    expect(within(first).getByTestId('cup-payout').textContent).toBe('请输入 1 到 1,000 之间的整数');
    expect((within(first).getByRole('button', { name: '确认竞猜' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(stake, { target: { value: '250' } });
    expect(within(first).getByTestId('cup-payout').textContent).toBe('猜中可得 775 积分');
    const detailsBefore = requests.filter((r) => r.url.pathname.endsWith('/user/detail')).length;
    fireEvent.click(within(first).getByRole('button', { name: '确认竞猜' }));
    await waitFor(() => expect(within(screen.getByTestId('cup-fixture-1')).getByText('待开奖')).toBeTruthy());
    const bodies = requests.filter((r) => r.url.pathname === `/api${CUP_PATHS.predict}`).map((r) => JSON.parse(r.body));
    expect(bodies).toEqual([{ fixture_id: 1, pick: 'draw', stake: 250 }]);
    expect(getToasts().at(-1)?.message).toBe('竞猜成功');
    await waitFor(() =>
      expect(requests.filter((r) => r.url.pathname.endsWith('/user/detail')).length).toBeGreaterThan(detailsBefore),
    );
  });

  it('shows the server’s refusal in the player’s words and keeps the pick open', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    try {
      const { queryClient } = setup({
        [CUP_PATHS.predict]: () => fail(ERRORS.CUP_POINTS_INSUFFICIENT.code, 'Not enough points'),
      });
      const first = await card(1);
      expect(within(first).getByText('Open')).toBeTruthy();
      fireEvent.click(within(first).getByRole('button', { name: /Home/ }));
      fireEvent.change(within(first).getByRole('textbox', { name: 'Points to stake' }), { target: { value: '100' } });
      expect(within(first).getByTestId('cup-payout').textContent).toBe('Pays 235 points if right');
      fireEvent.click(within(first).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(getToasts().at(-1)?.message).toBe('Not enough points'));
      expect(within(screen.getByTestId('cup-fixture-1')).queryByTestId('cup-my-pick')).toBeNull();
      await waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });

  it('asks a guest to sign in when they pick, and sends nothing', async () => {
    const opened = vi.fn();
    window.addEventListener(APP_EVENTS.openLogin, opened);
    try {
      const { requests } = setup({}, false);
      const first = await card(1);
      fireEvent.click(within(first).getByRole('button', { name: /主胜/ }));
      expect(opened).toHaveBeenCalledOnce();
      expect(within(first).queryByRole('textbox')).toBeNull();
      expect(requests.some((r) => r.url.pathname === `/api${CUP_PATHS.predict}`)).toBe(false);
    } finally {
      window.removeEventListener(APP_EVENTS.openLogin, opened);
    }
  });

  it('lists the player’s predictions, page by page', async () => {
    const { requests } = setup({
      [CUP_PATHS.mine]: (req) => ({
        total: 11,
        list: [
          {
            ...FIXTURES[2]?.mine,
            id: Number(req.url.searchParams.get('page')) * 100,
            tournament_title: '2030 世界杯',
            home: { name: '巴西', flag: '' },
            away: { name: '德国', flag: '' },
            kickoff_at: base,
            result: 'home',
          },
        ],
      }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: '我的竞猜' }));
    const row = await screen.findByTestId('cup-prediction');
    expect(within(row).getByText('猜中 +235')).toBeTruthy();
    expect(within(row).getByText(/巴西 VS 德国/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.url.pathname === `/api${CUP_PATHS.mine}`).map((r) => r.url.searchParams.get('page')),
      ).toEqual(['1', '2']),
    );
    expect(USER.score_point).toBe(Number(screen.getByTestId('cup-points').textContent));
  });
});
