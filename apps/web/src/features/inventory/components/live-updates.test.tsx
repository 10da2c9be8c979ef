import { ITEM_PATHS } from '@kaixiang/shared/inventory';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { InventorySection } from './inventory-section.tsx';

describe('inventory live updates', () => {
  beforeEach(() => {
    storeSession(TOKENS);
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  it('refetches when an offer is settled and tells why a retrieval failed', async () => {
    const { requests } = mockApi(
      accountHandlers({ [ITEM_PATHS.knapsack]: () => ({ list: [], total: 0, total_price: 0 }) }),
    );
    renderWithProviders(<InventorySection />);
    await screen.findByText('背包里还没有饰品');
    const knapsacks = () => requests.filter((r) => r.url.pathname === `/api${ITEM_PATHS.knapsack}`).length;
    expect(knapsacks()).toBe(1);
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'item_update',
        data: { ids: [1], status: 4, failure: 'private_inventory', offer_id: 9 },
        room: 'user:42',
        seq: 1,
      }),
    );
    await waitFor(() => expect(knapsacks()).toBe(2));
    expect(getToasts().at(-1)).toMatchObject({ title: '取回失败', message: '您的 Steam 库存未公开' });
  });
});
