import { SITE_PATHS } from '@kaixiang/shared/site';
import { COMMAND_PATHS } from '@kaixiang/shared/vip';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { GROUP_INFO } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { JewelryPage } from './jewelry-page.tsx';

describe('口令饰品 page (/vipJewelry)', () => {
  it('claims a code and shows the item it granted', async () => {
    storeSession(TOKENS);
    const api = mockApi(
      accountHandlers({
        [COMMAND_PATHS.reward]: () => ({
          get_money: 0,
          money: 1_234_500,
          item: { id: 9, item_id: 3, name: 'USP-S | 猎户', img: '/img/items/3.svg', exter: 1, price: 56_700 },
        }),
      }),
    );
    renderWithProviders(<JewelryPage />, '/vipJewelry');
    expect(await screen.findByRole('heading', { name: '口令饰品' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('口令'), { target: { value: 'SPRING' } });
    fireEvent.click(screen.getByRole('button', { name: '领取红包' }));
    const granted = await screen.findByTestId('command-granted');
    expect(within(granted).getByText('USP-S | 猎户')).toBeTruthy();
    expect(within(granted).queryByText(/金币/)).toBeNull();
    expect(within(granted).getByRole('link', { name: '去背包查看' }).getAttribute('href')).toBe(
      '/personalCenter/inventory',
    );
    expect(api.requests.filter((r) => r.url.pathname === `/api${COMMAND_PATHS.reward}`).map((r) => r.body)).toEqual([
      JSON.stringify({ key: 'SPRING' }),
    ]);
  });

  it('says the feature is closed when code_item is not 1, with no input', async () => {
    storeSession(TOKENS);
    mockApi(accountHandlers({ [SITE_PATHS.groupInfo]: () => ({ ...GROUP_INFO, code_item: 0 }) }));
    renderWithProviders(<JewelryPage />, '/vipJewelry');
    expect(await screen.findByText('当前口令饰品功能已关闭，请联系客服')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('口令')).toBeNull());
  });
});
