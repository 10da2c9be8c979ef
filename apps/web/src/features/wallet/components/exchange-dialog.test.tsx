import { WALLET_PATHS } from '@kaixiang/shared/wallet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AccountHeader } from '../../accounts/components/account-header.tsx';

// The test user (accounts-fixtures) has 123.4599 coins and 5.6789 mall quota.
const exchanges = (requests: MockRequest[]) =>
  requests.filter((r) => r.url.pathname === `/api${WALLET_PATHS.exchange}`).map((r) => JSON.parse(r.body));

async function openDialog(overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(accountHandlers(overrides));
  renderWithProviders(<AccountHeader />);
  await waitFor(() => expect(screen.getByTestId('header-quota').textContent).toBe('5.67'));
  fireEvent.click(screen.getByRole('button', { name: '兑换' }));
  const dialog = await screen.findByRole('dialog', { name: '额度兑换' });
  const input = within(dialog).getByLabelText('兑换金额') as HTMLInputElement;
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  return { ...api, dialog, input, type };
}

describe('exchange dialog', () => {
  it('cleans the amount as typed, caps it at the quota, and has max and clear', async () => {
    const { dialog, input, type } = await openDialog();
    expect(within(dialog).getByTestId('exchange-available').textContent).toBe('5.67');
    type('a01.239');
    expect(input.value).toBe('1.23');
    type('9');
    expect(input.value).toBe('5.67');
    fireEvent.click(within(dialog).getByRole('button', { name: '清空' }));
    expect(input.value).toBe('');
    expect((within(dialog).getByRole('button', { name: '确认兑换' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '最大' }));
    expect(input.value).toBe('5.67');
  });

  it('sends the amount in units without float error, says 兑换成功, shows the new balances and closes', async () => {
    const { requests, dialog, type } = await openDialog({
      [WALLET_PATHS.exchange]: () => ({ money: 1_245_899, mall_quota: 45_489 }),
    });
    type('1.13');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认兑换' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(exchanges(requests)).toEqual([
      { convert_amount: 11_300, request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(getToasts().at(-1)?.message).toBe('兑换成功');
    expect(screen.getByTestId('header-balance').textContent).toBe('124.58');
  });

  it('says 兑换失败 with the reason and stays open', async () => {
    const { dialog, type } = await openDialog({ [WALLET_PATHS.exchange]: () => fail(4221, '商城额度不足') });
    type('5');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认兑换' }));
    await waitFor(() => expect(getToasts().at(-1)?.title).toBe('兑换失败'));
    expect(getToasts().at(-1)?.message).toBe('商城额度不足');
    expect(screen.getByRole('dialog', { name: '额度兑换' })).toBeTruthy();
  });

  it('says only 兑换失败 when the server cannot be reached', async () => {
    const { dialog, type } = await openDialog({
      [WALLET_PATHS.exchange]: () => new Response('<html>502</html>', { status: 502 }),
    });
    type('5');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认兑换' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toEqual(['兑换失败']));
  });
});
