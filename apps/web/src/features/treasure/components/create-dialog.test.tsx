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

const GLOVES: CatalogueSearchItem = {
  item_id: 610,
  name: '运动手套（★） | 超导体',
  img: '',
  quality: 7,
  wears: [{ exter: 3, price: 16_460_000 }],
};
const AK: CatalogueSearchItem = {
  item_id: 611,
  name: 'AK-47 | 红线',
  img: '',
  quality: 4,
  wears: [{ exter: 3, price: 50_000 }],
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
    expect(within(dialog).getByTestId('treasure-margin').textContent).toBe('全部售出后预计盈利 ¥4000.00');
    fireEvent.change(within(dialog).getByLabelText('卡片数量（2–1000）'), { target: { value: '4' } });
    // ¥10 of cards for a ¥6000 prize: the loss in red, and creating it takes a second yes.
    const margin = within(dialog).getByTestId('treasure-margin');
    expect(margin.textContent).toBe('全部售出后预计亏损 ¥5990.00');
    expect(margin.className).toContain('is-loss');
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    const confirm = await screen.findByText(
      '卡片全部售出共 ¥10.00，奖品价值 ¥6000.00：这个夺宝将亏损 ¥5990.00。确定仍要创建吗？',
    );
    const confirmDialog = confirm.closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(confirmDialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(/确定仍要创建吗/)).toBeNull());
    expect(created).toHaveLength(1); // the refused 4000 only: nothing sent without the yes
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    const again = (await screen.findByText(/确定仍要创建吗/)).closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: '仍然创建' }));
    await waitFor(() => expect(router.state.location.search).toBe('?roomID=44'));
    expect(created[1]).toEqual({
      title: '龙狙夺宝',
      item_id: 501,
      exter: 2,
      cards: 4,
      card_price: 25_000,
      deadline: deadline.getTime(),
      prize_price: 60_000_000,
    });
    expect(searches).toContain('AWP');
  });

  it('picks nothing from the list of an older search: typing "AK-47" and clicking at once does not pick the gloves', async () => {
    storeSession(TOKENS);
    // The AK-47 search answers only when the test says so: the click lands before it.
    let answerSearch = () => {};
    const answered = new Promise<void>((resolve) => {
      answerSearch = resolve;
    });
    const created: unknown[] = [];
    const { requests } = mockApi({
      ...accountHandlers({ [ACCOUNT_PATHS.detail]: () => ({ ...USER, role: 'admin' }) }),
      [TREASURE_PATHS.list]: () => ({ list: [], total: 0, now: Date.now() }),
      [ADMIN_CATALOGUE_PATHS.search]: async (req) => {
        const keyword = req.url.searchParams.get('keyword') ?? '';
        if (keyword === '') return { list: [GLOVES, AK], total: 2 };
        await answered;
        return { list: [AK], total: 1 };
      },
      [TREASURE_PATHS.create]: (req) => {
        created.push(JSON.parse(req.body));
        return { room_id: 45 };
      },
    });
    renderHall();
    fireEvent.click(await screen.findByRole('button', { name: '创建夺宝' }));
    const dialog = await screen.findByRole('dialog', { name: '创建夺宝' });
    const list = await within(dialog).findByRole('list', { name: '饰品目录' });
    expect(within(list).getAllByRole('button')[0]?.textContent).toContain('运动手套');

    fireEvent.change(within(dialog).getByLabelText('搜索饰品'), { target: { value: 'AK-47' } });
    // At once, and again once the search is on its way: the first button is still the gloves.
    fireEvent.click(within(list).getAllByRole('button')[0] as HTMLElement);
    expect(within(dialog).queryByRole('group', { name: /已选/ })).toBeNull();
    expect(list.getAttribute('aria-busy')).toBe('true');
    // Typing settled: the search is in flight, its answer held back.
    await waitFor(() => expect(requests.some((r) => r.url.searchParams.get('keyword') === 'AK-47')).toBe(true));
    fireEvent.click(within(list).getAllByRole('button')[0] as HTMLElement);
    expect(within(dialog).queryByRole('group', { name: /已选/ })).toBeNull();
    expect(within(dialog).getByRole('status').textContent).toBe('搜索中…');

    answerSearch();
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    expect(list.getAttribute('aria-busy')).toBe('false');
    fireEvent.click(within(list).getByRole('button', { name: /AK-47 \| 红线/ }));
    expect(within(dialog).getByRole('group', { name: /已选：AK-47 \| 红线/ })).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('夺宝标题'), { target: { value: 'AK-47 夺宝' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' })); // 10 cards × ¥1 > ¥5: no loss
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ title: 'AK-47 夺宝', item_id: AK.item_id, prize_price: 50_000 });
  });

  it('a prize whose price changed since the search is refused and must be picked again', async () => {
    storeSession(TOKENS);
    let searches = 0;
    mockApi({
      ...accountHandlers({ [ACCOUNT_PATHS.detail]: () => ({ ...USER, role: 'admin' }) }),
      [TREASURE_PATHS.list]: () => ({ list: [], total: 0, now: Date.now() }),
      [ADMIN_CATALOGUE_PATHS.search]: () => {
        searches += 1;
        return { list: [AK], total: 1 };
      },
      [TREASURE_PATHS.create]: () => fail(4689, '奖品价格已变动，请重新确认'),
    });
    renderHall();
    fireEvent.click(await screen.findByRole('button', { name: '创建夺宝' }));
    const dialog = await screen.findByRole('dialog', { name: '创建夺宝' });
    fireEvent.click(await within(dialog).findByRole('button', { name: /AK-47 \| 红线/ }));
    fireEvent.change(within(dialog).getByLabelText('夺宝标题'), { target: { value: 'AK-47 夺宝' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('奖品价格已变动，请重新确认'));
    expect(within(dialog).queryByRole('group', { name: /已选/ })).toBeNull();
    await waitFor(() => expect(searches).toBe(2)); // the prices asked again
  });
});
