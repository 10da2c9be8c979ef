import { ADMIN_CATALOGUE_PATHS } from '@kaixiang/shared/admin-catalogue';
import { ADMIN_POINTS_SHOP_PATHS, type AdminPointsShopEntry } from '@kaixiang/shared/admin-points-shop';
import { ERRORS } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type MockHandler } from '../../../../test/mock-api.ts';
import { callsTo } from '../../test-fixtures.ts';
import { field, lastBody, NOW, openPromotions, rowOf } from './promotions-test-kit.ts';

const entry = (id: number, over: Partial<AdminPointsShopEntry> = {}): AdminPointsShopEntry => ({
  id,
  kind: 'coin',
  name_zh_cn: '¥1 金币',
  name_zh_tw: '¥1 金幣',
  name_en: '¥1 in coins',
  item_id: null,
  exter: null,
  coin: 10_000,
  bag_campaign_id: null,
  bag_count: null,
  worth: 10_000,
  price: 100,
  stock: null,
  limit: 1,
  limit_period: 'day',
  starts_at: null,
  ends_at: null,
  sort: 0,
  enabled: true,
  active: true,
  sold: 42,
  points_taken: 4_200,
  worth_given: 420_000,
  created_at: NOW,
  updated_at: NOW,
  ...over,
});

const KNIFE = entry(8, {
  kind: 'item',
  name_zh_cn: 'AK-47 | 红线',
  name_zh_tw: 'AK-47 | 紅線',
  name_en: 'AK-47 | Redline',
  item_id: 501,
  exter: 3,
  coin: null,
  worth: 250_000,
  price: 30_000,
  stock: 5,
  limit: 1,
  limit_period: 'ever',
  enabled: false,
  active: false,
  sold: 2,
  points_taken: 60_000,
  worth_given: 500_000,
});

const open = (overrides: Record<string, MockHandler> = {}) =>
  openPromotions({ [ADMIN_POINTS_SHOP_PATHS.entries]: () => ({ list: [entry(7), KNIFE] }), ...overrides });

async function openTab() {
  fireEvent.click(await screen.findByRole('tab', { name: '积分商城' }));
  await screen.findByText('¥1 金币 / ¥1 金幣 / ¥1 in coins');
}

describe('the promotions section: points shop', () => {
  it('lists the entries with their goods, worth, stock, limits, state and sales', async () => {
    open();
    await openTab();
    const coins = rowOf('¥1 in coins');
    expect(coins.textContent).toContain('金币 · ¥1.00');
    expect(coins.textContent).toContain('100 积分');
    expect(coins.textContent).toContain('不限量每人每天 1 次');
    expect(coins.textContent).toContain('42 件，4200 积分¥42.00');
    expect(within(coins).getByText('在售')).toBeTruthy();
    expect(within(coins).queryByRole('button', { name: '补货' })).toBeNull();
    const knife = rowOf('AK-47 | Redline');
    expect(knife.textContent).toContain('饰品 · #501 久经沙场');
    expect(knife.textContent).toContain('每件成本 ¥25.00');
    expect(knife.textContent).toContain('5每人限 1 次');
    expect(within(knife).getByText('已下架')).toBeTruthy();
    expect(within(knife).getByRole('button', { name: '重新上架' })).toBeTruthy();
  });

  it('creates an item entry picked from the catalogue with the exact body, and reads the list again', async () => {
    const { requests } = open({
      [ADMIN_CATALOGUE_PATHS.search]: () => ({
        list: [
          {
            item_id: 503,
            name: 'M4A1-S | 印花集',
            img: '/img/503.png',
            quality: 5,
            wears: [
              { exter: 1, price: 500_000, table_price: 500_000, set: false },
              { exter: 2, price: 400_000, table_price: 400_000, set: false },
            ],
          },
        ],
        total: 1,
      }),
      [ADMIN_POINTS_SHOP_PATHS.create]: () => entry(9),
    });
    await openTab();
    const reads = callsTo(requests, ADMIN_POINTS_SHOP_PATHS.entries).length;
    fireEvent.click(screen.getByRole('button', { name: '新建商品' }));
    const dialog = await screen.findByRole('dialog', { name: '新建积分商品' });
    field(dialog, '商品类型（建后不可改）', 'item');
    field(dialog, '价格（积分）', '48000');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('请选择饰品');
    expect(callsTo(requests, ADMIN_POINTS_SHOP_PATHS.create)).toHaveLength(0);

    fireEvent.click(await within(dialog).findByRole('button', { name: /M4A1-S \| 印花集/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /略有磨损/ }));
    field(dialog, '库存（留空为不限，0–1000000）', '20');
    field(dialog, '每人限购（留空为不限，1–1000）', '1');
    field(dialog, '限购周期', 'ever');
    field(dialog, '排序（0–1000000，小的在前）', '5');
    field(dialog, '原因（选填，记入操作日志）', '上新');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_POINTS_SHOP_PATHS.create)).toEqual({
      kind: 'item',
      item_id: 503,
      exter: 2,
      coin: null,
      bag_campaign_id: null,
      bag_count: 1,
      stock: 20,
      enabled: true,
      name_zh_cn: '',
      name_zh_tw: '',
      name_en: '',
      price: 48_000,
      limit: 1,
      limit_period: 'ever',
      starts_at: null,
      ends_at: null,
      sort: 5,
      reason: '上新',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_POINTS_SHOP_PATHS.entries).length).toBeGreaterThan(reads));
  });

  it('edits an entry with the exact body, and shows the server’s refusal of added stock in the dialog', async () => {
    const { requests } = open({
      [ADMIN_POINTS_SHOP_PATHS.update]: () => entry(7, { price: 120 }),
      [ADMIN_POINTS_SHOP_PATHS.addStock]: () =>
        fail(ERRORS.POINTS_SHOP_STOCK_UNLIMITED.code, '该商品库存不限，无需补货', 400),
    });
    await openTab();
    fireEvent.click(within(rowOf('¥1 in coins')).getByRole('button', { name: '编辑' }));
    let dialog = await screen.findByRole('dialog', { name: '编辑积分商品 #7' });
    field(dialog, '价格（积分）', '120');
    field(dialog, '每人限购（留空为不限，1–1000）', '');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_POINTS_SHOP_PATHS.update)).toEqual({
      id: 7,
      name_zh_cn: '¥1 金币',
      name_zh_tw: '¥1 金幣',
      name_en: '¥1 in coins',
      price: 120,
      limit: null,
      limit_period: 'day',
      starts_at: null,
      ends_at: null,
      sort: 0,
      reason: '',
    });

    fireEvent.click(within(rowOf('AK-47 | Redline')).getByRole('button', { name: '补货' }));
    dialog = await screen.findByRole('dialog', { name: '为「AK-47 | 红线」补货' });
    field(dialog, '增加件数（1–1000000）', '0');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('增加件数须为 1 到 1000000 的整数');
    field(dialog, '增加件数（1–1000000）', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('该商品库存不限，无需补货'));
    expect(lastBody(requests, ADMIN_POINTS_SHOP_PATHS.addStock)).toEqual({ id: 8, add: 10, reason: '' });
  });

  it('withdraws an entry and puts one back, each with a reason', async () => {
    const { requests } = open({
      [ADMIN_POINTS_SHOP_PATHS.withdraw]: () => entry(7, { enabled: false, active: false }),
      [ADMIN_POINTS_SHOP_PATHS.update]: () => ({ ...KNIFE, enabled: true }),
    });
    await openTab();
    fireEvent.click(within(rowOf('¥1 in coins')).getByRole('button', { name: '下架' }));
    let dialog = await screen.findByRole('dialog', { name: '下架「¥1 金币」' });
    field(dialog, '原因（必填，记入操作日志）', '预算用完');
    fireEvent.click(within(dialog).getByRole('button', { name: '下架' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_POINTS_SHOP_PATHS.withdraw)).toEqual({ id: 7, reason: '预算用完' });

    fireEvent.click(within(rowOf('AK-47 | Redline')).getByRole('button', { name: '重新上架' }));
    dialog = await screen.findByRole('dialog', { name: '重新上架「AK-47 | 红线」' });
    field(dialog, '原因（必填，记入操作日志）', '补货到了');
    fireEvent.click(within(dialog).getByRole('button', { name: '重新上架' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_POINTS_SHOP_PATHS.update)).toEqual({ id: 8, enabled: true, reason: '补货到了' });
  });
});
