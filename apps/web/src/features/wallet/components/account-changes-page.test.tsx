import type { AccountChange } from '@kaixiang/shared/wallet';
import { WALLET_PATHS } from '@kaixiang/shared/wallet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AccountChangesPage } from './account-changes-page.tsx';

const change = (o: Partial<AccountChange>): AccountChange => ({
  id: 1,
  kind: 'box_open',
  currency: 'coin',
  amount: -100_000,
  balance_after: 1_134_599,
  memo: '新手箱',
  created_at: 1_760_000_000_000,
  ...o,
});

describe('account change record', () => {
  it('shows signed, coloured amounts with localised kinds, and filters by currency', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(
      accountHandlers({
        [WALLET_PATHS.accountChanges]: () => ({
          list: [
            change({ id: 3, kind: 'item_sell', amount: 123_456, balance_after: 1_258_055, memo: 'AK-47 | 红线' }),
            change({ id: 2, kind: 'quota_exchange', currency: 'quota', amount: -50_000, balance_after: 6_789 }),
            change({ id: 1 }),
            change({ id: 0, kind: 'future_kind', amount: 0, memo: '' }),
          ],
          total: 4,
        }),
      }),
    );
    renderWithProviders(<AccountChangesPage />);
    const table = await screen.findByRole('table');
    const amounts = within(table).getAllByTestId('account-change-amount');
    expect(amounts.map((a) => a.textContent)).toEqual(['+12.34', '-5.00', '-10.00', '0.00']);
    expect(amounts[0]!.className).toContain('wallet-amount--in');
    expect(amounts[1]!.className).toContain('wallet-amount--out');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('出售饰品')).toBeTruthy();
    expect(within(rows[0]!).getByText('125.80')).toBeTruthy();
    expect(within(rows[1]!).getByText('额度兑换')).toBeTruthy();
    expect(within(rows[1]!).getByText('商城额度')).toBeTruthy();
    expect(within(rows[2]!).getByText('开箱')).toBeTruthy();
    expect(within(rows[3]!).getByText('future_kind')).toBeTruthy();

    const calls = () => requests.filter((r) => r.url.pathname === `/api${WALLET_PATHS.accountChanges}`);
    expect(calls()[0]!.url.search).toBe('?page=1&page_size=20');
    fireEvent.click(screen.getByRole('tab', { name: '商城额度' }));
    await waitFor(() => expect(calls().at(-1)!.url.search).toBe('?page=1&page_size=20&currency=quota'));
  });
});
