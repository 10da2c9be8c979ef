import {
  BOX_PATHS,
  type BoxCard as BoxCardData,
  type ContainsResponse,
  type OpenBoxResponse,
  REQUEST_ID_PATTERN,
} from '@kaixiang/shared/boxes';
import { ITEM_PATHS } from '@kaixiang/shared/inventory';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { APP_EVENTS } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { userDetailQueryOptions } from '../../accounts/api/user-detail.ts';
import { SPIN_MS } from '../reel.ts';
import { BoxPage } from './box-page.tsx';

/** The box page on its own route, with the app's providers. */
function renderBox(path: string) {
  const router = createMemoryRouter([{ path: PATHS.box, element: <BoxPage /> }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}

const BOX: BoxCardData = {
  box_id: 7,
  name: '狂牙大行动武器箱',
  img: '',
  fallback_img: '/img/cases/7.svg',
  price: 125_000,
  category_id: 1,
  rtp_bp: 9000,
  version: 3,
};

const CONTENTS: ContainsResponse = {
  box_id: 7,
  version: 3,
  ticket_total: 1_000_000,
  odds_hash: 'ab'.repeat(32),
  rtp_bp: 9000,
  items: [
    {
      item_id: 11,
      name: 'P250 | 沙丘之黄',
      img: '',
      quality: 1,
      exter: 3,
      cost_price: 5_000,
      tickets: 997_400,
      ticket_from: 0,
      ticket_to: 997_400,
    },
    {
      item_id: 12,
      name: '★ 蝴蝶刀 | 渐变之色',
      img: '',
      quality: 7,
      exter: 1,
      cost_price: 52_000_000,
      tickets: 2_600,
      ticket_from: 997_400,
      ticket_to: 1_000_000,
    },
  ],
};

function opened(id: number, itemIndex: 0 | 1, nonce: number) {
  const item = CONTENTS.items[itemIndex]!;
  return {
    id,
    item_id: item.item_id,
    name: item.name,
    img: '',
    quality: item.quality,
    exter: item.exter,
    cost_price: item.cost_price,
    roll: {
      nonce,
      client_seed: 'player-one',
      server_seed_hash: 'cd'.repeat(32),
      server_seed: null,
      odds_hash: CONTENTS.odds_hash,
      box_version: 3,
      ticket: item.ticket_from + 5,
    },
  };
}

function openResponse(count: number): OpenBoxResponse {
  return {
    opening_id: 501,
    box_id: 7,
    total_price: BOX.price * count,
    money: 999_999,
    items: Array.from({ length: count }, (_, i) => opened(9000 + i, i === 0 ? 1 : 0, i)),
  };
}

function boxHandlers(overrides: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    [BOX_PATHS.info]: () => ({ box: BOX }),
    [BOX_PATHS.contains]: () => CONTENTS,
    [BOX_PATHS.history]: () => ({ list: [], total: 0 }),
    ...overrides,
  };
}

function reduceMotion(on: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: on && query.includes('reduce'), media: query, addEventListener() {} })),
  );
}

function signedIn(overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  return mockApi(accountHandlers(boxHandlers(overrides)));
}

const opens = (requests: MockRequest[]) => requests.filter((r) => r.url.pathname.endsWith(BOX_PATHS.open));

describe('box page', () => {
  it('shows the price, the RTP and every item with its drop chance, rarest first', async () => {
    mockApi(boxHandlers());
    renderBox('/box/7');
    expect(await screen.findByRole('heading', { name: '狂牙大行动武器箱' })).toBeTruthy();
    expect(screen.getByText('返奖率 90.00%')).toBeTruthy();
    const grid = await screen.findByRole('region', { name: '箱内饰品' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('.item-card__name')?.textContent)).toEqual([
      '★ 蝴蝶刀 | 渐变之色',
      'P250 | 沙丘之黄',
    ]);
    expect(within(cards[0]!).getByText('0.2600%')).toBeTruthy();
    expect(within(cards[1]!).getByText('99.7400%')).toBeTruthy();
    expect(within(cards[0]!).getByText('5200.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /开 10 次/ }).textContent).toContain('125.00');
  });

  it('asks a visitor to log in instead of opening', async () => {
    const { requests } = mockApi(boxHandlers());
    const onLogin = vi.fn();
    window.addEventListener(APP_EVENTS.openLogin, onLogin);
    renderBox('/box/7');
    await screen.findByText('0.2600%');
    fireEvent.click(screen.getByRole('button', { name: /开 1 次/ }));
    expect(onLogin).toHaveBeenCalled();
    expect(opens(requests)).toHaveLength(0);
    window.removeEventListener(APP_EVENTS.openLogin, onLogin);
  });

  it('opens with the count and a request id, then shows what was won and the new balance', async () => {
    reduceMotion(true);
    const { requests } = signedIn({ [BOX_PATHS.open]: () => openResponse(1) });
    const { queryClient } = renderBox('/box/7');
    await screen.findByText('0.2600%');
    // The header's query, as if the header had loaded the player.
    await queryClient.fetchQuery(userDetailQueryOptions);
    fireEvent.click(screen.getByRole('button', { name: /开 1 次/ }));

    const dialog = await screen.findByRole('dialog', { name: '恭喜获得' });
    const body = JSON.parse(opens(requests)[0]!.body);
    expect(body).toMatchObject({ box_id: 7, count: 1 });
    expect(body.request_id).toMatch(REQUEST_ID_PATTERN);
    const won = within(dialog).getByRole('listitem', { name: '★ 蝴蝶刀 | 渐变之色' });
    expect(within(won).getByText('崭新出厂')).toBeTruthy();
    expect(within(won).getByText('★ 稀有特殊物品')).toBeTruthy();
    expect(within(won).getByText('5200.00')).toBeTruthy();
    expect(queryClient.getQueryData(userDetailQueryOptions.queryKey)).toMatchObject({ money: 999_999 });
  });

  it('spins one strip per box with the won item at the landing tile, and can be skipped', async () => {
    reduceMotion(false);
    signedIn({ [BOX_PATHS.open]: () => openResponse(5) });
    renderBox('/box/7');
    await screen.findByText('0.2600%');
    fireEvent.click(screen.getByRole('button', { name: /开 5 次/ }));
    const strips = await screen.findAllByTestId('reel-strip');
    expect(strips).toHaveLength(5);
    const landing = strips[0]!.querySelectorAll('.reel-tile')[45] as HTMLElement;
    expect(landing.dataset.itemId).toBe('12');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('button', { name: /开 1 次/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '跳过动画' }));
    const dialog = await screen.findByRole('dialog', { name: '恭喜获得' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(5);
  });

  it('after a lucky opening lands, shows the lucky-player overlay with the award, then what was won', async () => {
    reduceMotion(false);
    const lucky = openResponse(5);
    lucky.items = lucky.items.map((i, k) => ({
      ...i,
      lucky: { roll: k === 2 ? 0 : 40 + k, award: k === 2 ? 88_800 : 0 },
    }));
    signedIn({ [BOX_PATHS.open]: () => lucky });
    renderBox('/box/7');
    await screen.findByText('0.2600%');
    fireEvent.click(screen.getByRole('button', { name: /开 5 次/ }));
    await screen.findAllByTestId('reel-strip');
    // The reel first: nothing tells the player before it lands.
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '跳过动画' }));
    const overlay = await screen.findByRole('dialog', { name: '恭喜成为幸运玩家！' });
    expect(within(overlay).getByText('8.88')).toBeTruthy();
    expect(within(overlay).getByText('这次开箱命中了 1/108 的幸运数字')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '恭喜获得' })).toBeNull();
    fireEvent.click(within(overlay).getByRole('button', { name: '收下奖励' }));
    const result = await screen.findByRole('dialog', { name: '恭喜获得' });
    expect(within(result).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('dialog', { name: '恭喜成为幸运玩家！' })).toBeNull();
  });

  it('shows no lucky overlay for an opening in a window whose rolls were not 0', async () => {
    reduceMotion(true);
    const plain = openResponse(1);
    plain.items = plain.items.map((i) => ({ ...i, lucky: { roll: 17, award: 0 } }));
    signedIn({ [BOX_PATHS.open]: () => plain });
    renderBox('/box/7');
    await screen.findByText('0.2600%');
    fireEvent.click(screen.getByRole('button', { name: /开 1 次/ }));
    expect(await screen.findByRole('dialog', { name: '恭喜获得' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '恭喜成为幸运玩家！' })).toBeNull();
  });

  it('lands by itself after the spin, and only then refreshes the recent openings', async () => {
    reduceMotion(false);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = signedIn({ [BOX_PATHS.open]: () => openResponse(1) });
    renderBox('/box/7');
    await screen.findByText('0.2600%');
    const historyCalls = () => requests.filter((r) => r.url.pathname.endsWith(BOX_PATHS.history)).length;
    fireEvent.click(screen.getByRole('button', { name: /开 1 次/ }));
    await screen.findAllByTestId('reel-strip');
    const before = historyCalls();
    act(() => vi.advanceTimersByTime(SPIN_MS - 500));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(historyCalls()).toBe(before);
    act(() => vi.advanceTimersByTime(1000));
    expect(await screen.findByRole('dialog', { name: '恭喜获得' })).toBeTruthy();
    await waitFor(() => expect(historyCalls()).toBe(before + 1));
  });

  it('sells one item (code 0) and then the rest, updating the balance', async () => {
    reduceMotion(true);
    const { requests } = signedIn({
      [BOX_PATHS.open]: () => openResponse(5),
      [ITEM_PATHS.sell]: () =>
        new Response(
          JSON.stringify({
            code: 0,
            data: { ids: [9000], amount: 52_000_000, money: 52_999_999, mall_quota: 0 },
            msg: '',
          }),
        ),
      [ITEM_PATHS.convert]: () => ({ ids: [9001, 9002, 9003, 9004], amount: 20_000, money: 53_019_999, mall_quota: 0 }),
    });
    const { queryClient } = renderBox('/box/7');
    await screen.findByText('0.2600%');
    // The header's query, as if the header had loaded the player.
    await queryClient.fetchQuery(userDetailQueryOptions);
    fireEvent.click(screen.getByRole('button', { name: /开 5 次/ }));
    const dialog = await screen.findByRole('dialog', { name: '恭喜获得' });

    const knife = within(dialog).getByRole('listitem', { name: '★ 蝴蝶刀 | 渐变之色' });
    fireEvent.click(within(knife).getByRole('button', { name: '出售' }));
    expect(await within(knife).findByText('已出售')).toBeTruthy();
    const sell = requests.find((r) => r.url.pathname.endsWith(ITEM_PATHS.sell))!;
    expect(JSON.parse(sell.body)).toEqual({ _id: 9000 });
    expect(getToasts().at(-1)?.message).toBe('奖品出售成功');
    expect(queryClient.getQueryData(userDetailQueryOptions.queryKey)).toMatchObject({ money: 52_999_999 });

    fireEvent.click(within(dialog).getByRole('button', { name: /全部出售/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const convert = requests.find((r) => r.url.pathname.endsWith(ITEM_PATHS.convert))!;
    expect(JSON.parse(convert.body)).toEqual({ ids: [9001, 9002, 9003, 9004] });
    expect(queryClient.getQueryData(userDetailQueryOptions.queryKey)).toMatchObject({ money: 53_019_999 });
  });

  it('shows the server’s message when the balance is too low', async () => {
    reduceMotion(true);
    signedIn({ [BOX_PATHS.open]: () => fail(4201, '余额不足，请先充值', 400) });
    renderBox('/box/7');
    await screen.findByText('0.2600%');
    fireEvent.click(screen.getByRole('button', { name: /开 10 次/ }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toEqual(['余额不足，请先充值']));
    expect(getToasts()[0]?.kind).toBe('error');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryAllByTestId('reel-strip')).toHaveLength(0);
  });

  it('retries a lost answer with the same request id, so the box is paid once', async () => {
    reduceMotion(true);
    let calls = 0;
    const { requests } = signedIn({
      [BOX_PATHS.open]: () => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return openResponse(1);
      },
    });
    renderBox('/box/7');
    await screen.findByText('0.2600%');
    fireEvent.click(screen.getByRole('button', { name: /开 1 次/ }));
    await screen.findByRole('dialog', { name: '恭喜获得' }, { timeout: 3000 });
    const ids = opens(requests).map((r) => JSON.parse(r.body).request_id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(getToasts()).toHaveLength(0);
  });

  it('a new opening after a finished one gets a new request id', async () => {
    reduceMotion(true);
    const { requests } = signedIn({ [BOX_PATHS.open]: () => openResponse(1) });
    renderBox('/box/7');
    await screen.findByText('0.2600%');
    fireEvent.click(screen.getByRole('button', { name: /开 1 次/ }));
    fireEvent.click(await screen.findByRole('button', { name: '放入背包' }));
    fireEvent.click(screen.getByRole('button', { name: /开 1 次/ }));
    await screen.findByRole('dialog', { name: '恭喜获得' });
    const ids = opens(requests).map((r) => JSON.parse(r.body).request_id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it('says so when the box does not exist', async () => {
    mockApi(boxHandlers({ [BOX_PATHS.info]: () => fail(4202, '箱子不存在', 404) }));
    renderBox('/box/99');
    expect(await screen.findByText('箱子不存在或已下架')).toBeTruthy();
  });
});
