import { ADMIN_CATALOGUE_PATHS } from '@kaixiang/shared/admin-catalogue';
import { ADMIN_PLAYER_PATHS, type PlayerDetail, type PlayerSummary } from '@kaixiang/shared/admin-players';
import { ERRORS } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../../lib/session.ts';
import { TOKENS } from '../../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { localDateTime } from '../../format.ts';
import { ADMIN, callsTo, consoleHandlers, FINANCE, liveSession, SUPPORT } from '../../test-fixtures.ts';

const summary = (user_id: number, over: Partial<PlayerSummary> = {}): PlayerSummary => ({
  user_id,
  nick_name: `玩家${user_id}`,
  mobile: `1380000${String(user_id).padStart(4, '0')}`,
  email: '',
  steam_id: '',
  invite_code: `INV${user_id}`,
  role: 'player',
  created_at: 1_795_000_000_000 + user_id * 60_000,
  banned: false,
  closed: false,
  balance: 123_456,
  match: 'recent',
  ...over,
});

const DETAIL: PlayerDetail = {
  profile: {
    user_id: 7,
    nick_name: '小明',
    avatar: '',
    role: 'player',
    account_type: 1,
    mobile: '13800000007',
    email: 'ming@example.com',
    steam_id: '76561198000000007',
    trade_link: '',
    invite_code: 'INV7',
    inviter: null,
    vip_level: 2,
    created_at: 1_795_000_000_000,
    last_login_at: null,
    banned_at: null,
    closed_at: null,
  },
  balances: { coin: 1_000_000, quota: 0, point: 30 },
  identity: { verified: false, real_name: '', identity_type: null, verified_at: null },
  sessions: [
    {
      id: 's1',
      ip: '198.51.100.4',
      user_agent: 'Mozilla/5.0 (iPhone)',
      created_at: 1_795_000_100_000,
      refreshed_at: null,
      expires_at: 1_796_000_000_000,
    },
  ],
  counts: { invitees: 0, openings: 3, recharges: 1, recharged_units: 500_000, items_held: 0, items_held_units: 0 },
  protection: null,
};

function open(path: string, me = SUPPORT, overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(
    consoleHandlers(
      { ...me, ...liveSession() },
      {
        [ADMIN_PLAYER_PATHS.search]: () => ({
          list: [summary(7, { match: 'phone', banned: true }), summary(8)],
          total: 2,
        }),
        [ADMIN_PLAYER_PATHS.detail]: () => DETAIL,
        [ADMIN_PLAYER_PATHS.records]: (req) => ({ kind: req.url.searchParams.get('kind'), list: [], total: 0 }),
        ...overrides,
      },
    ),
  );
  return { ...api, ...renderApp(path) };
}

const lastQuery = (requests: MockRequest[], path: string) =>
  Object.fromEntries(callsTo(requests, path).at(-1)!.url.searchParams);
const lastBody = (requests: MockRequest[], path: string) => JSON.parse(callsTo(requests, path).at(-1)!.body);

describe('the players search', () => {
  it('asks for the newest accounts, then for what was typed, and lists them in a dense table', async () => {
    const { requests, router } = open('/admin/players');
    const table = await screen.findByRole('table');
    expect(lastQuery(requests, ADMIN_PLAYER_PATHS.search)).toEqual({
      q: '',
      contains: '0',
      page: '1',
      page_size: '20',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByText('玩家7')).toBeTruthy();
    expect(first.getByText('13800000007')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('¥12.34');
    expect(first.getByText('已封禁')).toBeTruthy();
    expect(first.getByText('手机号')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('搜索玩家'), { target: { value: ' 小明 ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '昵称包含（较慢）' }));
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(lastQuery(requests, ADMIN_PLAYER_PATHS.search)).toEqual({
        q: '小明',
        contains: '1',
        page: '1',
        page_size: '20',
      }),
    );

    fireEvent.click(within(screen.getByRole('table')).getByText('玩家7'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/players/7'));
    expect(await screen.findByRole('heading', { name: /小明/ })).toBeTruthy();
  });
});

describe('a player’s page', () => {
  it('shows support the ban and password reset, but not the balance adjustment', async () => {
    open('/admin/players/7', SUPPORT);
    await screen.findByRole('heading', { name: /小明/ });
    expect(screen.getByText('198.51.100.4')).toBeTruthy();
    expect(screen.getByRole('button', { name: '封禁' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重置密码' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '调整余额' })).toBeNull();
  });

  it('shows finance the balance adjustment, but not the ban', async () => {
    open('/admin/players/7', FINANCE);
    await screen.findByRole('heading', { name: /小明/ });
    expect(screen.getByRole('button', { name: '调整余额' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '封禁' })).toBeNull();
    expect(screen.queryByRole('button', { name: '重置密码' })).toBeNull();
  });

  it('adjusts the balance by signed units with a request id, and shows before and after', async () => {
    const { requests } = open('/admin/players/7', FINANCE, {
      [ADMIN_PLAYER_PATHS.adjustBalance]: (req) => {
        const body = JSON.parse(req.body);
        return {
          transfer_id: 99,
          user_id: 7,
          currency: body.currency,
          amount: body.amount,
          balance_before: 1_000_000,
          balance_after: 1_000_000 + body.amount,
          created_at: 1_795_000_200_000,
        };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '调整余额' }));
    const dialog = within(screen.getByRole('dialog'));
    const submit = dialog.getByRole('button', { name: '确认调整' }) as HTMLButtonElement;
    fireEvent.change(dialog.getByLabelText('金额（元，负数为扣减）'), { target: { value: '-12.5' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '重复充值冲正' } });
    fireEvent.click(submit);
    expect(await screen.findByText('金币已调整：¥100.00 → ¥87.50')).toBeTruthy();
    const body = lastBody(requests, ADMIN_PLAYER_PATHS.adjustBalance);
    expect(body).toEqual({
      user_id: 7,
      currency: 'coin',
      amount: -125_000,
      reason: '重复充值冲正',
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('sends an adjustment whose answer was lost again with the same request id, and a refused one with a new id', async () => {
    let calls = 0;
    const { requests } = open('/admin/players/7', FINANCE, {
      [ADMIN_PLAYER_PATHS.adjustBalance]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return fail(ERRORS.ADJUST_AMOUNT_INVALID.code, '调整金额无效', 400);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '调整余额' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('金额（元，负数为扣减）'), { target: { value: '5' } });
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '活动补偿' } });
    const submit = dialog.getByRole('button', { name: '确认调整' });
    fireEvent.click(submit);
    await dialog.findByRole('alert');
    fireEvent.click(submit);
    expect((await dialog.findByText('调整金额无效')).textContent).toBe('调整金额无效');
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo(requests, ADMIN_PLAYER_PATHS.adjustBalance)).toHaveLength(3));
    const ids = callsTo(requests, ADMIN_PLAYER_PATHS.adjustBalance).map((r) => JSON.parse(r.body).request_id);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[1]);
    expect(JSON.parse(callsTo(requests, ADMIN_PLAYER_PATHS.adjustBalance)[0]!.body).amount).toBe(50_000);
  });

  it('shows the server’s words when it refuses an action, and keeps the dialog open', async () => {
    const { requests } = open('/admin/players/7', SUPPORT, {
      [ADMIN_PLAYER_PATHS.ban]: () => fail(ERRORS.ADJUST_AMOUNT_INVALID.code, '不能封禁运营人员账号', 400),
    });
    fireEvent.click(await screen.findByRole('button', { name: '封禁' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('封禁后该玩家的所有登录会话会立即结束，且无法再登录。')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '盗号' } });
    fireEvent.click(dialog.getByRole('button', { name: '确认封禁' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('不能封禁运营人员账号');
    expect(lastBody(requests, ADMIN_PLAYER_PATHS.ban)).toEqual({ user_id: 7, reason: '盗号' });
  });

  it('resets the password and shows the temporary one once, with a copy button', async () => {
    open('/admin/players/7', SUPPORT, {
      [ADMIN_PLAYER_PATHS.resetPassword]: () => ({ temporary_password: 'Tmp-8k2q9x', sessions_ended: 1 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '重置密码' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '玩家来电' } });
    fireEvent.click(dialog.getByRole('button', { name: '确认重置' }));
    expect(await screen.findByText('Tmp-8k2q9x')).toBeTruthy();
    expect(screen.getByRole('button', { name: '复制' })).toBeTruthy();
  });

  it('lets support send a text mail only: no coins or items to attach', async () => {
    const { requests } = open('/admin/players/7', SUPPORT, {
      [ADMIN_PLAYER_PATHS.sendMail]: () => ({ mail_id: 31, coins: 0, items: 0 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '发送邮件' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.queryByLabelText('附件金币（元，不填为无）')).toBeNull();
    expect(dialog.getByText(/你只能发送文字邮件/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('标题'), { target: { value: '关于您的取回' } });
    fireEvent.change(dialog.getByLabelText('内容'), { target: { value: '已为您处理。' } });
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '工单 1234' } });
    fireEvent.click(dialog.getByRole('button', { name: '发送' }));
    expect((await screen.findByRole('status')).textContent).toBe('邮件已发送（#31）：¥0.00、0 件饰品。');
    expect(lastBody(requests, ADMIN_PLAYER_PATHS.sendMail)).toEqual({
      user_id: 7,
      title: '关于您的取回',
      content: '已为您处理。',
      coins: 0,
      items: [],
      reason: '工单 1234',
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('lets an admin attach coins and catalogue items in the wear picked', async () => {
    const AWP = {
      item_id: 501,
      name: 'AWP | 巨龙传说',
      img: '',
      quality: 6,
      wears: [
        { exter: 1, price: 80_000_000, table_price: 80_000_000, set: false },
        { exter: 2, price: 60_000_000, table_price: 60_000_000, set: false },
      ],
    };
    const { requests } = open('/admin/players/7', ADMIN, {
      [ADMIN_CATALOGUE_PATHS.search]: () => ({ list: [AWP], total: 1 }),
      [ADMIN_PLAYER_PATHS.sendMail]: () => ({ mail_id: 32, coins: 52_000, items: 1 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '发送邮件' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('标题'), { target: { value: '补偿' } });
    fireEvent.change(dialog.getByLabelText('附件金币（元，不填为无）'), { target: { value: '5.2' } });
    const add = dialog.getByRole('button', { name: '添加到附件' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(await dialog.findByRole('button', { name: /AWP \| 巨龙传说/ }));
    const wears = dialog.getByRole('group', { name: /已选：AWP \| 巨龙传说/ });
    fireEvent.click(within(wears).getAllByRole('radio')[1]!);
    fireEvent.click(add);
    const attached = dialog.getByRole('list', { name: '附件饰品（最多 10 件）' });
    expect(attached.textContent).toContain('AWP | 巨龙传说');
    expect(attached.textContent).toContain('¥6000.00');
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '活动奖励漏发' } });
    fireEvent.click(dialog.getByRole('button', { name: '发送' }));
    expect((await screen.findByRole('status')).textContent).toBe('邮件已发送（#32）：¥5.20、1 件饰品。');
    const body = lastBody(requests, ADMIN_PLAYER_PATHS.sendMail);
    expect(body.coins).toBe(52_000);
    expect(body.items).toEqual([{ item_def_id: 501, exter: 2 }]);
  });

  it('names the records’ codes in the reader’s words: ledger kinds, currencies, order and item states', async () => {
    open('/admin/players/7', SUPPORT, {
      [ADMIN_PLAYER_PATHS.records]: (req) => {
        const kind = req.url.searchParams.get('kind');
        if (kind === 'ledger')
          return {
            kind,
            total: 1,
            list: [
              {
                id: 1,
                transfer_id: 9,
                kind: 'box_open',
                currency: 'coin',
                amount: -100_000,
                balance_after: 900_000,
                memo: '',
                created_at: 1_795_000_000_000,
              },
            ],
          };
        if (kind === 'items')
          return {
            kind,
            total: 1,
            list: [
              {
                id: 3,
                item_def_id: 501,
                name: 'AK-47 | 红线',
                img: '',
                exter: 2,
                price: 200_000,
                status: 4,
                source: 'box',
                source_name: '新手箱',
                disposal: null,
                created_at: 1_795_000_000_000,
                updated_at: 1_795_000_000_000,
              },
            ],
          };
        return { kind, list: [], total: 0 };
      },
    });
    const records = within(await screen.findByRole('region', { name: '记录' }));
    const ledger = await records.findByTitle('box_open');
    expect(ledger.textContent).toBe('开箱');
    expect(ledger.closest('tr')!.textContent).toContain('金币');
    fireEvent.click(records.getByRole('tab', { name: '饰品' }));
    const status = await records.findByTitle('4');
    expect(status.textContent).toBe('取回失败');
    expect(status.closest('tr')!.textContent).toContain('开箱 新手箱');
  });
});

describe('a player’s safer play settings', () => {
  const card = () => screen.findByRole('region', { name: '理性游戏设置' });

  it('says so when the player never set any', async () => {
    open('/admin/players/7', SUPPORT);
    expect((await card()).textContent).toContain('未设置');
  });

  it('shows the limits in force, this period’s use, a raise waiting, the reminder and the breaks, and no control', async () => {
    const now = Date.now();
    const raiseAt = now + 5 * 3600_000;
    const coolOffUntil = now + 3 * 86_400_000;
    open('/admin/players/7', ADMIN, {
      [ADMIN_PLAYER_PATHS.detail]: () => ({
        ...DETAIL,
        protection: {
          limits: {
            deposit_day: 1_000_000,
            deposit_week: null,
            deposit_month: null,
            loss_day: null,
            loss_week: 2_000_000,
            loss_month: null,
          },
          pending: [{ field: 'loss_week', value: null, effective_at: raiseAt }],
          usage: {
            deposit_day: 250_000,
            deposit_week: 250_000,
            deposit_month: 250_000,
            loss_day: 0,
            loss_week: 123_400,
            loss_month: 0,
          },
          reality_check_minutes: 45,
          session: null,
          cool_off_until: coolOffUntil,
          excluded_until: null,
          now,
        },
      }),
    });
    const region = await card();
    const rows = within(region).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(rows[1]!.textContent).toBe('每日充值¥100.00¥25.00无');
    expect(rows[2]!.textContent).toBe('每周充值无¥25.00无');
    expect(rows[5]!.textContent).toBe(`每周净亏损¥200.00¥12.34${localDateTime(raiseAt)} 起：无`);
    expect(region.textContent).toContain('游戏时长提醒每 45 分钟');
    expect(region.textContent).toContain(`冷静期至${localDateTime(coolOffUntil)}`);
    expect(region.textContent).toContain('自我排除至无');
    expect(within(region).queryByRole('button')).toBeNull();
    expect(within(region).queryByRole('textbox')).toBeNull();
  });
});
