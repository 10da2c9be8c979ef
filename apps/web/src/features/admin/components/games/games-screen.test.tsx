import { ADMIN_CATALOGUE_PATHS, type CatalogueSearchItem } from '@kaixiang/shared/admin-catalogue';
import {
  ADMIN_GAME_PATHS,
  type AdminRollRow,
  type AdminTreasureRow,
  type GameSettings,
  type GameSettingsResponse,
} from '@kaixiang/shared/admin-games';
import { ERRORS } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../../lib/session.ts';
import { TOKENS } from '../../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { ADMIN, callsTo, consoleHandlers, liveSession } from '../../test-fixtures.ts';

const room = (room_id: number, over: Partial<AdminRollRow> = {}): AdminRollRow => ({
  room_id,
  title: `主播房${room_id}`,
  state: 'open',
  official: false,
  owner_id: 7,
  owner_name: '主播小凯',
  prizes: 2,
  value: 30_000,
  players: 4,
  draw_at: Date.now() + 3_600_000,
  created_at: Date.now(),
  ...over,
});

const treasure = (room_id: number, over: Partial<AdminTreasureRow> = {}): AdminTreasureRow => ({
  room_id,
  title: `夺宝${room_id}`,
  state: 'open',
  prize_name: 'AK-47 | 红线',
  prize_price: 200_000,
  cards: 10,
  sold: 3,
  card_price: 30_000,
  deadline: Date.now() + 3_600_000,
  created_at: Date.now(),
  ...over,
});

const AWP: CatalogueSearchItem = {
  item_id: 501,
  name: 'AWP | 巨龙传说',
  img: '',
  quality: 6,
  wears: [
    { exter: 1, price: 80_000_000, table_price: 80_000_000, set: false },
    { exter: 2, price: 60_000_000, table_price: 60_000_000, set: false },
  ],
};

const DEFAULTS: GameSettings = {
  battle: { robots_enabled: true, max_boxes: 20, max_seat_cost: null },
  turntable: {
    min_bet: 10_000,
    max_bet: 100_000_000,
    max_round: 500_000_000,
    max_bets_per_round: 100,
    jackpot_feed_bp: 100,
  },
  upgrade: { house_edge_ppm: 50_000, min_rate_ppm: 10_000, max_rate_ppm: 750_000 },
};
const SETTINGS: GameSettingsResponse = {
  settings: DEFAULTS,
  defaults: DEFAULTS,
  updated_at: null,
  stale_ms: 10_000,
  jackpot_pool: 12_345_678,
};

function open(overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(
    consoleHandlers(
      { ...ADMIN, ...liveSession() },
      {
        [ADMIN_GAME_PATHS.rollRooms]: () => ({ list: [room(3)], total: 1 }),
        [ADMIN_GAME_PATHS.treasures]: () => ({ list: [treasure(9)], total: 1 }),
        [ADMIN_GAME_PATHS.settings]: () => SETTINGS,
        [ADMIN_CATALOGUE_PATHS.search]: () => ({ list: [AWP], total: 1 }),
        ...overrides,
      },
    ),
  );
  return { ...api, ...renderApp('/admin/games') };
}

const lastBody = (requests: MockRequest[], path: string) => JSON.parse(callsTo(requests, path).at(-1)?.body ?? 'null');

describe('the games section', () => {
  it('lists roll rooms and makes an official room of house prizes from the catalogue', async () => {
    let made = false;
    const { requests } = open({
      [ADMIN_GAME_PATHS.rollRooms]: () => ({
        list: made ? [room(45, { title: '官方福利', official: true, owner_name: '运营老板' }), room(3)] : [room(3)],
        total: made ? 2 : 1,
      }),
      [ADMIN_GAME_PATHS.rollCreate]: () => {
        made = true;
        return { room_id: 45 };
      },
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('主播房3')).toBeTruthy();
    expect(within(table).getByText('主播')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '创建官方ROLL房' }));
    const dialog = await screen.findByRole('dialog', { name: '创建官方ROLL房' });
    // An official room is everybody's: no invitation condition to offer.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('房间名称'), { target: { value: '官方福利' } });
    fireEvent.change(within(dialog).getByLabelText('最低VIP等级'), { target: { value: '2' } });
    const submit = within(dialog).getByRole('button', { name: '创建' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true); // no prize yet
    const add = within(dialog).getByRole('button', { name: '加入奖品' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(await within(dialog).findByRole('button', { name: /AWP \| 巨龙传说/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /略有磨损/ }));
    fireEvent.click(add);
    const chosen = within(dialog).getByRole('list', { name: '已选奖品' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['AWP | 巨龙传说 · 略有磨损¥6000.00移除']);
    expect(within(dialog).getByText('奖品总价值 ¥6000.00')).toBeTruthy();
    fireEvent.click(submit);

    await screen.findByText('已创建 #45');
    expect(screen.queryByRole('dialog')).toBeNull();
    const body = lastBody(requests, ADMIN_GAME_PATHS.rollCreate);
    expect(body).toMatchObject({ title: '官方福利', min_vip: 2, house_items: [{ item_id: 501, exter: 2 }] });
    expect(body).not.toHaveProperty('item_ids');
    expect(body).not.toHaveProperty('invited_only');
    // The list is read again and shows the new room, marked official.
    const row = (await screen.findByText('官方福利')).closest('tr') as HTMLElement;
    expect(within(row).getByText('官方')).toBeTruthy();
  });

  it('keeps the dialog open with the server’s reason when it refuses a room', async () => {
    open({
      [ADMIN_GAME_PATHS.rollCreate]: () => fail(ERRORS.ROLL_DRAW_TIME_TOO_SOON.code, '开奖时间至少在1分钟之后'),
    });
    fireEvent.click(await screen.findByRole('button', { name: '创建官方ROLL房' }));
    const dialog = await screen.findByRole('dialog', { name: '创建官方ROLL房' });
    fireEvent.change(within(dialog).getByLabelText('房间名称'), { target: { value: '太快了' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: /AWP \| 巨龙传说/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '加入奖品' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('开奖时间至少在1分钟之后');
    expect(screen.getByRole('dialog', { name: '创建官方ROLL房' })).toBeTruthy();
  });

  it('lists treasures and makes one, asking again when every card sold would still lose money', async () => {
    const { requests } = open({ [ADMIN_GAME_PATHS.treasureCreate]: () => ({ room_id: 12 }) });
    fireEvent.click(await screen.findByRole('tab', { name: '夺宝' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('3 / 10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '创建夺宝' }));
    const dialog = await screen.findByRole('dialog', { name: '创建夺宝' });
    fireEvent.change(within(dialog).getByLabelText('夺宝标题'), { target: { value: '龙狙夺宝' } });
    fireEvent.change(within(dialog).getByLabelText('卡片数量（2–1000）'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText('每张价格（元）'), { target: { value: '1' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: /AWP \| 巨龙传说/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /略有磨损/ }));
    expect(within(dialog).getByTestId('treasure-margin').textContent).toBe('全部售出后预计亏损 ¥5996.00');
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    fireEvent.click(await screen.findByRole('button', { name: '仍然创建' }));
    await screen.findByText('已创建 #12');
    expect(lastBody(requests, ADMIN_GAME_PATHS.treasureCreate)).toMatchObject({
      title: '龙狙夺宝',
      item_id: 501,
      exter: 2,
      cards: 4,
      card_price: 10_000,
      prize_price: 60_000_000,
    });
  });

  it('edits the game settings, refuses limits that do not fit, and saves with a reason', async () => {
    const { requests } = open({
      [ADMIN_GAME_PATHS.settingsSave]: (req) => ({
        ...SETTINGS,
        settings: JSON.parse(req.body).settings,
        updated_at: Date.now(),
      }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: '游戏设置' }));
    const edge = (await screen.findByLabelText('平台优势（%）')) as HTMLInputElement;
    expect(edge.value).toBe('5');
    expect(screen.getByText('理论返还率 95.00%')).toBeTruthy();
    const save = screen.getByRole('button', { name: '保存设置' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed

    fireEvent.change(screen.getByLabelText('单注最低（元）'), { target: { value: '20000' } });
    expect(screen.getByRole('alert').textContent).toBe(
      '下注限额有误：最小下注不能高于最大下注，每轮总额不能低于最大下注',
    );
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('单注最低（元）'), { target: { value: '2' } });
    fireEvent.change(edge, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '允许房主添加机器人' }));
    expect(screen.getByText('理论返还率 96.00%')).toBeTruthy();
    // Battle limits: at most 20 boxes; a seat's cost in yuan, empty for none.
    const maxBoxes = screen.getByLabelText('每场最多箱子数（1–20）') as HTMLInputElement;
    const seatCost = screen.getByLabelText('每人最高花费（元，留空不限）') as HTMLInputElement;
    expect([maxBoxes.value, seatCost.value]).toEqual(['20', '']);
    expect(screen.getByText('默认 不限')).toBeTruthy();
    fireEvent.change(maxBoxes, { target: { value: '21' } });
    expect(screen.getByRole('alert').textContent).toBe('请填写有效的数字');
    expect(save.disabled).toBe(true);
    fireEvent.change(maxBoxes, { target: { value: '10' } });
    fireEvent.change(seatCost, { target: { value: '5000' } });
    fireEvent.click(save);

    const dialog = await screen.findByRole('dialog', { name: '保存游戏设置' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '活动期间' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存设置' }));
    await screen.findByText('游戏设置已保存');
    expect(lastBody(requests, ADMIN_GAME_PATHS.settingsSave)).toEqual({
      reason: '活动期间',
      settings: {
        battle: { robots_enabled: false, max_boxes: 10, max_seat_cost: 50_000_000 },
        turntable: { ...DEFAULTS.turntable, min_bet: 20_000 },
        upgrade: { ...DEFAULTS.upgrade, house_edge_ppm: 40_000 },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits the turntable jackpot feed as a percentage beside the pool, refusing one out of bounds', async () => {
    const { requests } = open({
      [ADMIN_GAME_PATHS.settingsSave]: (req) => ({
        ...SETTINGS,
        settings: JSON.parse(req.body).settings,
        updated_at: Date.now(),
      }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: '游戏设置' }));
    const feed = (await screen.findByLabelText('奖池注入比例（每轮下注额的 %，0–3）')) as HTMLInputElement;
    expect(feed.value).toBe('1'); // 100 bp
    expect(screen.getByText('含奖池的长期返还率 97.00%')).toBeTruthy();
    // The pool's balance, read only: no field holds it.
    expect(screen.getByTestId('jackpot-pool').textContent).toBe('当前奖池：¥1234.56');
    expect(screen.queryByDisplayValue('1234.56')).toBeNull();
    const save = screen.getByRole('button', { name: '保存设置' }) as HTMLButtonElement;

    fireEvent.change(feed, { target: { value: '3.01' } });
    expect(screen.getByRole('alert').textContent).toBe('奖池注入比例须为 0%–3%（0–300 基点）');
    expect(screen.getByText('含奖池的长期返还率 —')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(feed, { target: { value: '-1' } });
    expect(screen.getByRole('alert').textContent).toBe('奖池注入比例须为 0%–3%（0–300 基点）');
    expect(save.disabled).toBe(true);

    fireEvent.change(feed, { target: { value: '0' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('含奖池的长期返还率 96.00%')).toBeTruthy();
    fireEvent.change(feed, { target: { value: '3' } });
    expect(screen.getByText('含奖池的长期返还率 99.00%')).toBeTruthy();
    fireEvent.click(save);

    const dialog = await screen.findByRole('dialog', { name: '保存游戏设置' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '奖池活动' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存设置' }));
    await screen.findByText('游戏设置已保存');
    expect(lastBody(requests, ADMIN_GAME_PATHS.settingsSave)).toEqual({
      reason: '奖池活动',
      settings: { ...DEFAULTS, turntable: { ...DEFAULTS.turntable, jackpot_feed_bp: 300 } },
    });
    expect(((await screen.findByLabelText('奖池注入比例（每轮下注额的 %，0–3）')) as HTMLInputElement).value).toBe('3');
  });
});
