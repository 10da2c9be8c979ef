import { ADMIN_BOARDS_PATHS } from '@kaixiang/shared/boards';
import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../../../test/mock-api.ts';
import { callsTo } from '../../test-fixtures.ts';
import { CLOSURES, field, lastBody, openEvents, rowOf } from './events-test-kit.ts';

/** The boards tab is the first: the section opens on it. */
async function openTab() {
  await screen.findByRole('heading', { name: '榜单与赛事', level: 1 });
  expect(screen.getByRole('tab', { name: '榜单' }).getAttribute('aria-selected')).toBe('true');
  await screen.findAllByText('PK对战榜');
}

describe('the boards and events section: boards', () => {
  it('lists every calendar board’s period with its saved prizes, and the unpacking king by day only', async () => {
    openEvents();
    await openTab();
    const pkDay = rowOf('PK对战榜日榜');
    expect(within(pkDay).getByText('发奖')).toBeTruthy();
    expect(pkDay.textContent).toContain('第 1 名 ¥100.00第 2 名 ¥50.00');
    const casesWeek = rowOf('开箱榜周榜');
    expect(within(casesWeek).getByText('不发奖', { selector: '.adm-tag' })).toBeTruthy();
    expect(casesWeek.textContent).toContain('第 1 名 ¥200.00');
    // The default, never changed: in force, with no time of change.
    const upgradeWeek = rowOf('升级榜周榜');
    expect(within(upgradeWeek).getByText('发奖')).toBeTruthy();
    expect(upgradeWeek.textContent).toContain('第 1 名 ¥388.00');
    expect(upgradeWeek.querySelector('.adm-table__time')?.textContent).toBe('—');
    expect(rowOf('开箱王·价值日榜').textContent).toContain('第 1 名 ¥88.00');
    expect(screen.queryByText('开箱王·价值周榜')).toBeNull();
    const names = screen
      .getAllByRole('row')
      .slice(1, 9)
      .map((r) => r.querySelectorAll('td')[0]?.textContent);
    expect(names).toEqual([
      'PK对战榜',
      'PK对战榜',
      '开箱榜',
      '开箱榜',
      '升级榜',
      '升级榜',
      '开箱王·价值',
      '开箱王·倍数',
    ]);
  });

  it('lists the recent closes with each paid rank’s player, score and prize, a page at a time', async () => {
    const { requests } = openEvents({ [ADMIN_BOARDS_PATHS.closures]: () => ({ ...CLOSURES, total: 25 }) });
    await openTab();
    const king = await screen.findByText('2026-11-27（日）');
    const kingRow = king.closest('tr') as HTMLElement;
    expect(kingRow.textContent).toContain('开箱王·倍数');
    expect(kingRow.textContent).toContain('第 1 名 阿强（#9） 12.35 倍 → ¥88.00');
    const pk = rowOf('活动 #3');
    expect(pk.textContent).toContain('PK战力');
    expect(pk.textContent).toContain('第 1 名 小美（#11） 42 积分 → ¥200.00');
    expect(pk.textContent).toContain('第 2 名 大刘（#12） 40 积分 → ¥100.00');
    expect(callsTo(requests, ADMIN_BOARDS_PATHS.closures).at(-1)?.url.searchParams.get('page')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(callsTo(requests, ADMIN_BOARDS_PATHS.closures).at(-1)?.url.searchParams.get('page')).toBe('2'),
    );
  });

  it('saves one board’s prizes in units with the reason, sending the others back as saved', async () => {
    const { requests } = openEvents({ [ADMIN_BOARDS_PATHS.saveSettings]: () => ({ list: [] }) });
    await openTab();
    const reads = callsTo(requests, ADMIN_BOARDS_PATHS.settings).length;
    fireEvent.click(within(rowOf('开箱榜周榜')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '设置奖金：开箱榜·周榜' });
    fireEvent.click(within(dialog).getByLabelText('结算时发奖'));
    field(dialog, '第 1 名奖金（元）', '88.8');
    fireEvent.click(within(dialog).getByRole('button', { name: '加一个名次' }));
    field(dialog, '第 2 名奖金（元）', '1.2.3');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '第 2 名的奖金不是有效金额（元，最多两位小数）',
    );
    expect(callsTo(requests, ADMIN_BOARDS_PATHS.saveSettings)).toHaveLength(0);
    field(dialog, '第 2 名奖金（元）', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: '加一个名次' }));
    field(dialog, '原因（选填，记入操作日志）', '周榜加奖');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The empty third rank pays nothing: it is not sent.
    expect(lastBody(requests, ADMIN_BOARDS_PATHS.saveSettings)).toEqual({
      list: [
        { board: 'pk', period: 'day', enabled: true, prizes: [1_000_000, 500_000] },
        { board: 'cases', period: 'week', enabled: true, prizes: [888_000, 100_000] },
        { board: 'upgrade', period: 'week', enabled: true, prizes: [3_880_000] },
        { board: 'king_value', period: 'day', enabled: true, prizes: [880_000] },
      ],
      reason: '周榜加奖',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_BOARDS_PATHS.settings).length).toBeGreaterThan(reads));
  });

  it('adds a board never set up, and shows the server’s refusal in the dialog', async () => {
    const refusal = errorMessage('BOARD_SETTINGS_INVALID', 'zh-CN');
    const { requests } = openEvents({
      [ADMIN_BOARDS_PATHS.saveSettings]: () => fail(ERRORS.BOARD_SETTINGS_INVALID.code, refusal, 400),
    });
    await openTab();
    fireEvent.click(within(rowOf('开箱王·倍数日榜')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '设置奖金：开箱王·倍数·日榜' });
    fireEvent.click(within(dialog).getByLabelText('结算时发奖'));
    field(dialog, '第 1 名奖金（元）', '50');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(refusal));
    expect(lastBody(requests, ADMIN_BOARDS_PATHS.saveSettings).list).toEqual([
      { board: 'pk', period: 'day', enabled: true, prizes: [1_000_000, 500_000] },
      { board: 'cases', period: 'week', enabled: false, prizes: [2_000_000] },
      { board: 'upgrade', period: 'week', enabled: true, prizes: [3_880_000] },
      { board: 'king_value', period: 'day', enabled: true, prizes: [880_000] },
      { board: 'king_multiple', period: 'day', enabled: true, prizes: [500_000] },
    ]);
    expect(screen.getByRole('dialog', { name: '设置奖金：开箱王·倍数·日榜' })).toBeTruthy();
  });
});
