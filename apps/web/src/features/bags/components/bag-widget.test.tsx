import { BAG_PATHS, type BagRecordResponse, type HasBagResponse, type OpenBagResponse } from '@kaixiang/shared/bags';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { BagLauncher } from '../bag-launcher.tsx';
import { BagRecordsPage } from './bag-records-page.tsx';

const PROOF = {
  nonce: 7,
  client_seed: 'my-seed',
  server_seed_hash: 'a'.repeat(64),
  server_seed: null,
  table_version: 1,
  table_hash: 'b'.repeat(64),
  ticket: 912_345,
};
const OPENED: OpenBagResponse = {
  bag_id: 41,
  campaign_id: 3,
  name: '幸运福袋',
  get_money: 88_000,
  money: 1_322_500,
  count: 0,
  proof: PROOF,
};

/** A player holding `count` bags; get-bag answers `open`. */
function holding(count: number, open: MockHandler) {
  storeSession(TOKENS);
  let held = count;
  const has = (): HasBagResponse => ({
    has_bag: held > 0,
    count: held,
    next: held > 0 ? { bag_id: 41, campaign_id: 3, name: '幸运福袋' } : null,
  });
  return mockApi(
    accountHandlers({
      [BAG_PATHS.hasBag]: has,
      [BAG_PATHS.getBag]: (req) => {
        const answer = open(req);
        if (!(answer instanceof Response)) held--;
        return answer;
      },
    }),
  );
}

describe('the lucky bag icon', () => {
  it('shows while the player holds a bag; opening shows the win, its button closes it, and the icon goes', async () => {
    const { requests } = holding(1, () => OPENED);
    renderWithProviders(<BagLauncher />);
    const icon = await screen.findByRole('button', { name: '你有 1 个福袋，点击开启' });
    fireEvent.click(icon);
    const dialog = await screen.findByRole('dialog', { name: '幸运福袋' });
    expect(within(dialog).getByText('恭喜获得')).toBeTruthy();
    expect(within(dialog).getByTestId('bag-result-amount').textContent).toBe('¥8.80');
    expect(within(dialog).getByRole('link', { name: '公平性验证' }).getAttribute('href')).toBe('/fairness?bag=41');
    fireEvent.click(within(dialog).getByRole('button', { name: '收下' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('bag-icon')).toBeNull());
    expect(requests.filter((r) => r.url.pathname === `/api${BAG_PATHS.getBag}`)).toHaveLength(1);
  });

  it('sends one request for a quick double click, and shows the server’s refusal', async () => {
    const { requests } = holding(2, () => fail(4733, '操作频繁，请稍微再试', 429));
    renderWithProviders(<BagLauncher />);
    const icon = await screen.findByRole('button', { name: '你有 2 个福袋，点击开启' });
    fireEvent.click(icon);
    fireEvent.click(icon);
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('操作频繁，请稍微再试'));
    expect(requests.filter((r) => r.url.pathname === `/api${BAG_PATHS.getBag}`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows nothing to a player without a bag', async () => {
    const { requests } = holding(0, () => OPENED);
    renderWithProviders(<BagLauncher />);
    await waitFor(() => expect(requests.some((r) => r.url.pathname === `/api${BAG_PATHS.hasBag}`)).toBe(true));
    expect(screen.queryByTestId('bag-icon')).toBeNull();
  });
});

describe('the bag record', () => {
  it('lists the bags, opens an unopened one by its id and links an opened one to its check', async () => {
    storeSession(TOKENS);
    const record: BagRecordResponse = {
      list: [
        {
          id: 42,
          campaign_id: 1,
          name: '每日充值福袋',
          source: 'daily_recharge',
          state: 0,
          given_at: 1_764_000_000_000,
          opened_at: null,
          get_money: null,
          proof: null,
        },
        {
          id: 41,
          campaign_id: 3,
          name: '幸运福袋',
          source: 'mail',
          state: 1,
          given_at: 1_763_000_000_000,
          opened_at: 1_763_100_000_000,
          get_money: 88_000,
          proof: PROOF,
        },
      ],
      total: 2,
    };
    const { requests } = mockApi(
      accountHandlers({
        [BAG_PATHS.record]: () => record,
        [BAG_PATHS.open]: () => ({ ...OPENED, bag_id: 42, name: '每日充值福袋', get_money: 5_000 }),
      }),
    );
    renderWithProviders(<BagRecordsPage />);
    const rows = await screen.findAllByTestId('bag-record');
    expect(within(rows[0] as HTMLElement).getByText('每日充值')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('未开启')).toBeTruthy();
    expect(rows[1]?.textContent).toContain('¥8.80');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: '验证' })
        .getAttribute('href'),
    ).toBe('/fairness?bag=41');
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: '开启' }));
    const dialog = await screen.findByRole('dialog', { name: '每日充值福袋' });
    expect(within(dialog).getByTestId('bag-result-amount').textContent).toBe('¥0.50');
    const opens = requests.filter((r) => r.url.pathname === `/api${BAG_PATHS.open}`);
    expect(opens.map((r) => JSON.parse(r.body))).toEqual([{ bag_id: 42 }]);
  });
});
