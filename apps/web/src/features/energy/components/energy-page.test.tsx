import {
  ENERGY_PATHS,
  type EnergyLevel,
  type EnergyOpenResponse,
  FREE_BOX_PATHS,
  type FreeBox,
  type FreeBoxOpenResponse,
} from '@kaixiang/shared/energy';
import { ERRORS } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { EnergyPage, fillPercent } from './energy-page.tsx';

const TABLE = {
  version: 1,
  ticket_total: 1_000_000,
  table_hash: 'ab'.repeat(32),
  ev: 10_750,
  entries: [
    { amount: 5_000, tickets: 600_000, ticket_from: 0, ticket_to: 600_000 },
    { amount: 200_000, tickets: 400_000, ticket_from: 600_000, ticket_to: 1_000_000 },
  ],
};

const level = (o: Partial<EnergyLevel>): EnergyLevel => ({
  id: 1,
  level: 1,
  energy: 1_000_000,
  name: '青铜能量箱',
  campaign_id: 11,
  state: 'locked',
  table: TABLE,
  opened: null,
  ...o,
});

const LEVELS = [
  level({ state: 'opened', opened: { bag_id: 70, get_money: 5_000, opened_at: Date.UTC(2026, 10, 23) } }),
  level({ id: 2, level: 2, energy: 5_000_000, name: '白银能量箱', campaign_id: 12, state: 'open' }),
  level({ id: 3, level: 3, energy: 20_000_000, name: '黄金能量箱', campaign_id: 13 }),
];

function setup(overrides: Record<string, MockHandler> = {}, signedIn = true) {
  if (signedIn) storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [ENERGY_PATHS.info]: () => ({
        energy: 6_000_000,
        period_start: Date.UTC(2026, 10, 22, 16),
        period_end: Date.UTC(2026, 10, 29, 16),
        levels: LEVELS,
      }),
      ...overrides,
    }),
  );
  const { queryClient } = renderWithProviders(<EnergyPage />);
  return { ...api, queryClient };
}

const card = async (n: number) => screen.findByTestId(`energy-level-${n}`);
const openButton = (li: HTMLElement) => within(li).getAllByRole('button').at(-1) as HTMLButtonElement;

describe('energy box page', () => {
  it('shows the week’s energy, the progress to the next level, each level’s state, worth and table', async () => {
    setup();
    await waitFor(() => expect(screen.getByTestId('energy-value').textContent).toBe('600.00'));
    expect(screen.getByText('距离 黄金能量箱 还差 1400.00 能量')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('6000000');
    const first = await card(1);
    expect(within(first).getByText('本周已开启')).toBeTruthy();
    expect(within(first).getByText(/开出 ¥0.50/)).toBeTruthy();
    expect(within(first).getByRole('link', { name: '验证' }).getAttribute('href')).toBe('/fairness?bag=70');
    expect(openButton(first)).toMatchObject({ disabled: true, textContent: '已开启' });
    expect(openButton(await card(2))).toMatchObject({ disabled: false, textContent: '开启能量箱' });
    const third = await card(3);
    expect(openButton(third)).toMatchObject({ disabled: true, textContent: '未达到该等级' });
    expect(within(third).getByText('平均价值 ¥1.07')).toBeTruthy();
    fireEvent.click(within(third).getByRole('button', { name: '查看奖励概率' }));
    expect(within(third).getByText('60.00%')).toBeTruthy();
    expect(within(third).getByText('600000–999999')).toBeTruthy();
    expect(within(third).getByText(TABLE.table_hash)).toBeTruthy();
  });

  it('opens a reached level once however often it is clicked, and shows the result with its check', async () => {
    const answer: EnergyOpenResponse = {
      level_id: 2,
      level: 2,
      bag_id: 71,
      campaign_id: 12,
      name: '白银能量箱',
      get_money: 200_000,
      money: 1_200_000,
      proof: {
        nonce: 3,
        client_seed: 'c',
        server_seed_hash: 'h',
        server_seed: null,
        table_version: 1,
        table_hash: TABLE.table_hash,
        ticket: 700_000,
      },
    };
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const { requests } = setup({
      [ENERGY_PATHS.open]: async () => {
        await held;
        return answer;
      },
    });
    const button = openButton(await card(2));
    fireEvent.click(button);
    fireEvent.click(button);
    release();
    const dialog = await screen.findByRole('dialog', { name: '恭喜获得' });
    expect(within(dialog).getByTestId('energy-won').textContent).toBe('¥20.00');
    expect(within(dialog).getByRole('link', { name: '去公平验证核对' }).getAttribute('href')).toBe('/fairness?bag=71');
    const opens = requests.filter((r) => r.url.pathname === `/api${ENERGY_PATHS.open}`).map((r) => JSON.parse(r.body));
    expect(opens).toEqual([{ level_id: 2 }]);
    fireEvent.click(within(dialog).getByRole('button', { name: '收下' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s words when a level is refused, and no result', async () => {
    const { queryClient } = setup({
      [ENERGY_PATHS.open]: () => fail(ERRORS.ENERGY_LEVEL_NOT_REACHED.code, '您还未达到该能量等级'),
    });
    fireEvent.click(openButton(await card(2)));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('您还未达到该能量等级'));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Settled before the next test: a refetch the refusal started must not reach the next one's server.
    await waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
  });

  it('asks a guest to sign in, and asks the server nothing', async () => {
    const { requests } = setup({}, false);
    expect(await screen.findByText('登录后查看您本周的能量和可开启的能量箱')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录后查看' })).toBeTruthy();
    expect(requests.some((r) => r.url.pathname === `/api${ENERGY_PATHS.info}`)).toBe(false);
  });

  it('lists the free boxes with what unlocks each, opens one once and shows the item won', async () => {
    const box = (o: Partial<FreeBox>): FreeBox => ({
      kind: 'trade_link',
      box_id: 3,
      box_name: '新手箱',
      box_img: '/img/boxes/3.png',
      price: 25_000,
      state: 'claimable',
      opening_id: null,
      ...o,
    });
    let list = [box({ kind: 'first_charge', state: 'not_eligible' }), box({})];
    const won: FreeBoxOpenResponse = {
      kind: 'trade_link',
      free: true,
      opening_id: 901,
      box_id: 3,
      total_price: 25_000,
      money: 1_000_000,
      items: [
        {
          id: 55,
          item_id: 7,
          name: 'AK-47 | 红线',
          img: '/img/items/7.png',
          quality: 4,
          exter: 2,
          cost_price: 120_000,
          roll: {
            nonce: 1,
            client_seed: 'c',
            server_seed_hash: 'h',
            server_seed: null,
            odds_hash: 'o',
            box_version: 1,
            ticket: 5,
          },
        },
      ],
    };
    const { requests } = setup({
      [FREE_BOX_PATHS.info]: () => ({ list }),
      [FREE_BOX_PATHS.open]: () => {
        list = [list[0] as FreeBox, box({ state: 'claimed', opening_id: 901 })];
        return won;
      },
    });
    const first = await screen.findByTestId('free-box-first_charge');
    expect(within(first).getByText('首充免费箱')).toBeTruthy();
    expect(within(first).getByRole('button', { name: '去充值' })).toBeTruthy();
    const trade = screen.getByTestId('free-box-trade_link');
    expect(within(trade).getByText(/新手箱/)).toBeTruthy();
    const openIt = within(trade).getByRole('button', { name: '免费开启' });
    fireEvent.click(openIt);
    fireEvent.click(openIt);
    const dialog = await screen.findByRole('dialog', { name: '恭喜获得' });
    expect(within(dialog).getByText('AK-47 | 红线')).toBeTruthy();
    const opens = requests
      .filter((r) => r.url.pathname === `/api${FREE_BOX_PATHS.open}`)
      .map((r) => JSON.parse(r.body));
    expect(opens).toEqual([{ kind: 'trade_link' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: '放入背包' }));
    await waitFor(() => expect(within(screen.getByTestId('free-box-trade_link')).getByText('已领取')).toBeTruthy());
    expect(
      within(screen.getByTestId('free-box-trade_link'))
        .getByRole('link', { name: '查看开箱记录' })
        .getAttribute('href'),
    ).toBe('/personalCenter/unpack');
  });

  it('fills the bar by equal steps between the levels', () => {
    const levels = [{ energy: 100 }, { energy: 500 }, { energy: 2_000 }, { energy: 10_000 }];
    expect(fillPercent(0, levels)).toBe(0);
    expect(fillPercent(50, levels)).toBe(12.5);
    expect(fillPercent(100, levels)).toBe(25);
    expect(fillPercent(300, levels)).toBe(37.5);
    expect(fillPercent(10_000, levels)).toBe(100);
    expect(fillPercent(99_999, levels)).toBe(100);
  });
});
