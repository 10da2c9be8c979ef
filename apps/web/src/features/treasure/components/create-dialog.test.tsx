import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts-paths';
import { ADMIN_CATALOGUE_PATHS, type CatalogueSearchItem } from '@kaixiang/shared/admin-catalogue';
import { TREASURE_PATHS } from '@kaixiang/shared/treasure';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS, USER } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { fail, mockApi } from '../../../test/mock-api.ts';
import { TreasureHallPage } from './treasure-hall.tsx';

const AWP: CatalogueSearchItem = {
  item_id: 501,
  name: 'AWP | 巨龙传说',
  img: '',
  quality: 6,
  wears: [
    { exter: 1, price: 80_000_000 },
    { exter: 2, price: 60_000_000 },
    { exter: 3, price: 40_000_000 },
  ],
};
const KNIFE: CatalogueSearchItem = {
  item_id: 502,
  name: '★ 爪子刀',
  img: '',
  quality: 7,
  wears: [{ exter: 6, price: 9_000_000 }],
};

function renderHall() {
  const router = createMemoryRouter(
    [
      { path: PATHS.card, element: <TreasureHallPage /> },
      { path: PATHS.cardDetails, element: <p>details page</p> },
    ],
    { initialEntries: [PATHS.card] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the admins’ create dialog', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  it('is offered to an admin only: a player’s hall has no create button', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi({
      ...accountHandlers(),
      [TREASURE_PATHS.list]: () => ({ list: [], total: 0, now: Date.now() }),
    });
    renderHall();
    await screen.findByText('暂无夺宝');
    await waitFor(() => expect(requests.some((r) => r.url.pathname.endsWith(ACCOUNT_PATHS.detail))).toBe(true));
    expect(screen.queryByRole('button', { name: '创建夺宝' })).toBeNull();
  });

  it('searches the catalogue, picks an item and its wear, and creates the treasure in units', async () => {
    storeSession(TOKENS);
    const created: unknown[] = [];
    const searches: string[] = [];
    mockApi({
      ...accountHandlers({ [ACCOUNT_PATHS.detail]: () => ({ ...USER, role: 'admin' }) }),
      [TREASURE_PATHS.list]: () => ({ list: [], total: 0, now: Date.now() }),
      [ADMIN_CATALOGUE_PATHS.search]: (req) => {
        const keyword = req.url.searchParams.get('keyword') ?? '';
        searches.push(keyword);
        const list = [AWP, KNIFE].filter((i) => i.name.includes(keyword));
        return { list, total: list.length };
      },
      [TREASURE_PATHS.create]: (req) => {
        const body = JSON.parse(req.body) as { cards: number };
        created.push(body);
        if (body.cards > 1000) return fail(4683, '卡片数量须为2–1000张');
        return { room_id: 44 };
      },
    });
    const router = renderHall();
    fireEvent.click(await screen.findByRole('button', { name: '创建夺宝' }));
    const dialog = await screen.findByRole('dialog', { name: '创建夺宝' });
    // The whole catalogue first, then what the search finds (typing settles before it asks).
    expect(await within(dialog).findByRole('button', { name: /★ 爪子刀/ })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('搜索饰品'), { target: { value: 'AWP' } });
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /★ 爪子刀/ })).toBeNull());
    const awp = within(dialog).getByRole('button', { name: /AWP \| 巨龙传说/ });
    expect(awp.textContent).toContain('¥8000.00'); // its best wear's price
    expect(awp.textContent).toContain('违禁'); // quality 6's label
    fireEvent.click(awp);
    expect(awp.getAttribute('aria-pressed')).toBe('true');
    // Its wears, each at its own price; Minimal Wear picked.
    const wears = within(dialog).getByRole('group', { name: /已选：AWP \| 巨龙传说/ });
    expect(within(wears).getAllByRole('radio')).toHaveLength(3);
    fireEvent.click(within(wears).getByRole('radio', { name: /略有磨损/ }));

    fireEvent.change(within(dialog).getByLabelText('夺宝标题'), { target: { value: '龙狙夺宝' } });
    fireEvent.change(within(dialog).getByLabelText('卡片数量（2–1000）'), { target: { value: '4000' } });
    fireEvent.change(within(dialog).getByLabelText('每张价格（元）'), { target: { value: '2.5' } });
    const deadline = new Date(Date.now() + 2 * 86_400_000);
    deadline.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    fireEvent.change(within(dialog).getByLabelText('截止时间'), {
      target: {
        value: `${deadline.getFullYear()}-${pad(deadline.getMonth() + 1)}-${pad(deadline.getDate())}T${pad(deadline.getHours())}:${pad(deadline.getMinutes())}`,
      },
    });
    expect(within(dialog).getByText('全部售出共 ¥10000.00，奖品价值 ¥6000.00')).toBeTruthy();
    // The server refuses a count out of range in the admin's language.
    fireEvent.submit(within(dialog).getByRole('button', { name: '创建' }).closest('form') as HTMLFormElement);
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('卡片数量须为2–1000张'));
    fireEvent.change(within(dialog).getByLabelText('卡片数量（2–1000）'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(router.state.location.search).toBe('?roomID=44'));
    expect(created[1]).toEqual({
      title: '龙狙夺宝',
      item_id: 501,
      exter: 2,
      cards: 4,
      card_price: 25_000,
      deadline: deadline.getTime(),
    });
    expect(searches).toContain('AWP');
  });
});
