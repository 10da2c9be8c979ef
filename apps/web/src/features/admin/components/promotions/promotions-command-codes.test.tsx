import { ADMIN_CATALOGUE_PATHS } from '@kaixiang/shared/admin-catalogue';
import { ADMIN_COMMAND_CODE_PATHS, type AdminCommandCode } from '@kaixiang/shared/admin-command-codes';
import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type MockHandler } from '../../../../test/mock-api.ts';
import { callsTo } from '../../test-fixtures.ts';
import { field, lastBody, NOW, openPromotions, rowOf } from './promotions-test-kit.ts';

const code = (id: number, over: Partial<AdminCommandCode> = {}): AdminCommandCode => ({
  id,
  code: 'KX-ITEM-DEV',
  item_id: 501,
  item_name: 'AK-47 | 红线',
  exter: 3,
  worth: 250_000,
  coin: 10_000,
  uses: 1_000,
  uses_left: 998,
  starts_at: null,
  ends_at: null,
  enabled: true,
  active: true,
  created_by: 1,
  created_at: NOW,
  ...over,
});

const open = (overrides: Record<string, MockHandler> = {}) =>
  openPromotions({
    [ADMIN_CATALOGUE_PATHS.search]: () => ({ list: [], total: 0 }),
    [ADMIN_COMMAND_CODE_PATHS.list]: () => ({
      list: [
        code(1),
        code(2, {
          code: 'COINS-ONLY',
          item_id: null,
          item_name: '',
          exter: null,
          worth: 0,
          uses_left: 0,
          active: false,
        }),
      ],
    }),
    ...overrides,
  });

async function openTab() {
  fireEvent.click(await screen.findByRole('tab', { name: '口令饰品' }));
  await screen.findByText('KX-ITEM-DEV');
}

describe('the promotions section: command codes', () => {
  it('lists the codes with what each use grants, the uses left and their state', async () => {
    open();
    await openTab();
    const item = rowOf('KX-ITEM-DEV');
    expect(item.textContent).toContain('AK-47 | 红线 久经沙场 (¥25.00)金币 ¥1.00');
    expect(item.textContent).toContain('998 / 1000');
    expect(item.textContent).toContain('不限不限');
    expect(within(item).getByText('可使用')).toBeTruthy();
    const coins = rowOf('COINS-ONLY');
    expect(coins.textContent).toContain('0 / 1000');
    expect(within(coins).getByText('已用完')).toBeTruthy();
  });

  it('makes a code granting an item and coins with the exact body, checking it grants something first', async () => {
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
      [ADMIN_COMMAND_CODE_PATHS.create]: () => code(3, { code: 'NEWYEAR2027' }),
    });
    await openTab();
    const reads = callsTo(requests, ADMIN_COMMAND_CODE_PATHS.list).length;
    fireEvent.click(screen.getByRole('button', { name: '新建口令' }));
    const dialog = await screen.findByRole('dialog', { name: '新建口令' });
    field(dialog, '口令（留空自动生成）', 'NEWYEAR2027');
    field(dialog, '总次数（每位玩家一次，1–1000000）', '500');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      errorMessage('COMMAND_CODE_GRANT_EMPTY', 'zh-CN'),
    );
    expect(callsTo(requests, ADMIN_COMMAND_CODE_PATHS.create)).toHaveLength(0);

    fireEvent.click(await within(dialog).findByRole('button', { name: /M4A1-S \| 印花集/ }));
    field(dialog, '每次发放金币（元，0 为不送）', '0.88');
    field(dialog, '开始时间（留空为不限）', '2099-01-01T00:00');
    field(dialog, '原因（选填，记入操作日志）', '元旦');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_COMMAND_CODE_PATHS.create)).toEqual({
      code: 'NEWYEAR2027',
      item_id: 503,
      exter: 1,
      coin: 8_800,
      uses: 500,
      starts_at: new Date('2099-01-01T00:00').getTime(),
      ends_at: null,
      reason: '元旦',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_COMMAND_CODE_PATHS.list).length).toBeGreaterThan(reads));
  });

  it('shows the server’s refusal of a code in use in the dialog', async () => {
    open({ [ADMIN_COMMAND_CODE_PATHS.create]: () => fail(ERRORS.COMMAND_CODE_TAKEN.code, '该口令已存在', 409) });
    await openTab();
    fireEvent.click(screen.getByRole('button', { name: '新建口令' }));
    const dialog = await screen.findByRole('dialog', { name: '新建口令' });
    field(dialog, '口令（留空自动生成）', 'KX-ITEM-DEV');
    field(dialog, '每次发放金币（元，0 为不送）', '1');
    field(dialog, '总次数（每位玩家一次，1–1000000）', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('该口令已存在'));
    expect(screen.getByRole('dialog', { name: '新建口令' })).toBeTruthy();
  });

  it('disables a code with a reason', async () => {
    const { requests } = open({ [ADMIN_COMMAND_CODE_PATHS.disable]: () => code(1, { enabled: false, active: false }) });
    await openTab();
    expect(within(rowOf('COINS-ONLY')).getByRole('button', { name: '停用' })).toBeTruthy();
    fireEvent.click(within(rowOf('KX-ITEM-DEV')).getByRole('button', { name: '停用' }));
    const dialog = await screen.findByRole('dialog', { name: '停用口令「KX-ITEM-DEV」' });
    field(dialog, '原因（必填，记入操作日志）', '口令外泄');
    fireEvent.click(within(dialog).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_COMMAND_CODE_PATHS.disable)).toEqual({ id: 1, reason: '口令外泄' });
  });

  it('enables a disabled code again with a reason', async () => {
    const { requests } = open({
      [ADMIN_COMMAND_CODE_PATHS.list]: () => ({
        list: [code(1), code(3, { code: 'OFF-CODE', enabled: false, active: false })],
      }),
      [ADMIN_COMMAND_CODE_PATHS.enable]: () => code(3, { code: 'OFF-CODE' }),
    });
    await openTab();
    const row = rowOf('OFF-CODE');
    expect(within(row).queryByRole('button', { name: '停用' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '启用' }));
    const dialog = await screen.findByRole('dialog', { name: '重新启用口令「OFF-CODE」' });
    field(dialog, '原因（必填，记入操作日志）', '活动重开');
    fireEvent.click(within(dialog).getByRole('button', { name: '启用' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_COMMAND_CODE_PATHS.enable)).toEqual({ id: 3, reason: '活动重开' });
  });
});
