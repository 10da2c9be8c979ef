import { ERRORS } from '@kaixiang/shared/errors';
import {
  POINTS_SHOP_PATHS,
  type PointsShopBuyResponse,
  type PointsShopEntry,
  type PointsShopPurchase,
} from '@kaixiang/shared/points-shop';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { PointsShopPage } from './points-shop-page.tsx';

const entry = (o: Partial<PointsShopEntry>): PointsShopEntry => ({
  id: 1,
  kind: 'coin',
  name: '1.00 金币',
  img: '',
  item_id: null,
  exter: null,
  quality: null,
  coin: 10_000,
  bag_campaign_id: null,
  bag_count: null,
  worth: 10_000,
  price: 100,
  stock: null,
  limit: 1,
  limit_period: 'day',
  bought: 0,
  remaining: 1,
  starts_at: null,
  ends_at: null,
  state: 'on',
  ...o,
});

const LIST = [
  entry({}),
  entry({
    id: 2,
    kind: 'item',
    name: 'Glock-18 | 水灵',
    item_id: 201,
    exter: 2,
    quality: 3,
    coin: null,
    worth: 20_000,
    price: 240,
    stock: 7,
    limit: null,
    remaining: null,
  }),
  entry({
    id: 3,
    kind: 'bag',
    name: '幸运福袋',
    coin: null,
    bag_campaign_id: 3,
    bag_count: 1,
    stock: 0,
    state: 'sold_out',
  }),
  entry({ id: 4, name: '5.00 金币', coin: 50_000, price: 480, bought: 1, remaining: 0 }),
  entry({ id: 5, name: '10.00 金币', coin: 100_000, price: 900, limit: null, remaining: null }),
];

const purchase = (o: Partial<PointsShopPurchase> = {}): PointsShopPurchase => ({
  id: 41,
  entry_id: 1,
  kind: 'coin',
  name: '1.00 金币',
  img: '',
  item_id: null,
  exter: null,
  quality: null,
  coin: 10_000,
  bag_campaign_id: null,
  bag_count: null,
  price: 100,
  user_item_id: null,
  created_at: Date.UTC(2026, 10, 21, 8),
  ...o,
});

function setup(overrides: Record<string, MockHandler> = {}, signedIn = true) {
  if (signedIn) storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [POINTS_SHOP_PATHS.list]: () => ({ points: signedIn ? 250 : null, server_time: Date.now(), list: LIST }),
      ...overrides,
    }),
  );
  renderWithProviders(<PointsShopPage />);
  return api;
}

const card = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;
const button = (li: HTMLElement) => within(li).getByRole('button') as HTMLButtonElement;

describe('points shop page', () => {
  it('shows each entry with its picture, price, stock and the player’s remaining limit, and the player’s points', async () => {
    setup();
    await waitFor(() => expect(screen.getByTestId('points-shop-points').textContent).toBe('250'));
    const coin = await card('1.00 金币');
    expect(coin.textContent).toContain('100积分');
    expect(within(coin).getByText('不限量')).toBeTruthy();
    expect(within(coin).getByText('每日限兑 1 次 · 今日还可兑 1 次')).toBeTruthy();
    expect(within(coin).getByRole('img', { name: '1.00 金币' })).toBeTruthy();
    expect(button(coin).disabled).toBe(false);
    const glock = await card('Glock-18 | 水灵');
    expect(within(glock).getByText('剩余 7 件')).toBeTruthy();
    expect(within(glock).getByText('价值 ¥2.00')).toBeTruthy();
    expect(within(glock).getByText('略有磨损')).toBeTruthy();
    // Sold out, limit reached, not enough points: each says why and cannot be clicked.
    expect(button(await card('幸运福袋'))).toMatchObject({ disabled: true, textContent: '已兑完' });
    expect(button(await card('5.00 金币'))).toMatchObject({ disabled: true, textContent: '已达上限' });
    expect(button(await card('10.00 金币'))).toMatchObject({ disabled: true, textContent: '积分不足' });
  });

  it('confirms, buys once however often the button is clicked, and shows the result', async () => {
    const answer: PointsShopBuyResponse = {
      purchase: purchase({ id: 42, entry_id: 2, kind: 'item', name: 'Glock-18 | 水灵', item_id: 201, user_item_id: 9 }),
      points: 10,
      money: 0,
    };
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const { requests } = setup({
      [POINTS_SHOP_PATHS.buy]: async () => {
        await held;
        return answer;
      },
    });
    fireEvent.click(button(await card('Glock-18 | 水灵')));
    const dialog = await screen.findByRole('dialog', { name: '确认兑换' });
    expect(within(dialog).getByText('确定花费 240 积分兑换「Glock-18 | 水灵」吗？')).toBeTruthy();
    expect(within(dialog).getByText('兑换后剩余 10 积分')).toBeTruthy();
    expect(within(dialog).getByText('饰品将放入您的背包')).toBeTruthy();
    const ok = within(dialog).getByRole('button', { name: '确认兑换' });
    fireEvent.click(ok);
    fireEvent.click(ok);
    release();
    const result = await screen.findByTestId('points-shop-result');
    expect(within(result).getByText('恭喜获得')).toBeTruthy();
    expect(within(result).getByText('剩余积分 10')).toBeTruthy();
    expect(within(result).getByText('饰品已放入您的背包')).toBeTruthy();
    expect(within(result).getByRole('link', { name: '查看背包' })).toBeTruthy();
    const buys = requests
      .filter((r) => r.url.pathname === `/api${POINTS_SHOP_PATHS.buy}`)
      .map((r) => JSON.parse(r.body));
    expect(buys).toHaveLength(1);
    expect(buys[0]).toMatchObject({ entry_id: 2, price: 240 });
    expect(buys[0].request_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    fireEvent.click(within(result).getByRole('button', { name: '好的' }));
    await waitFor(() => expect(screen.queryByTestId('points-shop-result')).toBeNull());
  });

  it('shows the server’s words when a purchase is refused, and no result', async () => {
    setup({ [POINTS_SHOP_PATHS.buy]: () => fail(ERRORS.POINTS_SHOP_SOLD_OUT.code, '该商品已兑完') });
    fireEvent.click(button(await card('Glock-18 | 水灵')));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认兑换' }));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('该商品已兑完'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('points-shop-result')).toBeNull();
  });

  it('lists the player’s purchases in their tab', async () => {
    setup({
      [POINTS_SHOP_PATHS.records]: () => ({
        list: [purchase(), purchase({ id: 40, kind: 'bag', name: '幸运福袋', coin: null, bag_count: 1, price: 150 })],
        total: 2,
      }),
    });
    await card('1.00 金币');
    fireEvent.click(screen.getByRole('tab', { name: '兑换记录' }));
    const rows = await screen.findAllByTestId('points-shop-record');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.textContent).toContain('幸运福袋');
    expect(rows[1]?.textContent).toContain('-150');
  });

  it('asks a guest to sign in instead of buying', async () => {
    setup({}, false);
    expect(button(await card('1.00 金币')).textContent).toBe('登录后兑换');
    expect(screen.getByTestId('points-shop-points').textContent).toBe('登录后查看');
  });
});
