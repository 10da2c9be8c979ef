import { oddsHash, rollBox } from '@kaixiang/game/fair';
import { sha256Hex } from '@kaixiang/game/sha256';
import { BATTLE_PATHS } from '@kaixiang/shared/battles';
import {
  BOX_PATHS,
  BOX_TICKETS,
  type ContainsResponse,
  FAIRNESS_PATHS,
  type SeedResponse,
  type SelfHistoryEntry,
} from '@kaixiang/shared/boxes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { box, endedRoom } from '../battle-fixture.ts';
import { oddsEntries } from '../verify.ts';
import { FairnessPage } from './fairness-page.tsx';

const SERVER_SEED = 'c07070402b0b4eadc60b5203803daf34e3d9242ed60319a27ea60072325c76ad';
const NEXT_SEED = 'd4f2a9e45534ffca0d472616655e2cfb9b676786245bce033db6cccd8580cc59';

function table(): ContainsResponse {
  const rows: [number, string, number, number][] = [
    [11, 'P250 | 沙丘之黄', 1, 600_000],
    [12, 'AK-47 | 红线', 4, 390_000],
    [13, '★ 蝴蝶刀 | 渐变之色', 7, 10_000],
  ];
  let from = 0;
  const items = rows.map(([item_id, name, quality, tickets]) => {
    const row = {
      item_id,
      name,
      img: '',
      quality,
      exter: 2,
      cost_price: 10_000,
      tickets,
      ticket_from: from,
      ticket_to: from + tickets,
    };
    from += tickets;
    return row;
  });
  return {
    box_id: 7,
    version: 3,
    ticket_total: BOX_TICKETS,
    odds_hash: oddsHash(oddsEntries(items), BOX_TICKETS),
    rtp_bp: 9000,
    items,
  };
}

const TABLE = table();

/** A roll made the way the server makes it, with the real packages/game code. */
function rollEntry(nonce: number, serverSeed: string | null): SelfHistoryEntry {
  const seed = serverSeed ?? SERVER_SEED;
  const { ticket, index } = rollBox({ serverSeed: seed, clientSeed: 'player-one', nonce }, oddsEntries(TABLE.items));
  const item = TABLE.items[index]!;
  return {
    id: 100 + nonce,
    user_id: 42,
    nick_name: '开箱玩家',
    vip_level: 0,
    avatar: '',
    box_id: 7,
    box_name: '狂牙大行动武器箱',
    box_price: 125_000,
    item_id: item.item_id,
    name: item.name,
    img: '',
    quality: item.quality,
    exter: item.exter,
    cost_price: item.cost_price,
    created_at: 1_763_000_000_000 + nonce,
    user_item_id: 500 + nonce,
    roll: {
      nonce,
      client_seed: 'player-one',
      server_seed_hash: sha256Hex(seed),
      server_seed: serverSeed,
      odds_hash: TABLE.odds_hash,
      box_version: 3,
      ticket,
    },
  };
}

function seedState(rotated: boolean): SeedResponse {
  return rotated
    ? {
        active: { server_seed_hash: sha256Hex(NEXT_SEED), client_seed: 'player-one', nonce: 0 },
        previous: {
          server_seed_hash: sha256Hex(SERVER_SEED),
          client_seed: 'player-one',
          nonce: 2,
          server_seed: SERVER_SEED,
        },
      }
    : { active: { server_seed_hash: sha256Hex(SERVER_SEED), client_seed: 'player-one', nonce: 2 }, previous: null };
}

function setup(overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  let rotated = false;
  const api = mockApi(
    accountHandlers({
      [FAIRNESS_PATHS.seed]: () => seedState(rotated),
      [FAIRNESS_PATHS.rotate]: () => {
        rotated = true;
        return seedState(true);
      },
      [FAIRNESS_PATHS.setClientSeed]: () => null,
      [BOX_PATHS.selfHistory]: () => ({
        list: [rollEntry(1, rotated ? SERVER_SEED : null), rollEntry(0, rotated ? SERVER_SEED : null)],
        total: 2,
      }),
      [BOX_PATHS.contains]: () => TABLE,
      ...overrides,
    }),
  );
  renderWithProviders(<FairnessPage />, '/fairness');
  return api;
}

const check = (key: string) => screen.getByTestId(`check-${key}`);
const passed = (key: string) => check(key).className.includes('is-ok');

describe('fairness page', () => {
  it('explains the scheme and shows the active seed pair', async () => {
    setup();
    // The page's texts come with its chunk: it renders once they are in.
    expect(await screen.findByRole('heading', { name: '公平验证' })).toBeTruthy();
    const how = within(screen.getByRole('region', { name: '验证原理' }));
    expect(how.getByText(/HMAC_SHA256\(服务端种子, “box:客户端种子:nonce:游标”\)/)).toBeTruthy();
    expect(how.getByText(/52 位/)).toBeTruthy();
    expect((await screen.findByTestId('active-server-hash')).textContent).toBe(sha256Hex(SERVER_SEED));
  });

  it('verifies a revealed roll with ✓ on every check, and ✗ once the seed is tampered with', async () => {
    const { requests } = setup();
    // Rotate first: the rolls' server seed is revealed only then.
    fireEvent.click(await screen.findByRole('button', { name: '更换服务端种子' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '更换服务端种子' }));
    expect((await screen.findByTestId('previous-server-seed')).textContent).toBe(SERVER_SEED);
    await waitFor(() => expect(screen.getAllByText('可验证')).toHaveLength(2));

    const expected = rollEntry(1, SERVER_SEED);
    fireEvent.click(screen.getByRole('button', { name: /验证 狂牙大行动武器箱 .* nonce 1$/ }));
    await screen.findByTestId('check-item');
    expect(['seedHash', 'oddsHash', 'ticket', 'item'].map(passed)).toEqual([true, true, true, true]);
    expect(screen.getByText('全部校验通过：这次开箱的结果由公布的种子决定，没有被改动。')).toBeTruthy();
    expect(screen.getByText(`票号 ${expected.roll.ticket} / 1000000`)).toBeTruthy();
    const outcome = screen.getByText('对应饰品').parentElement!;
    expect(within(outcome).getByText(expected.name)).toBeTruthy();
    const table = requests.find((r) => r.url.pathname.endsWith(BOX_PATHS.contains))!;
    expect(Object.fromEntries(table.url.searchParams)).toEqual({ box_id: '7', version: '3' });

    fireEvent.change(screen.getByLabelText('服务端种子'), { target: { value: NEXT_SEED } });
    fireEvent.click(screen.getByRole('button', { name: '开始验证' }));
    await waitFor(() => expect(passed('seedHash')).toBe(false));
    expect(passed('oddsHash')).toBe(true);
    expect(passed('ticket')).toBe(false);
    expect(screen.getByText(/有校验未通过/)).toBeTruthy();
  });

  it('says a roll cannot be checked before its seed is revealed', async () => {
    setup();
    await screen.findAllByText('种子未公开');
    fireEvent.click(screen.getByRole('button', { name: /nonce 0$/ }));
    expect(await screen.findByText(/服务端种子还未公开/)).toBeTruthy();
  });

  it('checks the client seed as it is typed and saves a random one', async () => {
    const { requests } = setup();
    const input = (await screen.findByLabelText('设置客户端种子')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('player-one'));
    const save = screen.getByRole('button', { name: '保存' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'bad/seed' } });
    expect(screen.getByRole('alert').textContent).toBe('客户端种子须为 1–64 位字母、数字、下划线或短横线');
    expect(save.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '随机生成' }));
    expect(input.value).toMatch(/^[0-9a-f]{32}$/);
    fireEvent.click(save);
    await waitFor(() => expect(requests.some((r) => r.url.pathname.endsWith(FAIRNESS_PATHS.setClientSeed))).toBe(true));
    const sent = requests.find((r) => r.url.pathname.endsWith(FAIRNESS_PATHS.setClientSeed))!;
    expect(JSON.parse(sent.body)).toEqual({ client_seed: input.value });
  });

  it('verifies by hand for a visitor, without any record', async () => {
    mockApi({ [BOX_PATHS.contains]: () => TABLE });
    renderWithProviders(<FairnessPage />, '/fairness');
    expect(screen.getByText('登录后可查看和设置您的种子，并验证自己的开箱记录')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('服务端种子'), { target: { value: SERVER_SEED } });
    fireEvent.change(screen.getByLabelText('服务端种子哈希（可选）'), { target: { value: sha256Hex(SERVER_SEED) } });
    fireEvent.change(screen.getByLabelText('客户端种子'), { target: { value: 'player-one' } });
    fireEvent.change(screen.getByLabelText('nonce'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('箱子 ID'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('赔率表版本'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '开始验证' }));
    await screen.findByTestId('check-oddsHash');
    expect(passed('seedHash')).toBe(true);
    expect(passed('oddsHash')).toBe(true);
    expect(screen.queryByTestId('check-ticket')).toBeNull();
    expect(screen.getByText(`票号 ${rollEntry(0, SERVER_SEED).roll.ticket} / 1000000`)).toBeTruthy();
  });

  it('says so when the odds table of that version cannot be loaded', async () => {
    mockApi({ [BOX_PATHS.contains]: () => fail(404, '箱子不存在', 404) });
    renderWithProviders(<FairnessPage />, '/fairness');
    fireEvent.change(screen.getByLabelText('服务端种子'), { target: { value: SERVER_SEED } });
    fireEvent.change(screen.getByLabelText('客户端种子'), { target: { value: 'player-one' } });
    fireEvent.change(screen.getByLabelText('nonce'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('箱子 ID'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('赔率表版本'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: '开始验证' }));
    expect(await screen.findByText('无法获取该箱子此版本的赔率表')).toBeTruthy();
    expect(screen.queryByTestId('check-oddsHash')).toBeNull();
  });

  it('verifies a battle opened from its result (?battle=), every roll ✓, and says when one is not over', async () => {
    const room = endedRoom([box(1, [900, 500, 200]), box(2, [700, 300])]);
    mockApi(
      accountHandlers({
        [FAIRNESS_PATHS.seed]: () => seedState(false),
        [BOX_PATHS.selfHistory]: () => ({ list: [], total: 0 }),
        [BATTLE_PATHS.room]: (req) =>
          req.url.searchParams.get('room_id') === '77'
            ? { data: room, now: 0 }
            : { data: { ...room, room_id: 78, room_state: 2, server_seed: null }, now: 0 },
        // Each box version's published table: the battle's own.
        [BOX_PATHS.contains]: (req) => {
          const used = room.odds.find((o) => String(o.box_id) === req.url.searchParams.get('box_id'));
          return used && String(used.version) === req.url.searchParams.get('version')
            ? {
                box_id: used.box_id,
                version: used.version,
                ticket_total: used.total,
                odds_hash: used.odds_hash,
                rtp_bp: 9_500,
                items: [],
              }
            : fail(4202, '箱子不存在或已下架', 404);
        },
      }),
    );
    renderWithProviders(<FairnessPage />, '/fairness?battle=77');
    const outcome = await screen.findByTestId('battle-verify');
    expect(within(outcome).getByText('全部一致：每一轮的结果都由公开的种子算出')).toBeTruthy();
    // Seed hash, the beacon round, two box versions' tables and six rolls.
    expect(within(outcome).getAllByRole('img', { name: '通过' })).toHaveLength(10);
    expect(within(outcome).getByText('信标第 1795593604 轮是最后一个座位坐满之后产生的第一轮')).toBeTruthy();
    expect(within(outcome).getByText('箱子 #2 版本 1：对战所用赔率表的哈希与该版本公布的一致')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('房间号'), { target: { value: '78' } });
    fireEvent.click(screen.getByRole('button', { name: '验证对战' }));
    expect((await screen.findByRole('alert')).textContent).toBe('对战结束后才能验证：届时服务端种子才会公开');
  });

  it('shows the server’s refusal of a battle lookup in the visitor’s language, and the busy line when no answer comes', async () => {
    let down = false;
    mockApi(
      accountHandlers({
        [FAIRNESS_PATHS.seed]: () => seedState(false),
        [BOX_PATHS.selfHistory]: () => ({ list: [], total: 0 }),
        [BATTLE_PATHS.room]: () => {
          if (down) throw new TypeError('Failed to fetch');
          return fail(4600, '房间不存在', 404);
        },
      }),
    );
    renderWithProviders(<FairnessPage />, '/fairness');
    fireEvent.change(await screen.findByLabelText('房间号'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '验证对战' }));
    expect((await screen.findByRole('alert')).textContent).toBe('房间不存在');
    down = true;
    fireEvent.click(screen.getByRole('button', { name: '验证对战' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('服务器繁忙，请稍后再试'));
    expect(screen.queryByTestId('battle-verify')).toBeNull();
  });
});
