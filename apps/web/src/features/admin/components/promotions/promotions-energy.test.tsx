import { ADMIN_BAG_PATHS } from '@kaixiang/shared/admin-bags';
import { ADMIN_ENERGY_PATHS, type AdminEnergyLevel } from '@kaixiang/shared/energy';
import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type MockHandler } from '../../../../test/mock-api.ts';
import { callsTo } from '../../test-fixtures.ts';
import { field, giftCampaign, lastBody, NOW, openPromotions, rowOf } from './promotions-test-kit.ts';

const level = (id: number, over: Partial<AdminEnergyLevel> = {}): AdminEnergyLevel => ({
  id,
  level: 1,
  energy: 1_000_000,
  campaign_id: 21,
  name_zh_cn: '能量箱 1',
  name_zh_tw: '',
  name_en: '',
  enabled: true,
  table_version: 2,
  table_hash: 'h',
  ev: 35_000,
  opened: 80,
  paid: 2_900_000,
  created_at: NOW,
  updated_at: NOW,
  ...over,
});

const CAMPAIGNS = {
  list: [
    giftCampaign(3),
    giftCampaign(21, { kind: 'energy', name_zh_cn: '能量箱 1' }),
    giftCampaign(22, { kind: 'energy', name_zh_cn: '能量箱 2' }),
  ],
};

const open = (overrides: Record<string, MockHandler> = {}) =>
  openPromotions({
    [ADMIN_BAG_PATHS.campaigns]: () => CAMPAIGNS,
    [ADMIN_ENERGY_PATHS.levels]: () => ({
      list: [
        level(1),
        level(2, { level: 2, energy: 5_000_000, campaign_id: 22, name_zh_cn: '能量箱 2', enabled: false }),
      ],
    }),
    ...overrides,
  });

async function openTab() {
  fireEvent.click(await screen.findByRole('tab', { name: '能量箱' }));
  await screen.findByText('等级 2');
}

describe('the promotions section: energy box levels', () => {
  it('lists the levels with the energy they need, their box’s table and what they paid', async () => {
    open();
    await openTab();
    const one = rowOf('等级 1');
    expect(one.textContent).toContain('¥100.00');
    expect(one.textContent).toContain('#21 能量箱 1第 2 版金额表 · 期望 ¥3.50');
    expect(one.textContent).toContain('80¥290.00');
    expect(within(one).getByText('已启用')).toBeTruthy();
    expect(within(rowOf('等级 2')).getByText('已停用')).toBeTruthy();
  });

  it('creates a level with the exact body, refusing a level number in use first, and reads the list again', async () => {
    const { requests } = open({ [ADMIN_ENERGY_PATHS.createLevel]: () => level(3, { level: 3 }) });
    await openTab();
    const reads = callsTo(requests, ADMIN_ENERGY_PATHS.levels).length;
    fireEvent.click(screen.getByRole('button', { name: '新建等级' }));
    const dialog = await screen.findByRole('dialog', { name: '新建能量箱等级' });
    // Only energy campaigns are offered, as the API takes no other kind.
    const select = within(dialog).getByLabelText('福袋活动（能量宝箱类）');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['请选择', '#21 能量箱 1', '#22 能量箱 2']);
    field(dialog, '等级（1–100）', '2');
    field(dialog, '所需能量（元）', '1000');
    field(dialog, '福袋活动（能量宝箱类）', '22');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorMessage('ENERGY_LEVEL_TAKEN', 'zh-CN'));
    expect(callsTo(requests, ADMIN_ENERGY_PATHS.createLevel)).toHaveLength(0);
    field(dialog, '等级（1–100）', '3');
    field(dialog, '原因（选填，记入操作日志）', '加一级');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_ENERGY_PATHS.createLevel)).toEqual({
      level: 3,
      energy: 10_000_000,
      campaign_id: 22,
      enabled: true,
      reason: '加一级',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_ENERGY_PATHS.levels).length).toBeGreaterThan(reads));
  });

  it('edits a level, showing the server’s refusal in the dialog', async () => {
    const { requests } = open({
      [ADMIN_ENERGY_PATHS.updateLevel]: () =>
        fail(ERRORS.ENERGY_CAMPAIGN_INVALID.code, '服务器：福袋活动类型不对', 400),
    });
    await openTab();
    fireEvent.click(within(rowOf('等级 2')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑能量箱等级 #2' });
    field(dialog, '所需能量（元）', '600');
    fireEvent.click(within(dialog).getByLabelText('启用'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('服务器：福袋活动类型不对'));
    expect(lastBody(requests, ADMIN_ENERGY_PATHS.updateLevel)).toEqual({
      id: 2,
      level: 2,
      energy: 6_000_000,
      campaign_id: 22,
      enabled: true,
      reason: '',
    });
    expect(screen.getByRole('dialog', { name: '编辑能量箱等级 #2' })).toBeTruthy();
  });

  it('makes a new energy bag campaign, of the energy kind only', async () => {
    const { requests } = open({ [ADMIN_BAG_PATHS.createCampaign]: () => giftCampaign(23, { kind: 'energy' }) });
    await openTab();
    fireEvent.click(screen.getByRole('button', { name: '新建能量箱福袋' }));
    const dialog = await screen.findByRole('dialog', { name: '新建福袋活动' });
    const kind = within(dialog).getByLabelText('发放方式');
    expect(
      within(kind)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['能量宝箱']);
    field(dialog, '简体中文名称', '能量箱 3');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_BAG_PATHS.createCampaign)).toMatchObject({
      kind: 'energy',
      name_zh_cn: '能量箱 3',
      table: [{ amount: 10_000, tickets: 1_000_000 }],
    });
  });
});
