import {
  ADMIN_BOX_PATHS,
  type AdminBoxDetail,
  type AdminBoxEvaluation,
  type AdminBoxPreviewInput,
  type AdminBoxSummary,
} from '@kaixiang/shared/admin-boxes';
import { ADMIN_CATALOGUE_PATHS } from '@kaixiang/shared/admin-catalogue';
import { ERRORS } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../../lib/session.ts';
import { TOKENS } from '../../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { ADMIN, callsTo, consoleHandlers, liveSession } from '../../test-fixtures.ts';

const summary = (box_id: number, over: Partial<AdminBoxSummary> = {}): AdminBoxSummary => ({
  box_id,
  slug: `box-${box_id}`,
  name_zh_cn: `箱子${box_id}`,
  name_zh_tw: `箱子${box_id}`,
  name_en: `Box ${box_id}`,
  category_id: 1,
  image: `/img/boxes/${box_id}.png`,
  fallback_image: '',
  price: 100_000,
  rtp_bp: 9_200,
  version: 3,
  published: true,
  sort: box_id,
  ...over,
});

const BOUNDS = { min_bp: 8_500, max_bp: 9_800 };

const ITEMS = [
  { item_id: 501, exter: 2, name: 'AK-47 | 红线', img: '/img/501.png', quality: 4, price: 200_000 },
  { item_id: 502, exter: 3, name: 'P250 | 沙丘', img: '/img/502.png', quality: 1, price: 20_000 },
  { item_id: 503, exter: 1, name: 'M4A1-S | 印花集', img: '/img/503.png', quality: 5, price: 500_000 },
];

/** The server's judgement, worked out as it would be (EV floor over the ticket sum). */
function evaluate(input: AdminBoxPreviewInput): AdminBoxEvaluation {
  const sum = input.contents.reduce((s, c) => s + c.tickets, 0);
  const ev = Math.floor(
    input.contents.reduce((s, c) => s + c.tickets * (ITEMS.find((i) => i.item_id === c.item_id)?.price ?? 0), 0) / sum,
  );
  const rtp_bp = Math.floor((ev * 10_000) / input.price);
  const within_bounds = rtp_bp >= BOUNDS.min_bp && rtp_bp <= BOUNDS.max_bp;
  const problems: AdminBoxEvaluation['problems'] = [];
  if (sum !== 1_000_000) problems.push({ code: 'BOX_TICKETS_SUM', entry: null });
  if (!within_bounds) problems.push({ code: 'BOX_RTP_OUT_OF_BOUNDS', entry: null });
  return {
    price: input.price,
    ticket_sum: sum,
    ticket_total: 1_000_000,
    ev,
    rtp_bp,
    bounds: BOUNDS,
    within_bounds,
    valid: problems.length === 0,
    problems,
    entries: input.contents.map((c) => ({
      ...ITEMS.find((i) => i.item_id === c.item_id)!,
      current_price: ITEMS.find((i) => i.item_id === c.item_id)!.price,
      tickets: c.tickets,
      odds_pct: Math.round((c.tickets / sum) * 100 * 10_000) / 10_000,
    })),
  };
}

// 40 % at ¥20 and 60 % at ¥2 in a ¥10 box: EV ¥9.20, RTP 92 %.
const LOADED: AdminBoxPreviewInput = {
  price: 100_000,
  contents: [
    { item_id: 501, exter: 2, tickets: 400_000 },
    { item_id: 502, exter: 3, tickets: 600_000 },
  ],
};

const detail = (version: number, input: AdminBoxPreviewInput = LOADED): AdminBoxDetail => {
  const current = evaluate(input);
  return {
    box: summary(7, { version, price: input.price, rtp_bp: current.rtp_bp }),
    current: { ...current, version, odds_hash: `${version}`.repeat(64) },
    versions: Array.from({ length: version }, (_, i) => ({
      version: version - i,
      odds_hash: `${version - i}`.repeat(64),
      price: input.price,
      rtp_bp: current.rtp_bp,
      created_at: 1_795_000_000_000 + (version - i) * 60_000,
      created_by: version - i === 1 ? null : 1,
    })),
    openings: 12,
  };
};

function open(path: string, overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(
    consoleHandlers(
      { ...ADMIN, ...liveSession() },
      {
        [ADMIN_BOX_PATHS.list]: () => ({
          list: [summary(7), summary(8, { name_zh_cn: '千瓦武器箱', published: false, rtp_bp: 9_050 })],
          categories: [{ category_id: 1, name_zh_cn: '经典箱', name_zh_tw: '經典箱', name_en: 'Classic' }],
        }),
        [ADMIN_BOX_PATHS.detail]: () => detail(3),
        [ADMIN_BOX_PATHS.preview]: (req) => evaluate(JSON.parse(req.body)),
        ...overrides,
      },
    ),
  );
  return { ...api, ...renderApp(path) };
}

const lastBody = (requests: MockRequest[], path: string) => JSON.parse(callsTo(requests, path).at(-1)!.body);

/** Sets one entry's tickets, as an operator types them. */
const typeTickets = (name: string, value: string) =>
  fireEvent.change(screen.getByLabelText(`${name} 的票数`), { target: { value } });

describe('the boxes list', () => {
  it('lists every box with its category, price, RTP, version and state, filters, and opens one', async () => {
    const { router } = open('/admin/boxes');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('箱子7');
    expect(rows[1]!.textContent).toContain('经典箱');
    expect(rows[1]!.textContent).toContain('¥10.00');
    expect(rows[1]!.textContent).toContain('92.00%');
    expect(rows[1]!.textContent).toContain('v3');
    expect(within(rows[1]!).getByText('已上架')).toBeTruthy();
    expect(within(rows[2]!).getByText('未上架')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('筛选箱子'), { target: { value: '千瓦' } });
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('筛选箱子'), { target: { value: '' } });

    fireEvent.click(within(screen.getByRole('table')).getByText('箱子7'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/boxes/7'));
    expect(await screen.findByRole('heading', { name: /箱子7/ })).toBeTruthy();
    expect(screen.getByText('box-7')).toBeTruthy();
    const versions = within(screen.getByRole('region', { name: '版本记录' }));
    expect(versions.getAllByRole('row')).toHaveLength(4);
    expect(versions.getByTitle('3'.repeat(64))).toBeTruthy();
    expect(versions.getByText('初始数据')).toBeTruthy();
  });
});

describe('the odds editor', () => {
  it('asks the preview about the edited table and shows its RTP and the out-of-bounds warning', async () => {
    const { requests } = open('/admin/boxes/7');
    await screen.findByRole('heading', { name: /箱子7/ });
    expect(screen.getByTestId('box-rtp').textContent).toBe('92.00%');
    expect(screen.getByText('返还率在允许范围内')).toBeTruthy();

    // 50 % at ¥20 and 50 % at ¥2: EV ¥11, RTP 110 %.
    typeTickets('AK-47 | 红线', '500000');
    typeTickets('P250 | 沙丘', '500000');
    await waitFor(() => expect(screen.getByTestId('box-rtp').textContent).toBe('110.00%'));
    expect(callsTo(requests, ADMIN_BOX_PATHS.preview)).toHaveLength(1);
    expect(lastBody(requests, ADMIN_BOX_PATHS.preview)).toEqual({
      price: 100_000,
      contents: [
        { item_id: 501, exter: 2, tickets: 500_000 },
        { item_id: 502, exter: 3, tickets: 500_000 },
      ],
    });
    expect(screen.getByText('返还率超出允许范围')).toBeTruthy();
    expect((screen.getByRole('button', { name: '保存为新版本' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves from the version it was loaded from, with the price, contents and reason, and shows the new version', async () => {
    const saved: AdminBoxPreviewInput = {
      price: 100_000,
      contents: [
        { item_id: 501, exter: 2, tickets: 420_000 },
        { item_id: 502, exter: 3, tickets: 580_000 },
      ],
    };
    const { requests } = open('/admin/boxes/7', {
      [ADMIN_BOX_PATHS.saveVersion]: () => detail(4, saved),
    });
    await screen.findByRole('heading', { name: /箱子7/ });
    typeTickets('AK-47 | 红线', '420000');
    typeTickets('P250 | 沙丘', '580000');
    const save = screen.getByRole('button', { name: '保存为新版本' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    expect(screen.getByTestId('box-rtp').textContent).toBe('95.60%');
    fireEvent.click(save);
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '活动加码' } });
    fireEvent.click(dialog.getByRole('button', { name: '确认保存' }));
    expect(await screen.findByText(`已保存版本 4，赔率哈希 ${'4'.repeat(64)}`)).toBeTruthy();
    expect(lastBody(requests, ADMIN_BOX_PATHS.saveVersion)).toEqual({
      box_id: 7,
      base_version: 3,
      price: 100_000,
      contents: saved.contents,
      reason: '活动加码',
    });
    expect(screen.getByText('版本 4')).toBeTruthy();
    expect((screen.getByLabelText('AK-47 | 红线 的票数') as HTMLInputElement).value).toBe('420000');
  });

  it('shows the server’s words when it refuses the save, and keeps the dialog open', async () => {
    open('/admin/boxes/7', {
      [ADMIN_BOX_PATHS.saveVersion]: () =>
        fail(ERRORS.BOX_VERSION_STALE.code, '箱子已被其他人修改，请刷新后重试', ERRORS.BOX_VERSION_STALE.http),
    });
    await screen.findByRole('heading', { name: /箱子7/ });
    typeTickets('AK-47 | 红线', '410000');
    typeTickets('P250 | 沙丘', '590000');
    const save = screen.getByRole('button', { name: '保存为新版本' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '调整' } });
    fireEvent.click(dialog.getByRole('button', { name: '确认保存' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('箱子已被其他人修改，请刷新后重试');
    expect(screen.getByText('版本 3')).toBeTruthy();
  });

  it('removes an entry and adds a catalogue item in the wear picked, and asks the preview about the new table', async () => {
    const { requests } = open('/admin/boxes/7', {
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
    });
    await screen.findByRole('heading', { name: /箱子7/ });
    fireEvent.click(screen.getByRole('button', { name: '从箱子移除 P250 | 沙丘' }));
    expect(screen.queryByLabelText('P250 | 沙丘 的票数')).toBeNull();
    expect((screen.getByRole('button', { name: '从箱子移除 AK-47 | 红线' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '添加饰品' }));
    const adding = within(screen.getByRole('group', { name: '添加饰品' }));
    const add = adding.getByRole('button', { name: '加入箱子' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(await adding.findByRole('button', { name: /M4A1-S \| 印花集/ }));
    fireEvent.click(add);
    // A new entry has no tickets yet: nothing to ask about until it has.
    expect(screen.getByText('请填写有效的价格和票数（正整数）')).toBeTruthy();
    typeTickets('AK-47 | 红线', '960000');
    typeTickets('M4A1-S | 印花集', '40000');
    await waitFor(() => expect(screen.getByTestId('box-rtp').textContent).toBe('212.00%'));
    expect(lastBody(requests, ADMIN_BOX_PATHS.preview)).toEqual({
      price: 100_000,
      contents: [
        { item_id: 501, exter: 2, tickets: 960_000 },
        { item_id: 503, exter: 1, tickets: 40_000 },
      ],
    });
  });

  it('shows today’s price beside a saved entry whose item was repriced since the version', async () => {
    const saved = detail(3);
    saved.current.entries = saved.current.entries.map((e) =>
      e.item_id === 501 ? { ...e, current_price: 250_000 } : e,
    );
    open('/admin/boxes/7', { [ADMIN_BOX_PATHS.detail]: () => saved });
    await screen.findByRole('heading', { name: /箱子7/ });
    const repriced = await screen.findByText('现价');
    expect(repriced.textContent).toBe('现价 ¥25.00');
    // Only the repriced entry says so.
    expect(screen.getAllByText('现价')).toHaveLength(1);
  });

  it('shows a problem the server names an entry for next to that entry', async () => {
    open('/admin/boxes/7', {
      [ADMIN_BOX_PATHS.preview]: (req) => {
        const result = evaluate(JSON.parse(req.body));
        return { ...result, valid: false, problems: [{ code: 'BOX_ITEM_WEAR_INVALID', entry: 1 }] };
      },
    });
    await screen.findByRole('heading', { name: /箱子7/ });
    typeTickets('P250 | 沙丘', '599999');
    const problem = await screen.findByText('该饰品没有这个磨损等级');
    expect(problem.closest('tr')!.textContent).toContain('P250 | 沙丘');
    expect((screen.getByRole('button', { name: '保存为新版本' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('a box’s details', () => {
  it('changes the names, category and picture with a reason, and shows the box as the server answers', async () => {
    const renamed = detail(3);
    const { requests } = open('/admin/boxes/7', {
      [ADMIN_BOX_PATHS.updateDetails]: () => ({ ...renamed, box: { ...renamed.box, name_zh_cn: '新名字箱' } }),
    });
    await screen.findByRole('heading', { name: /箱子7/ });
    fireEvent.click(screen.getByRole('button', { name: '编辑信息' }));
    const dialog = within(screen.getByRole('dialog', { name: '编辑箱子信息' }));
    expect((dialog.getByLabelText('名称（英文）') as HTMLInputElement).value).toBe('Box 7');
    const save = dialog.getByRole('button', { name: '保存' }) as HTMLButtonElement;
    fireEvent.change(dialog.getByLabelText('名称（简体中文）'), { target: { value: '新名字箱' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '活动更名' } });
    fireEvent.click(save);
    expect(await screen.findByRole('heading', { name: /新名字箱/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lastBody(requests, ADMIN_BOX_PATHS.updateDetails)).toEqual({
      box_id: 7,
      name_zh_cn: '新名字箱',
      name_zh_tw: '箱子7',
      name_en: 'Box 7',
      category_id: 1,
      image: '/img/boxes/7.png',
      reason: '活动更名',
    });
  });
});

describe('a new box', () => {
  it('takes its names, slug and category, its contents from the catalogue, and opens its page once created', async () => {
    const created = detail(1);
    const { requests, router } = open('/admin/boxes', {
      [ADMIN_CATALOGUE_PATHS.search]: () => ({
        list: [
          {
            item_id: 502,
            name: 'P250 | 沙丘',
            img: '/img/502.png',
            quality: 1,
            wears: [{ exter: 3, price: 20_000, table_price: 20_000, set: false }],
          },
        ],
        total: 1,
      }),
      [ADMIN_BOX_PATHS.create]: () => created,
    });
    fireEvent.click(await screen.findByRole('link', { name: '新建箱子' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/boxes/new'));
    await screen.findByRole('heading', { name: '新建箱子' });
    fireEvent.change(screen.getByLabelText('箱子价格（元）'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '添加饰品' }));
    const adding = within(screen.getByRole('group', { name: '添加饰品' }));
    fireEvent.click(await adding.findByRole('button', { name: /P250 \| 沙丘/ }));
    fireEvent.click(adding.getByRole('button', { name: '加入箱子' }));
    typeTickets('P250 | 沙丘', '1000000');
    await waitFor(() => expect(screen.getByTestId('box-rtp').textContent).toBe('40.00%'));
    // Out of bounds, and the names are missing: nothing to create yet.
    const submit = screen.getByRole('button', { name: '创建箱子' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('请先填写标识、三种语言的名称和分类')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('箱子价格（元）'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('标识（小写字母、数字、短横线，2–63 位）'), {
      target: { value: 'dune-case' },
    });
    fireEvent.change(screen.getByLabelText('名称（简体中文）'), { target: { value: '沙丘箱' } });
    fireEvent.change(screen.getByLabelText('名称（繁体中文）'), { target: { value: '沙丘箱' } });
    fireEvent.change(screen.getByLabelText('名称（英文）'), { target: { value: 'Dune case' } });
    fireEvent.change(screen.getByLabelText('分类'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('box-rtp').textContent).toBe('100.00%'));
    // 100 % is above the bounds too: the server's judgement holds the button.
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('箱子价格（元）'), { target: { value: '2.1' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '新活动箱' } });
    fireEvent.click(dialog.getByRole('button', { name: '确认创建' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/boxes/7'));
    expect(lastBody(requests, ADMIN_BOX_PATHS.create)).toEqual({
      slug: 'dune-case',
      name_zh_cn: '沙丘箱',
      name_zh_tw: '沙丘箱',
      name_en: 'Dune case',
      category_id: 1,
      image: '',
      price: 21_000,
      contents: [{ item_id: 502, exter: 3, tickets: 1_000_000 }],
      reason: '新活动箱',
    });
  });
});

describe('publishing', () => {
  it('unpublishes a box with a reason and shows its new state', async () => {
    const { requests } = open('/admin/boxes/7', {
      [ADMIN_BOX_PATHS.publish]: () => {
        const d = detail(3);
        return { ...d, box: { ...d.box, published: false } };
      },
    });
    await screen.findByRole('heading', { name: /箱子7/ });
    expect(screen.getByText('已上架')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下架' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '活动结束' } });
    fireEvent.click(dialog.getByRole('button', { name: '确认' }));
    expect(await screen.findByText('未上架')).toBeTruthy();
    expect(screen.getByRole('button', { name: '上架' })).toBeTruthy();
    expect(lastBody(requests, ADMIN_BOX_PATHS.publish)).toEqual({ box_id: 7, published: false, reason: '活动结束' });
  });
});

describe('item prices', () => {
  it('sets an item’s price in a grade with a reason, refuses a price that is not whole fen, and clears it again', async () => {
    const wears = [
      { exter: 1, price: 500_000, table_price: 500_000, set: false },
      { exter: 2, price: 400_000, table_price: 400_000, set: false },
    ];
    const item = () => ({ item_id: 501, name: 'AK-47 | 红线', img: '/img/501.png', quality: 4, wears });
    const { requests, router } = open('/admin/boxes', {
      [ADMIN_CATALOGUE_PATHS.search]: () => ({ list: [item()], total: 1 }),
      [ADMIN_CATALOGUE_PATHS.priceSet]: (req) => {
        const body = JSON.parse(req.body) as { exter: number; price: number | null };
        const w = wears.find((x) => x.exter === body.exter)!;
        w.price = body.price ?? w.table_price;
        w.set = body.price !== null;
        return item();
      },
    });
    fireEvent.click(await screen.findByRole('link', { name: '饰品价格' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/boxes/prices'));
    await screen.findByRole('heading', { name: '饰品价格' });
    const table = within(await screen.findByRole('table'));
    // A header, then one row per grade; the price column says whose price it is.
    expect(table.getAllByRole('row')).toHaveLength(3);
    expect(table.getAllByText('价格表')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: '设定价格 AK-47 | 红线 2' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('价格表：¥40.00')).toBeTruthy();
    const submit = dialog.getByRole('button', { name: '设定价格' }) as HTMLButtonElement;
    fireEvent.change(dialog.getByLabelText('新价格（元）'), { target: { value: '12.345' } });
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '市场价' } });
    expect(dialog.getByRole('alert').textContent).toBe('请输入 0.01 元起的整分金额');
    expect(submit.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('新价格（元）'), { target: { value: '52.5' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_CATALOGUE_PATHS.priceSet)).toEqual({
      item_id: 501,
      exter: 2,
      price: 525_000,
      reason: '市场价',
    });
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('运营设定')).toBeTruthy());
    expect(within(screen.getByRole('table')).getByText('52.50')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '恢复价格表' }));
    const clear = within(screen.getByRole('dialog'));
    fireEvent.change(clear.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '回落' } });
    fireEvent.click(clear.getByRole('button', { name: '恢复价格表' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_CATALOGUE_PATHS.priceSet)).toEqual({
      item_id: 501,
      exter: 2,
      price: null,
      reason: '回落',
    });
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('运营设定')).toBeNull());

    fireEvent.click(screen.getByLabelText('只看运营设定的价格'));
    await waitFor(() =>
      expect(callsTo(requests, ADMIN_CATALOGUE_PATHS.search).at(-1)!.url.searchParams.get('priced')).toBe('true'),
    );
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    open('/admin/boxes/prices', {
      [ADMIN_CATALOGUE_PATHS.search]: () => ({
        list: [
          {
            item_id: 501,
            name: 'AK-47 | 红线',
            img: '',
            quality: 4,
            wears: [{ exter: 1, price: 500_000, table_price: 500_000, set: false }],
          },
        ],
        total: 1,
      }),
      [ADMIN_CATALOGUE_PATHS.priceSet]: () =>
        fail(ERRORS.PRICE_INVALID.code, '价格须为 0.01 至 1,000,000 元之间的整分金额', ERRORS.PRICE_INVALID.http),
    });
    fireEvent.click(await screen.findByRole('button', { name: '设定价格 AK-47 | 红线 1' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('新价格（元）'), { target: { value: '2000000' } });
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '试' } });
    fireEvent.click(dialog.getByRole('button', { name: '设定价格' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('价格须为 0.01 至 1,000,000 元之间的整分金额');
  });
});
