import { ADMIN_CATALOGUE_PATHS } from '@kaixiang/shared/admin-catalogue';
import { ADMIN_WISHING_WELL_PATHS, type AdminWishEntry } from '@kaixiang/shared/admin-wishing-well';
import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type MockHandler } from '../../../../test/mock-api.ts';
import { callsTo } from '../../test-fixtures.ts';
import { field, lastBody, NOW, openPromotions, rowOf } from './promotions-test-kit.ts';

const wish = (id: number, over: Partial<AdminWishEntry> = {}): AdminWishEntry => ({
  id,
  item_id: 601,
  exter: 3,
  name_zh_cn: 'M4A4 | 二西莫夫',
  name_zh_tw: 'M4A4 | 二西莫夫',
  name_en: 'M4A4 | Asiimov',
  worth: 2_437_300,
  currency: 'coin',
  price: 270_900,
  chance_ppm: 100_000,
  rtp_ppm: 899_704,
  sort: 0,
  enabled: true,
  wishes: 120,
  hits: 11,
  taken: 32_508_000,
  worth_given: 26_810_300,
  created_at: NOW,
  updated_at: NOW,
  ...over,
});

const POINTS_WISH = wish(2, {
  item_id: 602,
  exter: 1,
  name_zh_cn: 'UMP-45 | 动量',
  name_zh_tw: 'UMP-45 | 動量',
  name_en: 'UMP-45 | Momentum',
  worth: 506_500,
  currency: 'point',
  price: 282,
  chance_ppm: 50_000,
  rtp_ppm: 898_049,
  enabled: false,
  wishes: 40,
  hits: 2,
  taken: 11_280,
  worth_given: 1_013_000,
});

const open = (overrides: Record<string, MockHandler> = {}) =>
  openPromotions({ [ADMIN_WISHING_WELL_PATHS.entries]: () => ({ list: [wish(1), POINTS_WISH] }), ...overrides });

async function openTab() {
  fireEvent.click(await screen.findByRole('tab', { name: '许愿池' }));
  await screen.findByText('M4A4 | 二西莫夫 / M4A4 | 二西莫夫 / M4A4 | Asiimov');
}

describe('the promotions section: wishing well', () => {
  it('lists the entries with their price, chance, return to player and what the wishes took and gave', async () => {
    open();
    await openTab();
    const coin = rowOf('M4A4 | Asiimov');
    expect(coin.textContent).toContain('#601 久经沙场¥243.73');
    expect(coin.textContent).toContain('¥27.09 · 10%');
    expect(coin.textContent).toContain('89.97%');
    expect(coin.textContent).toContain('120 次 / 命中 11 次收取 ¥3250.80 · 送出 ¥2681.03');
    expect(within(coin).getByText('在售')).toBeTruthy();
    const points = rowOf('UMP-45 | Momentum');
    expect(points.textContent).toContain('282 积分 · 5%');
    expect(points.textContent).toContain('收取 11280 积分');
    expect(within(points).getByText('已下架')).toBeTruthy();
  });

  it('adds an item for points with the exact body, refusing a return above 95% first', async () => {
    const { requests } = open({
      [ADMIN_CATALOGUE_PATHS.search]: () => ({
        list: [
          {
            item_id: 503,
            name: 'M4A1-S | 印花集',
            img: '/img/503.png',
            quality: 5,
            wears: [{ exter: 1, price: 500_000, table_price: 500_000, set: false }],
          },
        ],
        total: 1,
      }),
      [ADMIN_WISHING_WELL_PATHS.create]: () => wish(3),
    });
    await openTab();
    const reads = callsTo(requests, ADMIN_WISHING_WELL_PATHS.entries).length;
    fireEvent.click(screen.getByRole('button', { name: '新建许愿' }));
    const dialog = await screen.findByRole('dialog', { name: '新建许愿' });
    fireEvent.click(await within(dialog).findByRole('button', { name: /M4A1-S \| 印花集/ }));
    field(dialog, '每次价格（积分）', '500');
    field(dialog, '命中概率（%，最多 4 位小数）', '10');
    // ¥50 × 10% for 500 points (¥5.00): a 100% return.
    expect(within(dialog).getByTestId('wish-rtp').textContent).toBe('返还率 100.00%（上限 95%）');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorMessage('WISH_RTP_TOO_HIGH', 'zh-CN'));
    expect(callsTo(requests, ADMIN_WISHING_WELL_PATHS.create)).toHaveLength(0);

    field(dialog, '每次价格（积分）', '556');
    expect(within(dialog).getByTestId('wish-rtp').textContent).toBe('返还率 89.92%（上限 95%）');
    field(dialog, '原因（选填，记入操作日志）', '上新');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_WISHING_WELL_PATHS.create)).toEqual({
      item_id: 503,
      exter: 1,
      currency: 'point',
      enabled: true,
      name_zh_cn: '',
      name_zh_tw: '',
      name_en: '',
      price: 556,
      chance_ppm: 100_000,
      sort: 0,
      reason: '上新',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_WISHING_WELL_PATHS.entries).length).toBeGreaterThan(reads));
  });

  it('edits an entry, showing the server’s refusal in the dialog, and withdraws one with a reason', async () => {
    const { requests } = open({
      [ADMIN_WISHING_WELL_PATHS.update]: () => fail(ERRORS.WISH_ITEM_INVALID.code, '服务器：饰品已下架', 400),
      [ADMIN_WISHING_WELL_PATHS.withdraw]: () => wish(1, { enabled: false }),
    });
    await openTab();
    fireEvent.click(within(rowOf('M4A4 | Asiimov')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑许愿 #1' });
    expect((within(dialog).getByLabelText('支付方式（建后不可改）') as HTMLSelectElement).disabled).toBe(true);
    field(dialog, '命中概率（%，最多 4 位小数）', '9.5');
    field(dialog, '每次价格（元）', '25');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('服务器：饰品已下架'));
    expect(lastBody(requests, ADMIN_WISHING_WELL_PATHS.update)).toEqual({
      id: 1,
      name_zh_cn: 'M4A4 | 二西莫夫',
      name_zh_tw: 'M4A4 | 二西莫夫',
      name_en: 'M4A4 | Asiimov',
      price: 250_000,
      chance_ppm: 95_000,
      sort: 0,
      reason: '',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(rowOf('M4A4 | Asiimov')).getByRole('button', { name: '下架' }));
    const confirm = await screen.findByRole('dialog', { name: '下架「M4A4 | 二西莫夫」' });
    field(confirm, '原因（必填，记入操作日志）', '价格异常');
    fireEvent.click(within(confirm).getByRole('button', { name: '下架' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_WISHING_WELL_PATHS.withdraw)).toEqual({ id: 1, reason: '价格异常' });
  });
});
