import { ERRORS } from '@kaixiang/shared/errors';
import { WISHING_WELL_PATHS, type WishEntry, type WishRecord, type WishResponse } from '@kaixiang/shared/wishing-well';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { WishingWellPage } from './wishing-well-page.tsx';

const entry = (o: Partial<WishEntry>): WishEntry => ({
  id: 1,
  name: 'Glock-18 | 水灵',
  img: '',
  item_id: 201,
  exter: 2,
  quality: 3,
  worth: 50_000,
  currency: 'point',
  price: 112,
  chance_ppm: 200_000,
  rtp_ppm: 892_857,
  ...o,
});

const LIST = [
  entry({}),
  entry({
    id: 2,
    name: 'AK-47 | 红线',
    worth: 400_000,
    currency: 'coin',
    price: 44_500,
    chance_ppm: 100_000,
    rtp_ppm: 898_876,
  }),
  entry({
    id: 3,
    name: 'M4A4 | 咆哮',
    worth: 2_000_000,
    currency: 'point',
    price: 1_200,
    chance_ppm: 50_000,
    rtp_ppm: 833_333,
  }),
];

const record = (o: Partial<WishRecord> = {}): WishRecord => ({
  id: 71,
  entry_id: 1,
  name: 'Glock-18 | 水灵',
  img: '',
  item_id: 201,
  exter: 2,
  quality: 3,
  worth: 50_000,
  currency: 'point',
  price: 112,
  chance_ppm: 200_000,
  roll: 123_456,
  hit: true,
  user_item_id: 9,
  created_at: Date.UTC(2026, 10, 21, 8),
  proof: { nonce: 4, client_seed: 'c', server_seed_hash: 'ab'.repeat(32), server_seed: null },
  ...o,
});

function setup(overrides: Record<string, MockHandler> = {}, signedIn = true) {
  if (signedIn) storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [WISHING_WELL_PATHS.list]: () => ({
        points: signedIn ? 300 : null,
        money: signedIn ? 20_000 : null,
        list: LIST,
      }),
      ...overrides,
    }),
  );
  renderWithProviders(<WishingWellPage />);
  return api;
}

const card = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;
const button = (li: HTMLElement) => within(li).getByRole('button') as HTMLButtonElement;

describe('wishing well page', () => {
  it('shows each entry with its picture, worth, price per wish, chance and RTP, and the player’s balances', async () => {
    setup();
    await waitFor(() => expect(screen.getByTestId('wish-points').textContent).toBe('300'));
    expect(screen.getByTestId('wish-money').textContent).toBe('¥2.00');
    const glock = await card('Glock-18 | 水灵');
    expect(within(glock).getByRole('img', { name: 'Glock-18 | 水灵' })).toBeTruthy();
    expect(within(glock).getByText('价值 ¥5.00')).toBeTruthy();
    expect(within(glock).getByTestId('wish-chance').textContent).toBe('20%');
    expect(within(glock).getByTestId('wish-rtp').textContent).toBe('89.29%');
    expect(glock.textContent).toContain('112 积分');
    expect(button(glock)).toMatchObject({ disabled: false, textContent: '许愿' });
    // Too dear for the player: the button says which balance is short.
    expect(button(await card('AK-47 | 红线'))).toMatchObject({ disabled: true, textContent: '余额不足' });
    expect(button(await card('M4A4 | 咆哮'))).toMatchObject({ disabled: true, textContent: '积分不足' });
  });

  it('confirms with the chance and RTP, wishes once however often the button is clicked, shows a hit', async () => {
    const answer: WishResponse = { wish: record(), points: 188, money: 20_000 };
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const { requests } = setup({
      [WISHING_WELL_PATHS.wish]: async () => {
        await held;
        return answer;
      },
    });
    fireEvent.click(button(await card('Glock-18 | 水灵')));
    const dialog = await screen.findByRole('dialog', { name: '确认许愿' });
    expect(within(dialog).getByText('确定花费 112 积分 为「Glock-18 | 水灵」许愿吗？')).toBeTruthy();
    expect(within(dialog).getByTestId('wish-confirm-odds').textContent).toBe('概率 20% · 返还率 89.29%');
    expect(within(dialog).getByText('许愿后剩余 188 积分')).toBeTruthy();
    const ok = within(dialog).getByRole('button', { name: '确认许愿' });
    fireEvent.click(ok);
    fireEvent.click(ok);
    release();
    const result = await screen.findByTestId('wish-result');
    expect(within(result).getByText('恭喜！愿望实现了')).toBeTruthy();
    expect(within(result).getByText('饰品已放入您的背包')).toBeTruthy();
    expect(within(result).getByTestId('wish-result-roll').textContent).toBe('随机数 123456 < 概率 200000');
    expect(within(result).getByRole('link', { name: '查看背包' })).toBeTruthy();
    expect(within(result).getByRole('link', { name: '验证这次许愿' }).getAttribute('href')).toBe('/fairness?wish=71');
    const sent = requests
      .filter((r) => r.url.pathname === `/api${WISHING_WELL_PATHS.wish}`)
      .map((r) => JSON.parse(r.body));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ entry_id: 1, price: 112, chance_ppm: 200_000 });
    expect(sent[0].request_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('shows a miss with what was rolled, and no inventory link', async () => {
    setup({
      [WISHING_WELL_PATHS.wish]: () => ({
        wish: record({ hit: false, roll: 734_001, user_item_id: null }),
        points: 188,
        money: 20_000,
      }),
    });
    fireEvent.click(button(await card('Glock-18 | 水灵')));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认许愿' }));
    const result = await screen.findByTestId('wish-result');
    expect(within(result).getByText('这次没有实现，再试一次吧')).toBeTruthy();
    expect(within(result).getByTestId('wish-result-roll').textContent).toBe('随机数 734001 ≥ 概率 200000');
    expect(within(result).queryByRole('link', { name: '查看背包' })).toBeNull();
  });

  it('shows the server’s words when a wish is refused, and no result', async () => {
    setup({
      [WISHING_WELL_PATHS.wish]: () => fail(ERRORS.WISH_TERMS_CHANGED.code, '许愿价格或概率已变动，请刷新后重试'),
    });
    fireEvent.click(button(await card('Glock-18 | 水灵')));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认许愿' }));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('许愿价格或概率已变动，请刷新后重试'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('wish-result')).toBeNull();
  });

  it('lists the player’s wishes with links to verify them', async () => {
    setup({
      [WISHING_WELL_PATHS.records]: () => ({
        list: [
          record(),
          record({ id: 70, hit: false, roll: 900_000, user_item_id: null, currency: 'coin', price: 44_500 }),
        ],
        total: 2,
      }),
    });
    await card('Glock-18 | 水灵');
    fireEvent.click(screen.getByRole('tab', { name: '许愿记录' }));
    const rows = await screen.findAllByTestId('wish-record');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('实现');
    expect(rows[1]?.textContent).toContain('-¥4.45');
    expect(rows[1]?.textContent).toContain('900000');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: '验证' })
        .getAttribute('href'),
    ).toBe('/fairness?wish=70');
  });

  it('asks a guest to sign in instead of wishing', async () => {
    setup({}, false);
    expect(button(await card('Glock-18 | 水灵')).textContent).toBe('登录后许愿');
    expect(screen.getByTestId('wish-points').textContent).toBe('登录后查看');
  });
});
