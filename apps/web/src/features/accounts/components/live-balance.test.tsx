import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdBalance } from '../../../lib/balance-hold.ts';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AccountHeader } from './account-header.tsx';

describe('live header balance', () => {
  beforeEach(() => {
    storeSession(TOKENS);
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  const push = (data: unknown, seq: number) =>
    act(() => FakeWebSocket.latest().receive({ type: 'money_modify', data, room: 'user:42', seq }));

  it('follows money_modify on the own room: type 2 both, 0 coins only, 1 quota only', async () => {
    mockApi(accountHandlers());
    renderWithProviders(<AccountHeader />);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('123.45'));
    act(() => void FakeWebSocket.opened());
    expect(FakeWebSocket.latest().sent).toContainEqual({ type: 'JOIN', data: { room: 'user:42' } });

    push({ type: 2, money: 5_000_099, mall_quota: 120_000 }, 1);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('500.00'));
    expect(screen.getByTestId('header-quota').textContent).toBe('12.00');

    push({ type: 0, money: 10_000, mall_quota: 0 }, 2);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('1.00'));
    expect(screen.getByTestId('header-quota').textContent).toBe('12.00');

    push({ type: 1, money: 0, mall_quota: 30_000 }, 3);
    await waitFor(() => expect(screen.getByTestId('header-quota').textContent).toBe('3.00'));
    expect(screen.getByTestId('header-balance').textContent).toBe('1.00');
  });

  it('keeps pushes back while a game screen holds the balance, and applies them when the hold ends', async () => {
    mockApi(accountHandlers());
    renderWithProviders(<AccountHeader />);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('123.45'));

    // A hold released by its screen (unmount): the waiting push is applied then.
    const release = holdBalance(Date.now() + 60_000);
    push({ type: 0, money: 2_000_000, mall_quota: 0 }, 1);
    push({ type: 0, money: 3_000_000, mall_quota: 0 }, 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('header-balance').textContent).toBe('123.45');
    act(() => release());
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('300.00'));

    // A hold that runs out by itself.
    holdBalance(Date.now() + 150);
    push({ type: 0, money: 4_000_000, mall_quota: 0 }, 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('header-balance').textContent).toBe('300.00');
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('400.00'));
  });
});
