import { BOX_PATHS } from '@kaixiang/shared/boxes';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { openHistoryEntry } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { OpenRecordsPage, PublicOpenRecordsPage } from './open-records-page.tsx';

const entry = openHistoryEntry;

const roll = {
  nonce: 7,
  client_seed: 'c',
  server_seed_hash: 'h',
  server_seed: null,
  odds_hash: 'o',
  box_version: 1,
  ticket: 5,
};

describe('open-box records', () => {
  it('lists my openings with box, item, wear, price and a link to verify', async () => {
    storeSession(TOKENS);
    mockApi(
      accountHandlers({
        [BOX_PATHS.selfHistory]: () => ({ list: [{ ...entry({}), user_item_id: 9, roll }], total: 1 }),
      }),
    );
    renderWithProviders(<OpenRecordsPage />);
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('新手箱')).toBeTruthy();
    expect(within(row).getByText('AK-47 | 红线')).toBeTruthy();
    expect(within(row).getByText('久经沙场')).toBeTruthy();
    expect(within(row).getByText('12.50')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '验证' }).getAttribute('href')).toBe('/fairness');
  });

  it('shows one player when opened for a user_id', async () => {
    storeSession(TOKENS);
    mockApi(
      accountHandlers({
        [BOX_PATHS.history]: () => ({
          list: [entry({}), entry({ id: 2, user_id: 7, nick_name: '别人', vip_level: 6, name: 'AWP | 二西莫夫' })],
          total: 2,
        }),
      }),
    );
    renderWithProviders(<PublicOpenRecordsPage />, '/vipUnpackingRecord?user_id=7');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('AWP | 二西莫夫')).toBeTruthy();
    expect(within(table).queryByText('AK-47 | 红线')).toBeNull();
    const player = within(table).getByText('别人');
    expect(within(player).getByText('VIP6').getAttribute('data-level')).toBe('6');
    expect(screen.getByText('玩家 7 最近的开箱')).toBeTruthy();
  });
});
