import { BOX_PATHS, type BoxCard } from '@kaixiang/shared/boxes';
import { ADMIN_FREE_BOX_PATHS, type AdminFreeBox } from '@kaixiang/shared/energy';
import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type MockHandler } from '../../../../test/mock-api.ts';
import { callsTo } from '../../test-fixtures.ts';
import { field, lastBody, NOW, openPromotions, rowOf } from './promotions-test-kit.ts';

const freeBox = (over: Partial<AdminFreeBox> = {}): AdminFreeBox => ({
  kind: 'first_charge',
  box_id: 7,
  box_name: '新手箱',
  price: 25_000,
  enabled: true,
  claimed: 12,
  updated_at: NOW,
  ...over,
});

const card = (box_id: number, name: string, price: number): BoxCard => ({
  box_id,
  name,
  img: '',
  fallback_img: `/img/boxes/${box_id}.svg`,
  price,
  category_id: 1,
  rtp_bp: 9_000,
  version: 1,
});

// Box 9 has left the shop: the admin list then names no box and gives no price.
const LIST = {
  list: [freeBox(), freeBox({ kind: 'trade_link', box_id: 9, box_name: '', price: 0, enabled: false, claimed: 3 })],
};

const open = (overrides: Record<string, MockHandler> = {}) =>
  openPromotions({
    [ADMIN_FREE_BOX_PATHS.list]: () => LIST,
    [BOX_PATHS.list]: () => ({
      categories: [{ category_id: 1, name: '新手', boxes: [card(7, '新手箱', 25_000), card(8, '幸运箱', 100_000)] }],
    }),
    ...overrides,
  });

async function openTab() {
  fireEvent.click(await screen.findByRole('tab', { name: '免费箱子' }));
  await screen.findByText('首充免费箱');
}

describe('the promotions section: free boxes', () => {
  it('lists both free boxes with their box, what the house pays, state and claims', async () => {
    open();
    await openTab();
    const first = rowOf('首充免费箱');
    expect(first.textContent).toContain('#7 新手箱');
    expect(first.textContent).toContain('¥2.50');
    expect(within(first).getByText('已启用')).toBeTruthy();
    expect(within(first).getByText('12')).toBeTruthy();
    const link = rowOf('绑定交易链接送免费箱');
    expect(within(link).getByText('箱子已下架，玩家看不到')).toBeTruthy();
    expect(within(link).getByText('已停用')).toBeTruthy();
    expect(link.textContent).not.toContain('¥');
  });

  it('offers only boxes on sale, posts the new box, on/off and reason, and reads the list again', async () => {
    const { requests } = open({ [ADMIN_FREE_BOX_PATHS.update]: () => LIST });
    await openTab();
    const reads = callsTo(requests, ADMIN_FREE_BOX_PATHS.list).length;
    fireEvent.click(within(rowOf('首充免费箱')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑免费箱：首充免费箱' });
    const select = within(dialog).getByLabelText('箱子（上架中）');
    await within(select).findByRole('option', { name: '#8 幸运箱 · ¥10.00' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['请选择', '#7 新手箱 · ¥2.50', '#8 幸运箱 · ¥10.00']);
    field(dialog, '箱子（上架中）', '8');
    fireEvent.click(within(dialog).getByLabelText('启用'));
    field(dialog, '原因（选填，记入操作日志）', '换个贵一点的');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_FREE_BOX_PATHS.update)).toEqual({
      kind: 'first_charge',
      box_id: 8,
      enabled: false,
      reason: '换个贵一点的',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_FREE_BOX_PATHS.list).length).toBeGreaterThan(reads));
  });

  it('switches a free box whose box left the shop without sending that box again', async () => {
    const { requests } = open({ [ADMIN_FREE_BOX_PATHS.update]: () => LIST });
    await openTab();
    fireEvent.click(within(rowOf('绑定交易链接送免费箱')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑免费箱：绑定交易链接送免费箱' });
    await within(dialog).findByRole('option', { name: '#9（已下架）' });
    expect(within(dialog).getByText(/当前箱子已下架/)).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('启用'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_FREE_BOX_PATHS.update)).toEqual({ kind: 'trade_link', enabled: true, reason: '' });
  });

  it('refuses to set up a kind without a box before sending, and shows the server’s refusal', async () => {
    const { requests } = open({
      [ADMIN_FREE_BOX_PATHS.list]: () => ({ list: [freeBox()] }),
      [ADMIN_FREE_BOX_PATHS.update]: () => fail(ERRORS.FREE_BOX_BOX_INVALID.code, '服务器：该箱子刚刚下架', 400),
    });
    await openTab();
    const link = rowOf('绑定交易链接送免费箱');
    expect(within(link).getByText('未设置')).toBeTruthy();
    fireEvent.click(within(link).getByRole('button', { name: '设置' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑免费箱：绑定交易链接送免费箱' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorMessage('FREE_BOX_BOX_INVALID', 'zh-CN'));
    expect(callsTo(requests, ADMIN_FREE_BOX_PATHS.update)).toHaveLength(0);
    await within(dialog).findByRole('option', { name: '#7 新手箱 · ¥2.50' });
    field(dialog, '箱子（上架中）', '7');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('服务器：该箱子刚刚下架'));
    expect(lastBody(requests, ADMIN_FREE_BOX_PATHS.update)).toEqual({
      kind: 'trade_link',
      box_id: 7,
      enabled: true,
      reason: '',
    });
    expect(screen.getByRole('dialog', { name: '编辑免费箱：绑定交易链接送免费箱' })).toBeTruthy();
  });
});
