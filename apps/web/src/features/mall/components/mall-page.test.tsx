import { type MallItem, WALLET_PATHS } from '@kaixiang/shared/wallet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { MallPage } from './mall-page.tsx';

const product = (o: Partial<MallItem>): MallItem => ({
  mall_item_id: 1,
  item_id: 201,
  name: 'Glock-18 | 水灵',
  img: '',
  quality: 2,
  exter: 2,
  price: 20_000,
  stock: 3,
  ...o,
});

function setup(overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [WALLET_PATHS.mallItems]: () => ({
        list: [product({}), product({ mall_item_id: 2, item_id: 202, name: '沙漠之鹰 | 炽烈之炎', stock: 0 })],
      }),
      ...overrides,
    }),
  );
  renderWithProviders(<MallPage />);
  return api;
}

describe('mall', () => {
  it('shows products with price in quota and stock; buys after confirming with a fresh request id', async () => {
    const { requests } = setup({ [WALLET_PATHS.mallBuy]: () => ({ user_item_id: 77, mall_quota: 36_789 }) });
    const glock = (await screen.findByText('Glock-18 | 水灵')).closest('li') as HTMLElement;
    expect(within(glock).getByText('库存 3')).toBeTruthy();
    expect(within(glock).getByText('略有磨损')).toBeTruthy();
    expect(glock.textContent).toContain('2.00');
    const eagle = screen.getByText('沙漠之鹰 | 炽烈之炎').closest('li') as HTMLElement;
    expect((within(eagle).getByRole('button', { name: '已售罄' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('mall-quota').textContent).toBe('5.67'));

    fireEvent.click(within(glock).getByRole('button', { name: '购买' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确认使用 2.00 商城额度购买 Glock-18 \| 水灵/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '购买' }));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('购买成功，饰品已放入背包'));
    const buys = requests
      .filter((r) => r.url.pathname === `/api${WALLET_PATHS.mallBuy}`)
      .map((r) => JSON.parse(r.body));
    expect(buys).toHaveLength(1);
    expect(buys[0].mall_item_id).toBe(1);
    expect(buys[0].request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server reason when a purchase is refused', async () => {
    setup({ [WALLET_PATHS.mallBuy]: () => fail(4221, '商城额度不足') });
    const glock = (await screen.findByText('Glock-18 | 水灵')).closest('li') as HTMLElement;
    fireEvent.click(within(glock).getByRole('button', { name: '购买' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '购买' }));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('商城额度不足'));
  });

  it('lists purchases and quota changes in their tabs', async () => {
    setup({
      [WALLET_PATHS.mallBuyRecords]: () => ({
        list: [
          { id: 1, mall_item_id: 1, user_item_id: 77, name: 'Glock-18 | 水灵', img: '', price: 20_000, created_at: 1 },
        ],
        total: 1,
      }),
      [WALLET_PATHS.quotaLog]: () => ({
        list: [
          {
            id: 9,
            kind: 'item_recycle',
            currency: 'quota',
            amount: 30_000,
            balance_after: 56_789,
            memo: 'AK-47 | 红线',
            created_at: 1,
          },
        ],
        total: 1,
      }),
    });
    await screen.findByText('Glock-18 | 水灵');
    fireEvent.click(screen.getByRole('tab', { name: '购买记录' }));
    const buys = await screen.findByRole('table');
    expect(within(buys).getByText('Glock-18 | 水灵')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '额度明细' }));
    await screen.findByText('回收饰品');
    expect(screen.getByText('+3.00')).toBeTruthy();
  });
});
