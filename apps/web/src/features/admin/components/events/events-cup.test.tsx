import { ADMIN_CUP_PATHS } from '@kaixiang/shared/cup';
import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n/index.ts';
import { fail, type MockHandler } from '../../../../test/mock-api.ts';
import { localDateTime } from '../../format.ts';
import { callsTo } from '../../test-fixtures.ts';
import { DAY, field, fixture, HOUR, lastBody, msAt, NOW, openEvents, rowOf, tournament } from './events-test-kit.ts';

const TOURNAMENTS = {
  list: [tournament(1), tournament(2, { title_zh_cn: '2022 世界杯', title_en: '', state: 'archived', paid: 0 })],
};
const FIXTURES = {
  list: [
    fixture(7),
    fixture(8, {
      stage_zh_cn: 'A 组',
      stage_en: 'Group A',
      home_zh_cn: '巴西',
      home_en: 'Brazil',
      home_flag: '',
      away_zh_cn: '德国',
      away_en: 'Germany',
      away_flag: '/flags/de.svg',
      kickoff_at: NOW - DAY,
      odds_draw_bp: 31_000,
      state: 'settled',
      result: 'draw',
      settled_at: NOW - 20 * HOUR,
      paid: 9_300,
    }),
  ],
};

const open = (overrides: Record<string, MockHandler> = {}) =>
  openEvents({
    [ADMIN_CUP_PATHS.tournaments]: () => TOURNAMENTS,
    [ADMIN_CUP_PATHS.fixtures]: () => FIXTURES,
    ...overrides,
  });

/** The world cup tab, with the 2026 tournament's fixtures shown. */
async function openFixtures() {
  fireEvent.click(await screen.findByRole('tab', { name: '世界杯' }));
  await screen.findByText('2026 世界杯 / 2026 世界盃 / World Cup 2026');
  fireEvent.click(within(rowOf('World Cup 2026')).getByRole('button', { name: '比赛' }));
  await screen.findByRole('heading', { name: '「2026 世界杯」的比赛' });
  await screen.findByText('1/8 决赛');
}

describe('the boards and events section: world cup', () => {
  it('lists the tournaments with their counts, and a chosen one’s fixtures with odds, stakes and results', async () => {
    const { requests } = open();
    await openFixtures();
    const t1 = rowOf('World Cup 2026');
    expect(within(t1).getByText('开放中')).toBeTruthy();
    expect(t1.textContent).toContain('12000 积分');
    expect(t1.textContent).toContain('8400 积分');
    expect(within(rowOf('2022 世界杯')).getByText('已归档')).toBeTruthy();
    expect(callsTo(requests, ADMIN_CUP_PATHS.fixtures).at(-1)?.url.searchParams.get('tournament_id')).toBe('1');
    const knockout = rowOf('1/8 决赛');
    expect(knockout.textContent).toContain('🇦🇷 阿根廷 对 🇫🇷 法国');
    expect(knockout.textContent).toContain(localDateTime(NOW + DAY));
    expect(knockout.textContent).toContain('主 2.35 · 平 无平局 · 客 1.6');
    expect(knockout.textContent).toContain('1000 积分');
    expect(knockout.textContent).toContain('主 3000 / 平 0 / 客 2500');
    expect(within(knockout).getByText('竞猜中')).toBeTruthy();
    expect(within(knockout).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(knockout).getByRole('button', { name: '录入赛果' })).toBeTruthy();
    const group = rowOf('A 组');
    expect(group.textContent).toContain('主 2.35 · 平 3.1 · 客 1.6');
    expect(group.querySelector('img')?.getAttribute('src')).toBe('/flags/de.svg');
    expect(within(group).getByText('已结算')).toBeTruthy();
    expect(group.textContent).toContain('平局');
    expect(group.textContent).toContain('9300 积分');
    // Settled: neither edited nor settled again.
    expect(within(group).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(group).queryByRole('button', { name: '录入赛果' })).toBeNull();
  });

  it('creates a tournament with titles, rules and state', async () => {
    const { requests } = open({ [ADMIN_CUP_PATHS.createTournament]: () => tournament(3) });
    fireEvent.click(await screen.findByRole('tab', { name: '世界杯' }));
    fireEvent.click(await screen.findByRole('button', { name: '新建赛事' }));
    const dialog = await screen.findByRole('dialog', { name: '新建赛事' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('请填写简体中文标题');
    field(dialog, '标题（简体中文）', '欧洲杯 2028');
    field(dialog, '标题（繁体中文）', '歐洲盃 2028');
    field(dialog, '规则（简体中文）', '每场最多 1000 积分');
    field(dialog, '状态', 'open');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_CUP_PATHS.createTournament)).toEqual({
      title_zh_cn: '欧洲杯 2028',
      title_zh_tw: '歐洲盃 2028',
      title_en: '',
      rules_zh_cn: '每场最多 1000 积分',
      rules_zh_tw: '',
      rules_en: '',
      state: 'open',
      reason: '',
    });
  });

  it('creates a fixture with decimal odds in basis points and no draw as null, and reads both lists again', async () => {
    const { requests } = open({ [ADMIN_CUP_PATHS.createFixture]: () => fixture(9) });
    await openFixtures();
    const fixtureReads = callsTo(requests, ADMIN_CUP_PATHS.fixtures).length;
    const tournamentReads = callsTo(requests, ADMIN_CUP_PATHS.tournaments).length;
    fireEvent.click(screen.getByRole('button', { name: '新建比赛' }));
    const dialog = await screen.findByRole('dialog', { name: '新建比赛' });
    field(dialog, '阶段（简体中文）', '决赛');
    field(dialog, '主队（简体中文）', '西班牙');
    field(dialog, '主队（英文）', 'Spain');
    field(dialog, '主队旗帜（图片地址或旗帜表情）', '🇪🇸');
    field(dialog, '客队（简体中文）', '英格兰');
    field(dialog, '开赛时间', '2026-12-18T23:00');
    field(dialog, '主胜赔率', '2.35');
    field(dialog, '平局赔率', '3.1');
    field(dialog, '客胜赔率', '0.9');
    field(dialog, '单人最多投入积分', '5000');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('赔率须为 1 到 100 之间的数字，最多四位小数');
    expect(callsTo(requests, ADMIN_CUP_PATHS.createFixture)).toHaveLength(0);
    // 2.01 × 10000 in floating point is 20099.99…: the odds must be read from the digits.
    field(dialog, '客胜赔率', '2.01');
    fireEvent.click(within(dialog).getByLabelText('没有平局（淘汰赛当场决出胜负）'));
    expect((within(dialog).getByLabelText('平局赔率') as HTMLInputElement).disabled).toBe(true);
    field(dialog, '原因（选填，记入操作日志）', '决赛对阵确定');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_CUP_PATHS.createFixture)).toEqual({
      tournament_id: 1,
      stage_zh_cn: '决赛',
      stage_zh_tw: '',
      stage_en: '',
      home_zh_cn: '西班牙',
      home_zh_tw: '',
      home_en: 'Spain',
      home_flag: '🇪🇸',
      away_zh_cn: '英格兰',
      away_zh_tw: '',
      away_en: '',
      away_flag: '',
      kickoff_at: msAt('2026-12-18T23:00'),
      odds_home_bp: 23_500,
      odds_draw_bp: null,
      odds_away_bp: 20_100,
      max_stake: 5_000,
      reason: '决赛对阵确定',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_CUP_PATHS.fixtures).length).toBeGreaterThan(fixtureReads));
    await waitFor(() => expect(callsTo(requests, ADMIN_CUP_PATHS.tournaments).length).toBeGreaterThan(tournamentReads));
  });

  it('shows the server’s refusal of a fixture edit after kick-off in its words', async () => {
    const refusal = errorMessage('CUP_FIXTURE_LOCKED', 'zh-CN');
    const { requests } = open({
      [ADMIN_CUP_PATHS.updateFixture]: () => fail(ERRORS.CUP_FIXTURE_LOCKED.code, refusal, 409),
    });
    await openFixtures();
    fireEvent.click(within(rowOf('1/8 决赛')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑比赛 #7' });
    expect((within(dialog).getByLabelText('主胜赔率') as HTMLInputElement).value).toBe('2.35');
    expect((within(dialog).getByLabelText('没有平局（淘汰赛当场决出胜负）') as HTMLInputElement).checked).toBe(true);
    field(dialog, '客胜赔率', '1.75');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(refusal));
    const body = lastBody(requests, ADMIN_CUP_PATHS.updateFixture);
    expect(body).toMatchObject({ id: 7, odds_home_bp: 23_500, odds_draw_bp: null, odds_away_bp: 17_500 });
    expect(body).not.toHaveProperty('tournament_id');
  });

  it('enters a result only once confirmed, sending {id, result, reason}, and reads the lists again', async () => {
    const { requests } = open({
      [ADMIN_CUP_PATHS.settleFixture]: () => fixture(7, { state: 'settled', result: 'away' }),
    });
    await openFixtures();
    const reads = callsTo(requests, ADMIN_CUP_PATHS.fixtures).length;
    fireEvent.click(within(rowOf('1/8 决赛')).getByRole('button', { name: '录入赛果' }));
    const dialog = await screen.findByRole('dialog', { name: '录入赛果 #7：阿根廷 对 法国' });
    // A knockout with no draw odds cannot end level.
    expect((within(dialog).getByLabelText('平局') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('请选择赛果');
    fireEvent.click(within(dialog).getByLabelText('客胜（法国）'));
    field(dialog, '原因（选填，记入操作日志）', '法国 2:1 胜');
    fireEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
    const confirm = await within(dialog).findByRole('status');
    expect(confirm.textContent).toContain('确认赛果为「客胜（法国）」？提交后立即向猜中的玩家派发积分，且不能撤销。');
    expect(callsTo(requests, ADMIN_CUP_PATHS.settleFixture)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认并派奖' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(requests, ADMIN_CUP_PATHS.settleFixture)).toHaveLength(1);
    expect(lastBody(requests, ADMIN_CUP_PATHS.settleFixture)).toEqual({ id: 7, result: 'away', reason: '法国 2:1 胜' });
    await waitFor(() => expect(callsTo(requests, ADMIN_CUP_PATHS.fixtures).length).toBeGreaterThan(reads));
  });

  it('shows the server’s refusal of a result before kick-off, and lets the operator go back', async () => {
    const refusal = errorMessage('CUP_NOT_KICKED_OFF', 'zh-CN');
    const { requests } = open({
      [ADMIN_CUP_PATHS.settleFixture]: () => fail(ERRORS.CUP_NOT_KICKED_OFF.code, refusal, 409),
    });
    await openFixtures();
    fireEvent.click(within(rowOf('1/8 决赛')).getByRole('button', { name: '录入赛果' }));
    const dialog = await screen.findByRole('dialog', { name: '录入赛果 #7：阿根廷 对 法国' });
    fireEvent.click(within(dialog).getByLabelText('主胜（阿根廷）'));
    fireEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: '确认并派奖' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(refusal));
    expect(lastBody(requests, ADMIN_CUP_PATHS.settleFixture)).toEqual({ id: 7, result: 'home', reason: '' });
    fireEvent.click(within(dialog).getByRole('button', { name: '返回修改' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('比赛取消（退还全部投入）'));
    fireEvent.click(within(dialog).getByRole('button', { name: '下一步' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: '确认并派奖' }));
    await waitFor(() =>
      expect(lastBody(requests, ADMIN_CUP_PATHS.settleFixture)).toEqual({ id: 7, result: 'void', reason: '' }),
    );
  });

  it('reads in English: the tab, the tournaments and the fixtures', async () => {
    open();
    await screen.findByRole('heading', { name: '榜单与赛事', level: 1 });
    await act(() => i18n.changeLanguage('en-US'));
    await screen.findByRole('heading', { name: 'Boards & events', level: 1 });
    fireEvent.click(await screen.findByRole('tab', { name: 'World cup' }));
    await screen.findByText('2026 世界杯 / 2026 世界盃 / World Cup 2026');
    const t1 = rowOf('2026 世界杯 / 2026 世界盃 / World Cup 2026');
    expect(within(t1).getByText('Open')).toBeTruthy();
    expect(t1.textContent).toContain('12000 points');
    // No English title: the Simplified Chinese one stands in.
    expect(rowOf('2022 世界杯').querySelectorAll('td')[1]?.textContent).toMatch(/^2022 世界杯/);
    fireEvent.click(within(t1).getByRole('button', { name: 'Matches' }));
    await screen.findByRole('heading', { name: 'Matches of “World Cup 2026”' });
    await screen.findByText('Round of 16');
    const knockout = rowOf('Round of 16');
    expect(knockout.textContent).toContain('🇦🇷 Argentina vs 🇫🇷 France');
    expect(knockout.textContent).toContain('Home 2.35 · Draw no draw · Away 1.6');
    expect(within(knockout).getByText('Taking picks')).toBeTruthy();
    fireEvent.click(within(knockout).getByRole('button', { name: 'Enter result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter result #7: Argentina vs France' });
    expect(within(dialog).getByLabelText('Away win (France)')).toBeTruthy();
  });
});
