import { COMMAND_PATHS, type CommandListResponse } from '@kaixiang/shared/vip';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openCommandDialog } from '../../../lib/events.ts';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AccountHeader } from '../../accounts/components/account-header.tsx';

const LIST: CommandListResponse = {
  day_recharge: 600_000,
  week_recharge: 600_000,
  month_recharge: 2_000_000,
  recharge_list_info: [
    { id: 1, type: 1, money: 500_000, reward: 8_800, bag_id: 0, key: 'DAY50' },
    { id: 2, type: 1, money: 1_000_000, reward: 18_800, bag_id: 0, key: '' },
    { id: 3, type: 2, money: 500_000, reward: 28_800, bag_id: 77, key: 'WEEK50' },
    { id: 4, type: 3, money: 2_000_000, reward: 88_800, bag_id: 0, key: 'MONTH200' },
  ],
};

const claims = (requests: MockRequest[]) =>
  requests.filter((r) => r.url.pathname === `/api${COMMAND_PATHS.reward}`).map((r) => JSON.parse(r.body));

async function openCommand(overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(accountHandlers({ [COMMAND_PATHS.list]: () => LIST, ...overrides }));
  renderWithProviders(<AccountHeader />);
  await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('123.45'));
  act(() => openCommandDialog());
  const dialog = await screen.findByRole('dialog', { name: '口令饰品' });
  await within(dialog).findByTestId('command-tier-1');
  const input = within(dialog).getByLabelText('口令');
  const submit = within(dialog).getByRole('button', { name: '领取红包' }) as HTMLButtonElement;
  return { ...api, dialog, input, submit };
}

describe('command dialog', () => {
  it('lists the day, week and month tiers with their state and progress', async () => {
    const { dialog } = await openCommand();
    const day = within(dialog).getByRole('region', { name: '每日充值奖励' });
    expect(within(day).getByText('已充值').textContent).toBe('已充值 ¥60.00');
    expect(within(day).getByRole('button', { name: '口令：DAY50' })).toBeTruthy();
    expect(within(screen.getByTestId('command-tier-2')).getByText('未达到')).toBeTruthy();
    expect(within(screen.getByTestId('command-tier-2')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe(
      '60',
    );
    expect(within(screen.getByTestId('command-tier-3')).getByText('已领取')).toBeTruthy();
    // The group number comes from its own query, which may answer after the tiers.
    expect(await within(dialog).findByText(/官方群 739281460/)).toBeTruthy();
  });

  it('claims only with a code, sends it, says how much and shows the new balance', async () => {
    const { dialog, input, submit, requests } = await openCommand({
      [COMMAND_PATHS.reward]: () => ({ get_money: 8_800, money: 1_243_399 }),
    });
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '口令：DAY50' }));
    expect((input as HTMLInputElement).value).toBe('DAY50');
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('领取成功，获得金币 0.88'));
    expect(claims(requests)).toEqual([{ key: 'DAY50' }]);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('124.33'));
  });

  it("shows the server's refusal", async () => {
    const { input, submit } = await openCommand({
      [COMMAND_PATHS.reward]: () => fail(4413, '口令不存在或已失效', 400),
    });
    fireEvent.change(input, { target: { value: 'NOPE' } });
    fireEvent.click(submit);
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('口令不存在或已失效'));
  });
  it('shows the item a command item code granted, with its picture, and links to the inventory', async () => {
    const { dialog, input, submit } = await openCommand({
      [COMMAND_PATHS.reward]: () => ({
        get_money: 10_000,
        money: 1_244_399,
        item: { id: 501, item_id: 7, name: 'AK-47 | 红线', img: '/img/items/7.svg', exter: 2, price: 123_400 },
      }),
    });
    fireEvent.change(input, { target: { value: 'kx-item-dev' } });
    fireEvent.click(submit);
    const granted = await within(dialog).findByTestId('command-granted');
    expect(within(granted).getByRole('img', { name: 'AK-47 | 红线' })).toBeTruthy();
    expect(within(granted).getByText('AK-47 | 红线')).toBeTruthy();
    expect(within(granted).getByText(/价值/).textContent).toBe('价值 ¥12.34');
    expect(within(granted).getByText(/金币/).textContent).toBe('金币 ¥1.00');
    const link = within(granted).getByRole('link', { name: '去背包查看' });
    expect(link.getAttribute('href')).toBe('/personalCenter/inventory');
    expect(getToasts().at(-1)?.message).toBe('领取成功，获得 AK-47 | 红线');
    expect((input as HTMLInputElement).value).toBe('');
    // Following the link closes the dialog.
    fireEvent.click(link);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '口令饰品' })).toBeNull());
  });
});
