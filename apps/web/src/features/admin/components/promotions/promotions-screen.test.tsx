import { ROLE_PERMISSIONS } from '@kaixiang/shared/admin';
import { ADMIN_BAG_PATHS, type AdminCampaign } from '@kaixiang/shared/admin-bags';
import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { type AdminLuckyWindow, LUCKY_ADMIN_PATHS } from '@kaixiang/shared/lucky';
import { RAIN_ADMIN_PATHS, RAIN_PATHS, type RainInfo, type RainSchedule } from '@kaixiang/shared/rain';
import { ADMIN_SIGN_IN_PATHS, type AdminActivity } from '@kaixiang/shared/sign-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../../lib/session.ts';
import { TOKENS } from '../../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { ADMIN, callsTo, consoleHandlers, liveSession, SUPPORT } from '../../test-fixtures.ts';

const HOUR = 3_600_000;
const NOW = Date.now();

const schedule = (id: number, over: Partial<RainSchedule> = {}): RainSchedule => ({
  id,
  title: `晚间红包雨${id}`,
  enabled: true,
  timing: { kind: 'daily', times: ['20:00', '21:30'], duration_seconds: 60 },
  pool: 1_000_000,
  count: 100,
  min_packet: 100,
  conditions: { min_vip_level: 1, recharge_days: 7 },
  updated_by: 1,
  updated_at: NOW,
  next_windows: [{ start_time: NOW + HOUR, end_time: NOW + HOUR + 60_000 }],
  ...over,
});

const INFO: RainInfo = {
  status: 1,
  interval: [],
  system_time: NOW,
  complete: false,
  userComplete: false,
  round: {
    round_id: 77,
    start_time: NOW + 5 * 60_000,
    end_time: NOW + 6 * 60_000,
    count: 100,
    pool: 1_000_000,
    remaining: 100,
    conditions: { min_vip_level: 0, recharge_days: 0 },
    server_seed_hash: 'ab',
    packets_hash: '',
  },
  self: null,
  refusal: null,
};

const campaign = (id: number, over: Partial<AdminCampaign> = {}): AdminCampaign => ({
  id,
  kind: 'grant',
  name_zh_cn: '幸运福袋',
  name_zh_tw: '幸運福袋',
  name_en: 'Lucky bag',
  enabled: true,
  active: true,
  starts_at: null,
  ends_at: null,
  per_grant: 1,
  min_recharge: 100_000,
  vip_levels: [],
  table: {
    version: 2,
    table_hash: 'h',
    ticket_total: 1_000_000,
    ev: 25_000,
    min: 10_000,
    max: 1_000_000,
    entries: [
      { amount: 10_000, tickets: 900_000, ticket_from: 0, ticket_to: 900_000 },
      { amount: 160_000, tickets: 100_000, ticket_from: 900_000, ticket_to: 1_000_000 },
    ],
  },
  given: 12,
  opened: 5,
  paid: 70_000,
  created_at: NOW,
  updated_at: NOW,
  ...over,
});

const luckyWindow = (id: number, over: Partial<AdminLuckyWindow> = {}): AdminLuckyWindow => ({
  id,
  start_time: NOW + 24 * HOUR,
  end_time: NOW + 48 * HOUR,
  award: 1_080_000,
  status: 'scheduled',
  lucky_count: 0,
  paid_units: 0,
  expected_units_per_opening: 10_000,
  created_by: 1,
  created_at: NOW,
  updated_at: NOW,
  ...over,
});

const activity = (id: number, over: Partial<AdminActivity> = {}): AdminActivity => ({
  id,
  title_zh_cn: '每日签到',
  title_zh_tw: '每日簽到',
  title_en: 'Daily sign-in',
  rules_zh_cn: '每天签到领奖励',
  rules_zh_tw: '',
  rules_en: '',
  img: '',
  path: '/activity/signIn',
  start_at: NOW - HOUR,
  end_at: NOW + 30 * 24 * HOUR,
  sort: 0,
  enabled: true,
  state: 'running',
  updated_at: NOW,
  ...over,
});

/** Twelve past rounds, ten a page, newest first: the first ended, the second cancelled before opening. */
const ROUNDS = (page: number) => {
  const all = Array.from({ length: 12 }, (_, i) => ({
    round_id: 90 - i,
    schedule_id: 4,
    title: '午夜雨',
    state: i === 1 ? ('cancelled' as const) : ('ended' as const),
    start_time: localMs('2026-11-27T20:00') - i * 86_400_000,
    end_time: localMs('2026-11-27T20:01') - i * 86_400_000,
    packets: i === 1 ? 0 : 100,
    pool: i === 1 ? 0 : 1_000_000,
    grabbed: i === 1 ? 0 : 64,
    paid: i === 1 ? 0 : 655_300,
  }));
  return { list: all.slice((page - 1) * 10, page * 10), total: all.length };
};

function open(overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(
    consoleHandlers(
      { ...ADMIN, ...liveSession() },
      {
        [RAIN_ADMIN_PATHS.schedules]: () => ({ list: [schedule(1)] }),
        [RAIN_ADMIN_PATHS.rounds]: (req) => ROUNDS(Number(req.url.searchParams.get('page'))),
        [RAIN_PATHS.info]: () => INFO,
        [ADMIN_BAG_PATHS.campaigns]: () => ({ list: [campaign(3)] }),
        [LUCKY_ADMIN_PATHS.windows]: () => ({ list: [luckyWindow(5)], system_time: NOW }),
        [ADMIN_SIGN_IN_PATHS.activities]: () => ({ list: [activity(9)] }),
        ...overrides,
      },
    ),
  );
  return { ...api, ...renderApp('/admin/promotions') };
}

const lastBody = (requests: MockRequest[], path: string) =>
  JSON.parse(
    callsTo(requests, path)
      .filter((r) => r.method === 'POST')
      .at(-1)?.body ?? 'null',
  );
const rowOf = (text: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(text)) as HTMLElement;
const field = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const localMs = (text: string) => new Date(text).getTime();

describe('the promotions section: red-packet rain', () => {
  it('lists past rounds with what each paid and a link to verify it, a page at a time', async () => {
    const { requests } = open();
    const first = (await screen.findByText('90')).closest('tr') as HTMLElement;
    expect(first.textContent).toContain('64 / 100 个');
    expect(first.textContent).toContain('¥65.53 / ¥100.00');
    expect(within(first).getByText('已结束')).toBeTruthy();
    expect(within(first).getByRole('link', { name: '公平性验证' }).getAttribute('href')).toBe('/fairness?rain=90');
    const cancelled = screen.getByText('89').closest('tr') as HTMLElement;
    expect(within(cancelled).getByText('已取消')).toBeTruthy();
    expect(within(cancelled).queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('79')).toBeTruthy();
    expect(callsTo(requests, RAIN_ADMIN_PATHS.rounds).at(-1)?.url.searchParams.get('page')).toBe('2');
  });

  it('lists the schedules with their timing, pool and next windows, and the next round', async () => {
    open();
    const row = rowOf((await screen.findByText('晚间红包雨1')).textContent ?? '');
    expect(row.textContent).toContain('每天 20:00, 21:30（北京时间），每场 60 秒');
    expect(row.textContent).toContain('¥100.00');
    expect(row.textContent).toContain('共 100 个红包');
    expect(row.textContent).toContain('VIP ≥ 1 · 近 7 天充值');
    expect(within(row).getByText('已启用')).toBeTruthy();
    expect(await screen.findByText('#77')).toBeTruthy();
    expect(screen.getByText('剩余 100 / 100 个')).toBeTruthy();
  });

  it('creates a daily schedule with the exact body and reads the list again', async () => {
    const { requests } = open({ [RAIN_ADMIN_PATHS.saveSchedule]: () => schedule(2, { title: '午间雨' }) });
    await screen.findByText('晚间红包雨1');
    const reads = callsTo(requests, RAIN_ADMIN_PATHS.schedules).length;
    fireEvent.click(screen.getByRole('button', { name: '新建计划' }));
    const dialog = await screen.findByRole('dialog', { name: '新建红包雨计划' });
    field(dialog, '名称', '午间雨');
    field(dialog, '每天的开始时间（北京时间 HH:MM，逗号分隔）', '12:00，18:00');
    field(dialog, '每场时长（秒，10–3600）', '90');
    field(dialog, '奖池（元）', '500');
    field(dialog, '红包个数', '200');
    field(dialog, '单个红包最少（元）', '0.5');
    field(dialog, '最低 VIP 等级', '2');
    field(dialog, '需近 N 天内充值（0 为不限）', '0');
    field(dialog, '原因（选填，记入操作日志）', '双十二');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, RAIN_ADMIN_PATHS.saveSchedule)).toEqual({
      title: '午间雨',
      enabled: true,
      timing: { kind: 'daily', times: ['12:00', '18:00'], duration_seconds: 90 },
      pool: 5_000_000,
      count: 200,
      min_packet: 5_000,
      conditions: { min_vip_level: 2, recharge_days: 0 },
      reason: '双十二',
    });
    await waitFor(() => expect(callsTo(requests, RAIN_ADMIN_PATHS.schedules).length).toBeGreaterThan(reads));
  });

  it('checks the rules before sending, and shows the server’s refusal in the dialog', async () => {
    const { requests } = open({
      [RAIN_ADMIN_PATHS.saveSchedule]: () => fail(ERRORS.RAIN_WINDOW_INVALID.code, '服务器：时间设置不正确', 400),
    });
    await screen.findByText('晚间红包雨1');
    fireEvent.click(within(rowOf('晚间红包雨1')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑红包雨计划 #1' });
    // 100 packets of at least ¥200 do not fit a ¥100 pool: the rules' own sentence, nothing sent.
    field(dialog, '单个红包最少（元）', '200');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorMessage('RAIN_POOL_TOO_SMALL', 'zh-CN'));
    expect(callsTo(requests, RAIN_ADMIN_PATHS.saveSchedule)).toHaveLength(0);

    field(dialog, '单个红包最少（元）', '0.01');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('服务器：时间设置不正确'));
    expect(lastBody(requests, RAIN_ADMIN_PATHS.saveSchedule)).toMatchObject({
      id: 1,
      title: '晚间红包雨1',
      min_packet: 100,
    });
    expect(screen.getByRole('dialog', { name: '编辑红包雨计划 #1' })).toBeTruthy();
  });

  it('turns a schedule off and cancels the next round, each with a reason', async () => {
    const { requests } = open({
      [RAIN_ADMIN_PATHS.enableSchedule]: () => schedule(1, { enabled: false }),
      [RAIN_ADMIN_PATHS.cancelRound]: () => ({ round_id: 77, state: 'cancelled' }),
    });
    await screen.findByText('晚间红包雨1');
    fireEvent.click(within(rowOf('晚间红包雨1')).getByRole('button', { name: '停用' }));
    let dialog = await screen.findByRole('dialog');
    field(dialog, '原因（必填，记入操作日志）', '预算用完');
    fireEvent.click(within(dialog).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, RAIN_ADMIN_PATHS.enableSchedule)).toEqual({ id: 1, enabled: false, reason: '预算用完' });

    fireEvent.click(await screen.findByRole('button', { name: '取消本场' }));
    dialog = await screen.findByRole('dialog', { name: '取消第 77 场红包雨' });
    field(dialog, '原因（必填，记入操作日志）', '配置错误');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认取消' }));
    expect((await screen.findByRole('status')).textContent).toBe('第 77 场已取消。');
    expect(lastBody(requests, RAIN_ADMIN_PATHS.cancelRound)).toEqual({ round_id: 77, reason: '配置错误' });
  });
});

describe('the promotions section: lucky bags', () => {
  it('lists campaigns with names, expected value and counts, and creates one with the exact body', async () => {
    const { requests } = open({ [ADMIN_BAG_PATHS.createCampaign]: () => campaign(4) });
    fireEvent.click(await screen.findByRole('tab', { name: '福袋' }));
    const row = rowOf((await screen.findByText('幸运福袋 / 幸運福袋 / Lucky bag')).textContent ?? '');
    expect(row.textContent).toContain('期望 ¥2.50');
    expect(row.textContent).toContain('12 / 5');
    expect(row.textContent).toContain('第 2 版，2 档');

    fireEvent.click(screen.getByRole('button', { name: '新建福袋活动' }));
    const dialog = await screen.findByRole('dialog', { name: '新建福袋活动' });
    field(dialog, '简体中文名称', '周末福袋');
    field(dialog, '英文名称', 'Weekend bag');
    field(dialog, '当天充值满（元）', '50');
    field(dialog, '第 1 档金额（元）', '1');
    field(dialog, '第 1 档票数', '990000');
    // The tickets must sum to 1,000,000: the server's own words, before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorMessage('BAG_TABLE_TICKETS', 'zh-CN'));
    fireEvent.click(within(dialog).getByRole('button', { name: '加一档' }));
    field(dialog, '第 2 档金额（元）', '100');
    field(dialog, '第 2 档票数', '10000');
    expect(within(dialog).getByTestId('bag-table-sum').textContent).toBe('票数合计 1000000 / 1000000 · 期望 ¥1.99');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_BAG_PATHS.createCampaign)).toEqual({
      kind: 'daily_recharge',
      name_zh_cn: '周末福袋',
      name_zh_tw: '',
      name_en: 'Weekend bag',
      enabled: true,
      starts_at: null,
      ends_at: null,
      per_grant: 1,
      min_recharge: 500_000,
      vip_levels: [],
      table: [
        { amount: 10_000, tickets: 990_000 },
        { amount: 1_000_000, tickets: 10_000 },
      ],
      reason: '',
    });
  });

  it('gives bags to a player by hand with a reason, and shows a refusal in the dialog', async () => {
    let refuse = true;
    const { requests } = open({
      [ADMIN_BAG_PATHS.grant]: () =>
        refuse ? fail(ERRORS.BAG_PLAYER_NOT_FOUND.code, '玩家不存在', 404) : { granted: 2, count: 2 },
    });
    fireEvent.click(await screen.findByRole('tab', { name: '福袋' }));
    await screen.findByText('幸运福袋 / 幸運福袋 / Lucky bag');
    fireEvent.click(screen.getByRole('button', { name: '手动发放' }));
    const dialog = await screen.findByRole('dialog', { name: '发放「幸运福袋」' });
    field(dialog, '玩家 ID', '1234');
    field(dialog, '个数（1–10）', '2');
    field(dialog, '原因（必填，记入操作日志）', '补偿');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发放' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('玩家不存在');
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发放' }));
    expect((await screen.findByRole('status')).textContent).toBe('已向玩家 #1234 发放 2 个福袋。');
    expect(lastBody(requests, ADMIN_BAG_PATHS.grant)).toEqual({
      campaign_id: 3,
      user_id: 1234,
      count: 2,
      reason: '补偿',
    });
  });
});

describe('the promotions section: lucky player', () => {
  it('lists the windows, schedules one with the exact body, and cancels one with a reason', async () => {
    const { requests } = open({
      [LUCKY_ADMIN_PATHS.windows]: (req) =>
        req.method === 'POST' ? luckyWindow(6) : { list: [luckyWindow(5)], system_time: NOW },
      [LUCKY_ADMIN_PATHS.cancel]: () => luckyWindow(5),
    });
    fireEvent.click(await screen.findByRole('tab', { name: '幸运玩家' }));
    await screen.findByRole('table');
    const row = rowOf('¥108.00');
    expect(row.textContent).toContain('未开始');
    expect(row.textContent).toContain('¥1.00');

    fireEvent.click(screen.getByRole('button', { name: '新建时段' }));
    const dialog = await screen.findByRole('dialog', { name: '新建幸运玩家时段' });
    field(dialog, '开始时间', '2099-01-01T20:00');
    field(dialog, '结束时间', '2099-01-02T20:00');
    field(dialog, '每位幸运玩家奖励（元）', '8.88');
    field(dialog, '原因（选填，记入操作日志）', '元旦');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, LUCKY_ADMIN_PATHS.windows)).toEqual({
      start_time: localMs('2099-01-01T20:00'),
      end_time: localMs('2099-01-02T20:00'),
      award: 88_800,
      reason: '元旦',
    });

    fireEvent.click(within(rowOf('¥108.00')).getByRole('button', { name: '取消时段' }));
    const confirm = await screen.findByRole('dialog', { name: '取消幸运玩家时段 #5' });
    field(confirm, '原因（必填，记入操作日志）', '改期');
    fireEvent.click(within(confirm).getByRole('button', { name: '确认取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, LUCKY_ADMIN_PATHS.cancel)).toEqual({ id: 5, reason: '改期' });
  });

  it('refuses an award that is not whole fen before sending, and shows the server’s overlap refusal', async () => {
    const { requests } = open({
      [LUCKY_ADMIN_PATHS.update]: () => fail(ERRORS.LUCKY_WINDOW_OVERLAP.code, '与已有时段重叠', 409),
    });
    fireEvent.click(await screen.findByRole('tab', { name: '幸运玩家' }));
    await screen.findByRole('table');
    fireEvent.click(within(rowOf('¥108.00')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑幸运玩家时段 #5' });
    field(dialog, '每位幸运玩家奖励（元）', '1.005');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorMessage('LUCKY_AWARD_INVALID', 'zh-CN'));
    expect(callsTo(requests, LUCKY_ADMIN_PATHS.update)).toHaveLength(0);
    field(dialog, '每位幸运玩家奖励（元）', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('与已有时段重叠'));
    expect(lastBody(requests, LUCKY_ADMIN_PATHS.update)).toMatchObject({ id: 5, award: 100_000 });
  });
});

describe('the promotions section: activities', () => {
  it('lists the activity centre and edits an entry with the exact body, showing a refusal first', async () => {
    let refuse = true;
    const { requests } = open({
      [ADMIN_SIGN_IN_PATHS.updateActivity]: (req) =>
        refuse ? fail(ERRORS.ACTIVITY_NOT_FOUND.code, '活动不存在', 404) : activity(9, JSON.parse(req.body)),
    });
    fireEvent.click(await screen.findByRole('tab', { name: '活动中心' }));
    const row = rowOf((await screen.findByText('每日签到 / 每日簽到 / Daily sign-in')).textContent ?? '');
    expect(row.textContent).toContain('/activity/signIn');
    expect(row.textContent).toContain('进行中');

    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑活动 #9' });
    field(dialog, '链接（站内 /… 或 https://…）', 'not a link');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('链接须以 / 或 http(s):// 开头，且不含空格');
    field(dialog, '链接（站内 /… 或 https://…）', '/activity/signIn');
    field(dialog, '标题 · 英文名称', 'Sign in daily');
    field(dialog, '开始时间', '2099-01-01T00:00');
    field(dialog, '结束时间', '2099-02-01T00:00');
    field(dialog, '排序（-1000–1000，小的在前）', '-5');
    field(dialog, '原因（选填，记入操作日志）', '改名');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('活动不存在');
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_SIGN_IN_PATHS.updateActivity)).toEqual({
      id: 9,
      title_zh_cn: '每日签到',
      title_zh_tw: '每日簽到',
      title_en: 'Sign in daily',
      rules_zh_cn: '每天签到领奖励',
      rules_zh_tw: '',
      rules_en: '',
      img: '',
      path: '/activity/signIn',
      start_at: localMs('2099-01-01T00:00'),
      end_at: localMs('2099-02-01T00:00'),
      sort: -5,
      enabled: true,
      reason: '改名',
    });
  });
});

describe('the promotions section’s access', () => {
  it('is listed for an admin, at /admin/promotions', async () => {
    storeSession(TOKENS);
    mockApi(consoleHandlers({ ...ADMIN, ...liveSession() }));
    renderApp('/admin');
    const link = await screen.findByRole('link', { name: '活动' });
    expect(link.getAttribute('href')).toBe('/admin/promotions');
  });

  it('is not listed for a support role, whose permissions do not include promotions.manage', async () => {
    storeSession(TOKENS);
    mockApi(consoleHandlers({ ...SUPPORT, ...liveSession() }));
    renderApp('/admin');
    await screen.findByRole('navigation');
    expect(ROLE_PERMISSIONS.support).not.toContain('promotions.manage');
    expect(screen.queryByRole('link', { name: /活动/ })).toBeNull();
  });
});
