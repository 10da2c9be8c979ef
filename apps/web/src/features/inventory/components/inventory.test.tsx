import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import { type InventoryItem, ITEM_PATHS } from '@kaixiang/shared/inventory';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS, USER } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderApp, renderWithProviders } from '../../../test/render-app.tsx';
import { InventorySection } from './inventory-section.tsx';

const NOW = Date.now();

function item(overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    id: 1,
    item_id: 101,
    name: 'AK-47 | 红线',
    code_name: 'ak47_redline',
    cost_price: 125_000,
    exter: 3,
    img: '',
    quality: 5,
    quality_rate: 0,
    status: 0,
    disposal: null,
    source: 'box',
    source_name: '新手箱',
    created_at: NOW - 60_000,
    retrieve_available_at: null,
    failure: null,
    offer_expires_at: null,
    offer_security_code: null,
    ...overrides,
  };
}

const ITEMS = [
  item(),
  item({ id: 2, item_id: 102, name: 'M4A1-S | 氮化处理', cost_price: 30_000, exter: 1, quality: 3 }),
  item({
    id: 3,
    item_id: 103,
    name: 'USP-S | 守护者',
    status: 1,
    offer_expires_at: NOW + 3_600_000,
    offer_security_code: 'K7Q2XM',
  }),
  item({
    id: 4,
    item_id: 104,
    name: 'AWP | 二西莫夫',
    status: 4,
    failure: 'declined',
    retrieve_available_at: NOW + 240_000,
  }),
  item({ id: 5, item_id: 105, name: 'P250 | 沙丘', status: 2, disposal: 'recycle' }),
];

const lastToast = () => getToasts().at(-1);
const posts = (requests: MockRequest[], path: string) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === `/api${path}`).map((r) => JSON.parse(r.body));
const zero = (data: unknown) => new Response(JSON.stringify({ code: 0, data, msg: '' }));
const moneyAction = (ids: number[]) => ({ ids, amount: 155_000, money: 2_000_000, mall_quota: 56_789 });

function setup(overrides: Record<string, MockHandler> = {}, user = USER) {
  storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [ACCOUNT_PATHS.detail]: () => user,
      [ITEM_PATHS.knapsack]: () => ({ list: ITEMS, total: ITEMS.length, total_price: 155_000 }),
      ...overrides,
    }),
  );
  const view = renderWithProviders(<InventorySection />, '/personalCenter/inventory');
  return { ...api, ...view };
}

const card = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('inventory list', () => {
  it('asks for every status first, then sends each filter, going back to page 1', async () => {
    const { requests } = setup();
    await screen.findByText('AK-47 | 红线');
    const knapsack = () => posts(requests, ITEM_PATHS.knapsack);
    expect(knapsack()[0]).toEqual({ page: 1, page_size: 24, status: [0, 1, 2, 3, 4, 5], sort: 'time_desc' });

    fireEvent.click(screen.getByRole('tab', { name: '取回失败' }));
    await waitFor(() => expect(knapsack().at(-1)).toMatchObject({ status: [4] }));
    fireEvent.click(screen.getByRole('tab', { name: '可用' }));
    await waitFor(() => expect(knapsack().at(-1)).toMatchObject({ status: [0] }));
    fireEvent.change(screen.getByLabelText('品质'), { target: { value: '5' } });
    await waitFor(() => expect(knapsack().at(-1)).toMatchObject({ quality: 5, status: [0] }));
    fireEvent.change(screen.getByLabelText('排序'), { target: { value: 'price_asc' } });
    await waitFor(() => expect(knapsack().at(-1)).toMatchObject({ sort: 'price_asc' }));
    fireEvent.change(screen.getByLabelText('饰品名称'), { target: { value: '  红线 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(knapsack().at(-1)).toEqual({
        page: 1,
        page_size: 24,
        status: [0],
        quality: 5,
        keyword: '红线',
        sort: 'price_asc',
      }),
    );
  });

  it('shows the total value, statuses, why a retrieval failed and when the offer expires', async () => {
    setup();
    await screen.findByText('AK-47 | 红线');
    expect(screen.getByTestId('inventory-total').textContent).toBe('¥15.50');
    expect(within(card('AK-47 | 红线')).getByText('可用')).toBeTruthy();
    expect(within(card('AK-47 | 红线')).getByText('久经沙场')).toBeTruthy();
    expect(within(card('AK-47 | 红线')).getByText('隐秘')).toBeTruthy();
    expect(within(card('USP-S | 守护者')).getByText('取回中')).toBeTruthy();
    expect(within(card('USP-S | 守护者')).getByText(/前于 Steam 接受报价/)).toBeTruthy();
    expect(within(card('USP-S | 守护者')).getByText(/安全码 K7Q2XM/)).toBeTruthy();
    const failed = card('AWP | 二西莫夫');
    expect(within(failed).getByText('取回失败')).toBeTruthy();
    expect(within(failed).getByText('您拒绝了交易报价')).toBeTruthy();
    expect(within(failed).getByText(/后可重新取回/)).toBeTruthy();
    // The 5-minute wait after a decline is not over: retrieve is off, selling is not.
    expect((within(failed).getByRole('button', { name: '取回' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(failed).getByRole('button', { name: '出售' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(card('P250 | 沙丘')).getByText('已回收')).toBeTruthy();
    expect(within(card('P250 | 沙丘')).queryByRole('button')).toBeNull();
  });

  it('sells the selected items as a list after confirming the total, says 出售成功 and refetches', async () => {
    const { requests } = setup({ [ITEM_PATHS.sell]: () => zero(moneyAction([1, 2])) });
    await screen.findByText('AK-47 | 红线');
    fireEvent.click(screen.getByLabelText('选择 AK-47 | 红线'));
    fireEvent.click(screen.getByLabelText('选择 M4A1-S | 氮化处理'));
    expect(screen.getByText('已选 2 件')).toBeTruthy();
    const bar = screen.getByText('已选 2 件').closest('.inv-bar') as HTMLElement;
    fireEvent.click(within(bar).getByRole('button', { name: '出售' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认出售 2 件饰品？将获得 15.50 金币')).toBeTruthy();
    const before = posts(requests, ITEM_PATHS.knapsack).length;
    fireEvent.click(within(dialog).getByRole('button', { name: '出售' }));
    await waitFor(() => expect(lastToast()?.message).toBe('出售成功'));
    expect(posts(requests, ITEM_PATHS.sell)).toEqual([{ _id: [1, 2] }]);
    await waitFor(() => expect(posts(requests, ITEM_PATHS.knapsack).length).toBeGreaterThan(before));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('select all takes only the items that can be acted on', async () => {
    setup();
    await screen.findByText('AK-47 | 红线');
    fireEvent.click(screen.getByLabelText('全选本页'));
    expect(screen.getByText('已选 3 件')).toBeTruthy();
  });

  it('sells one item by its own button with a single id, and says 出售失败 with the reason', async () => {
    const { requests } = setup({ [ITEM_PATHS.sell]: () => fail(4211, '饰品当前状态不可操作') });
    await screen.findByText('AK-47 | 红线');
    fireEvent.click(within(card('AK-47 | 红线')).getByRole('button', { name: '出售' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '出售' }));
    await waitFor(() => expect(lastToast()?.title).toBe('出售失败'));
    expect(lastToast()?.message).toBe('饰品当前状态不可操作');
    expect(posts(requests, ITEM_PATHS.sell)).toEqual([{ _id: 1 }]);
  });

  it('recycles into mall quota with {ids} and says 回收成功', async () => {
    const { requests } = setup({ [ITEM_PATHS.recycle]: () => moneyAction([2]) });
    await screen.findByText('AK-47 | 红线');
    fireEvent.click(within(card('M4A1-S | 氮化处理')).getByRole('button', { name: '回收' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认回收 1 件饰品？将获得 3.00 商城额度')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '回收' }));
    await waitFor(() => expect(lastToast()?.message).toBe('回收成功'));
    expect(posts(requests, ITEM_PATHS.recycle)).toEqual([{ ids: [2] }]);
  });

  it('without a trade link, retrieving asks for one and sends nothing', async () => {
    const { requests } = setup({ [ITEM_PATHS.retrieve]: () => ({ ids: [1], offer_id: 9 }) });
    await screen.findByText('AK-47 | 红线');
    fireEvent.click(within(card('AK-47 | 红线')).getByRole('button', { name: '取回' }));
    const dialog = await screen.findByRole('dialog', { name: '绑定交易链接' });
    expect(within(dialog).getByText('您没有填写交易链接')).toBeTruthy();
    expect(within(dialog).getByLabelText('Steam 交易链接')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '继续取回' }) as HTMLButtonElement).disabled).toBe(true);
    expect(posts(requests, ITEM_PATHS.retrieve)).toEqual([]);
  });

  it('binding the link in the prompt lets the retrieval carry on', async () => {
    let user = USER;
    const { requests } = setup({
      [ACCOUNT_PATHS.detail]: () => user,
      [ACCOUNT_PATHS.steamLink]: (req) => {
        user = { ...USER, steam_link: JSON.parse(req.body).steam_link };
        return { reward_price: 0 };
      },
      [ITEM_PATHS.retrieve]: () => ({ ids: [1], offer_id: 9 }),
    });
    await screen.findByText('AK-47 | 红线');
    fireEvent.click(within(card('AK-47 | 红线')).getByRole('button', { name: '取回' }));
    const prompt = await screen.findByRole('dialog', { name: '绑定交易链接' });
    fireEvent.change(within(prompt).getByLabelText('Steam 交易链接'), {
      target: { value: 'https://steamcommunity.com/tradeoffer/new/?partner=12345&token=AbCdEf12' },
    });
    fireEvent.click(within(prompt).getByRole('button', { name: '绑定' }));
    const carryOn = within(prompt).getByRole('button', { name: '继续取回' }) as HTMLButtonElement;
    await waitFor(() => expect(carryOn.disabled).toBe(false));
    fireEvent.click(carryOn);
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '取回' }));
    await waitFor(() => expect(lastToast()?.message).toBe('取回申请已提交，请在12小时内于 Steam 接受报价'));
    expect(posts(requests, ITEM_PATHS.retrieve)).toEqual([{ ids: [1] }]);
  });

  it('with a trade link, retrieves the selected items that may go now', async () => {
    const linked = { ...USER, steam_link: 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=abc' };
    const { requests } = setup(
      { [ITEM_PATHS.retrieve]: () => fail(4213, '被拒绝的报价需等待5分钟后才能再次取回') },
      linked,
    );
    await screen.findByText('AK-47 | 红线');
    fireEvent.click(screen.getByLabelText('选择 AK-47 | 红线'));
    fireEvent.click(screen.getByLabelText('选择 AWP | 二西莫夫'));
    const bar = screen.getByText('已选 2 件').closest('.inv-bar') as HTMLElement;
    fireEvent.click(within(bar).getByRole('button', { name: '取回' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确认取回 1 件饰品/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取回' }));
    await waitFor(() => expect(lastToast()?.title).toBe('取回失败'));
    expect(posts(requests, ITEM_PATHS.retrieve)).toEqual([{ ids: [1] }]);
  });
});

describe('warehouse log', () => {
  it('lists every item got with the columns of the spec', async () => {
    const { requests } = setup({
      [ITEM_PATHS.warehouseLog]: () => ({ list: [ITEMS[4], ITEMS[0]], total: 2 }),
    });
    await screen.findByText('AK-47 | 红线');
    fireEvent.click(screen.getByRole('tab', { name: '仓库日志' }));
    const table = await screen.findByRole('table');
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(['序号', '箱子名称', '获得饰品', '磨损', '类型', '时间', '状态']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('P250 | 沙丘')).toBeTruthy();
    expect(within(rows[0]!).getByText('已回收')).toBeTruthy();
    expect(within(rows[1]!).getByText('开箱')).toBeTruthy();
    expect(within(rows[1]!).getByText('新手箱')).toBeTruthy();
    expect(posts(requests, ITEM_PATHS.warehouseLog)).toEqual([{ page: 1, page_size: 20 }]);
  });
});

describe('personal centre', () => {
  it('shows the basic info card on top and the inventory below it', async () => {
    storeSession(TOKENS);
    mockApi(accountHandlers({ [ITEM_PATHS.knapsack]: () => ({ list: ITEMS, total: 5, total_price: 155_000 }) }));
    renderApp('/personalCenter/inventory');
    const info = await screen.findByRole('region', { name: '基本信息' });
    const inventory = await screen.findByRole('region', { name: '我的背包' });
    expect(info.compareDocumentPosition(inventory) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(inventory).findByText('AK-47 | 红线')).toBeTruthy();
  });
});
