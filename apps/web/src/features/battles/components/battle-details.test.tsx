import { BATTLE_PATHS, type BattleRoomData, EMOTICON_GAP_MS } from '@kaixiang/shared/battles';
import { BOX_PATHS } from '@kaixiang/shared/boxes';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { APP_EVENTS } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { forgetPreloadedPictures } from '../preload.ts';
import { BOX_A, BOX_B, contentsOf, ITEM_CHEAP, ITEM_RARE, member, roll, roomData } from '../test-fixtures.ts';
import { END_SCREEN_MS } from '../timeline.ts';
import { BattleDetailsPage } from './battle-details.tsx';
import { LOADING_MAX_MS } from './battle-loading.tsx';

/**
 * The browser's Image as the reels' preloader uses it (jsdom loads no picture): every address
 * loads at once, unless the test holds pictures back to release them later, or for good.
 */
class FakeImage {
  static requested: string[] = [];
  static holding = false;
  static held: FakeImage[] = [];
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    FakeImage.requested.push(url);
    if (FakeImage.holding) FakeImage.held.push(this);
    else queueMicrotask(() => this.onload?.());
  }
  static reset() {
    FakeImage.requested = [];
    FakeImage.holding = false;
    FakeImage.held = [];
  }
  static release() {
    FakeImage.holding = false;
    for (const img of FakeImage.held.splice(0)) img.onload?.();
  }
}

function renderRoom(roomId = 31) {
  const router = createMemoryRouter(
    [
      { path: PATHS.battleDetails, element: <BattleDetailsPage /> },
      { path: PATHS.vipBattle, element: <p>battle hall</p> },
    ],
    { initialEntries: [`${PATHS.battleDetails}?roomID=${roomId}`] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The room endpoint answering `room()` with the server's clock at `serverNow()` (this test's clock by default). */
function roomHandlers(
  room: () => BattleRoomData,
  serverNow: () => number = Date.now,
  extra: Record<string, MockHandler> = {},
) {
  return {
    [BATTLE_PATHS.room]: () => ({ data: room(), now: serverNow() }),
    [BOX_PATHS.contains]: (req: MockRequest) => contentsOf({ box_id: Number(req.url.searchParams.get('box_id')) }),
    ...extra,
  };
}

const posts = (requests: MockRequest[], path: string) =>
  requests.filter((r) => r.url.pathname.endsWith(path)).map((r) => JSON.parse(r.body) as unknown);

const ROUNDS = [
  [roll(0, BOX_A, ITEM_CHEAP), roll(1, BOX_A, ITEM_RARE)],
  [roll(0, BOX_B, ITEM_RARE), roll(1, BOX_B, ITEM_CHEAP)],
];
const PLAYERS = [member(0, 42, '房主小王'), member(1, 901, '铁拳', { robot: true })];

describe('battle room', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
    FakeImage.reset();
    forgetPreloadedPictures();
    vi.stubGlobal('Image', FakeImage);
  });
  afterEach(() => socket.stop());

  it('lets the creator seat a robot or dissolve a waiting room', async () => {
    storeSession(TOKENS); // user 42, the creator
    const room = roomData({ user_num: 3, members: [member(0, 42, '房主小王'), null, null] });
    const { requests } = mockApi(
      accountHandlers(
        roomHandlers(() => room, Date.now, {
          [BATTLE_PATHS.addRobot]: () => ({ room_id: 31 }),
          [BATTLE_PATHS.dissolve]: () => ({ room_id: 31 }),
        }),
      ),
    );
    renderRoom();
    const seats = await screen.findAllByTestId('battle-seat');
    expect(seats).toHaveLength(3);
    expect(within(seats[0]!).getByText('房主小王')).toBeTruthy();
    expect(within(seats[0]!).getByText('VIP3')).toBeTruthy();
    expect(screen.getByTestId('battle-round').textContent).toBe('共 2 轮');
    expect(within(seats[1]!).queryByRole('button', { name: '加入' })).toBeNull();
    fireEvent.click(within(seats[2]!).getByRole('button', { name: '添加机器人' }));
    await waitFor(() => expect(posts(requests, BATTLE_PATHS.addRobot)).toEqual([{ room_id: 31, seat: 2 }]));

    fireEvent.click(screen.getByRole('button', { name: '解散房间' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '解散房间' }));
    await waitFor(() => expect(posts(requests, BATTLE_PATHS.dissolve)).toEqual([{ room_id: 31 }]));
  });

  it('asks a visitor to log in to join, and seats a signed-in player where they clicked', async () => {
    const room = roomData({ members: [member(0, 7, '房主小王'), null] });
    const opened: string[] = [];
    const onOpen = () => opened.push('login');
    window.addEventListener(APP_EVENTS.openLogin, onOpen);
    mockApi(roomHandlers(() => room));
    renderRoom();
    fireEvent.click(await screen.findByRole('button', { name: '加入' }));
    window.removeEventListener(APP_EVENTS.openLogin, onOpen);
    expect(opened).toEqual(['login']);
    expect(screen.queryByRole('button', { name: '解散房间' })).toBeNull();
  });

  it('joins and refetches on the room’s events', async () => {
    storeSession(TOKENS);
    let room = roomData({ members: [member(0, 7, '房主小王'), null] });
    const { requests } = mockApi(
      accountHandlers(roomHandlers(() => room, Date.now, { [BATTLE_PATHS.join]: () => ({ room_id: 31 }) })),
    );
    renderRoom();
    fireEvent.click(await screen.findByRole('button', { name: '加入' }));
    await waitFor(() => expect(posts(requests, BATTLE_PATHS.join)).toEqual([{ room_id: 31, seat: 1 }]));
    room = roomData({ members: [member(0, 7, '房主小王'), member(1, 42, '我自己')], room_seq: 2 });
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'join_room',
        data: { room_id: 31, room_seq: 2, seat: 1, user_id: 42, robot: false },
        room: 'battle:31',
        seq: 2,
      }),
    );
    expect(await screen.findByText('我自己')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加入' })).toBeNull();
  });

  it('sends one join for a double click, and no 加入 sends another before the room shows the player seated', async () => {
    storeSession(TOKENS); // user 42
    let seated = false;
    let answerJoin = () => {};
    const answered = new Promise<void>((resolve) => {
      answerJoin = resolve;
    });
    const room = () =>
      roomData({
        user_num: 3,
        members: [member(0, 7, '房主小王'), seated ? member(1, 42, '我自己') : null, null],
        room_seq: seated ? 2 : 1,
      });
    let joins = 0;
    mockApi(
      accountHandlers(
        roomHandlers(room, Date.now, {
          [BATTLE_PATHS.join]: async () => {
            joins += 1;
            if (joins > 1) return fail(4606, '您已在该对战中', 409);
            await answered;
            seated = true;
            return { room_id: 31 };
          },
        }),
      ),
    );
    renderRoom();
    const seats = await screen.findAllByTestId('battle-seat');
    const button = within(seats[1]!).getByRole('button', { name: '加入' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.doubleClick(button);
    // The other empty seat's 加入 is no way round it.
    fireEvent.click(within(seats[2]!).getByRole('button', { name: '加入' }));
    answerJoin();
    expect(await screen.findByText('我自己')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加入' })).toBeNull();
    expect(joins).toBe(1);
    expect(getToasts().filter((t) => t.kind === 'error')).toEqual([]);
  });

  it('replays a running battle from the current round by the server’s clock', async () => {
    // Our clock is an hour off the server's: the page must follow the server.
    const serverNow = () => Date.now() + 3_600_000;
    const startedAt = serverNow() - 6_000; // round 2 revealed 1 s ago
    const room = roomData({
      room_state: 2,
      members: PLAYERS,
      cur_round: 2,
      started_at: startedAt,
      rolls: ROUNDS,
    });
    mockApi(roomHandlers(() => room, serverNow));
    renderRoom();
    expect((await screen.findByTestId('battle-round')).textContent).toBe('第 2 / 2 轮');
    const reels = await screen.findAllByTestId('battle-reel');
    expect(reels.map((r) => r.dataset.seat)).toEqual(['0', '1']);
    expect(reels.every((r) => r.querySelectorAll('.battle-tile').length === 30)).toBe(true);
    // Round 1 has landed: its items and values count; round 2 is still turning.
    const seats = screen.getAllByTestId('battle-seat');
    const totals = seats.map((s) => s.querySelector('.battle-seat__total-price')?.textContent);
    expect(totals).toEqual(['¥0.50', '¥5200.00']);
    expect(within(seats[0]!).getByTitle(ITEM_CHEAP.name)).toBeTruthy();
    expect(reels[0]!.getAttribute('aria-busy')).toBe('true');
    expect(within(seats[1]!).getByText('机器人')).toBeTruthy();
    expect(screen.queryByTestId('battle-result')).toBeNull();
  });

  it('shows the completion screen of an ended battle with each seat’s result and the seeds', async () => {
    const room = roomData({
      room_state: 3,
      members: PLAYERS,
      cur_round: 2,
      started_at: Date.now() - 60_000,
      rolls: ROUNDS,
      winners: [1],
      results: [
        { user_id: 42, is_win: false, extra_money: 0, open_item_price: 52_005_000, win_item_price: 1_750 },
        { user_id: 901, is_win: true, extra_money: 0, open_item_price: 52_005_000, win_item_price: 52_005_000 },
      ],
      server_seed: 'ef'.repeat(32),
      public_seed: '12'.repeat(32),
      beacon_round: 4242,
      beacon_url: 'https://api.drand.sh/public/4242',
    });
    mockApi(roomHandlers(() => room));
    renderRoom();
    const result = await screen.findByTestId('battle-result');
    const seats = screen.getAllByTestId('battle-seat');
    expect(seats[1]!.className).toContain('is-winner');
    expect(within(seats[0]!).getByText('失败')).toBeTruthy();
    expect(within(seats[0]!).getByText('安慰奖')).toBeTruthy();
    expect(within(seats[0]!).getByTestId('seat-received').textContent).toBe('¥0.17');
    expect(within(seats[1]!).getByText('胜利')).toBeTruthy();
    expect(within(seats[1]!).getByTestId('seat-received').textContent).toBe('¥10401.00');
    // Every round's items stay listed under each seat.
    expect(within(seats[0]!).getAllByRole('listitem')).toHaveLength(2);
    expect(within(result).getByTestId('battle-server-seed').textContent).toBe('ef'.repeat(32));
    expect(within(result).getByTestId('battle-public-seed').textContent).toBe('12'.repeat(32));
    expect(within(result).getByRole('link', { name: '随机信标轮次 4242' }).getAttribute('href')).toBe(
      'https://api.drand.sh/public/4242',
    );
    expect(
      within(result)
        .getByRole('link', { name: /公平验证/ })
        .getAttribute('href'),
    ).toBe('/fairness?battle=31');
  });

  it('waits out the end screen’s 6 s after the last reveal before the completion screen', async () => {
    // Our clock stands still while the landed reels are looked at (on CI's loaded 2 cores, 0.4 s of
    // a running clock was not enough to draw them before the result), then jumps past the wait.
    vi.useFakeTimers({ toFake: ['Date'] });
    const lastRevealAgo = END_SCREEN_MS - 400;
    const room = roomData({
      room_state: 3,
      members: PLAYERS,
      cur_round: 2,
      started_at: Date.now() - 5_000 - lastRevealAgo,
      rolls: ROUNDS,
      winners: [0],
      results: [
        { user_id: 42, is_win: true, extra_money: 0, open_item_price: 1, win_item_price: 1 },
        { user_id: 901, is_win: false, extra_money: 0, open_item_price: 1, win_item_price: 0 },
      ],
    });
    mockApi(roomHandlers(() => room));
    renderRoom();
    expect((await screen.findAllByTestId('battle-reel')).every((r) => r.className.includes('is-landed'))).toBe(true);
    expect(screen.queryByTestId('battle-result')).toBeNull();
    // Ended on the server, still on screen: the badge says so only with the completion screen.
    expect(screen.getByText('进行中')).toBeTruthy();
    vi.setSystemTime(Date.now() + 400);
    expect(await screen.findByTestId('battle-result')).toBeTruthy();
    expect(screen.getByText('已结束')).toBeTruthy();
    vi.useRealTimers();
  });

  it('tells everyone a dissolved room is gone and sends them to the battle list', async () => {
    let room = roomData();
    mockApi(roomHandlers(() => room));
    const router = renderRoom();
    await screen.findAllByTestId('battle-seat');
    // The room is followed on its own socket room.
    act(() => void FakeWebSocket.opened());
    expect(FakeWebSocket.latest().sent).toContainEqual({ type: 'JOIN', data: { room: 'battle:31' } });
    room = roomData({ room_state: 4, room_seq: 2 });
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'dissolve_room',
        data: { room_id: 31, room_seq: 2, by: 42 },
        room: 'battle:31',
        seq: 2,
      }),
    );
    expect(await screen.findByText('battle hall')).toBeTruthy();
    expect(router.state.location.pathname).toBe(PATHS.vipBattle);
    expect(getToasts().at(-1)).toMatchObject({ kind: 'warning', title: '提示', message: '房间已解散' });
  });

  it('lets a seated player pick an emoticon to show the room', async () => {
    storeSession(TOKENS); // user 42, seated
    const room = roomData({ members: [member(0, 7, '房主小王'), member(1, 42, '我自己')] });
    const { requests } = mockApi(
      accountHandlers(roomHandlers(() => room, Date.now, { [BATTLE_PATHS.emoticon]: () => ({ room_id: 31 }) })),
    );
    renderRoom();
    fireEvent.click(await screen.findByRole('button', { name: '表情' }));
    const picker = screen.getByRole('menu', { name: '选择表情' });
    expect(within(picker).getAllByRole('menuitem')).toHaveLength(10);
    fireEvent.click(within(picker).getByRole('menuitem', { name: '大笑' }));
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(posts(requests, BATTLE_PATHS.emoticon)).toEqual([{ room_id: 31, emoticon_id: 2 }]));
  });

  it('offers no emoticons to a watcher, signed in or not', async () => {
    const room = roomData({ members: [member(0, 7, '房主小王'), member(1, 8, '对手')] });
    mockApi(accountHandlers(roomHandlers(() => room)));
    renderRoom();
    await screen.findAllByTestId('battle-seat');
    expect(screen.queryByRole('button', { name: '表情' })).toBeNull();
    cleanup();
    storeSession(TOKENS); // user 42, in no seat
    renderRoom();
    await screen.findAllByTestId('battle-seat');
    expect(screen.queryByRole('button', { name: '表情' })).toBeNull();
  });

  it('keeps the picker for a player after the battle has ended', async () => {
    storeSession(TOKENS);
    const room = roomData({
      room_state: 3,
      members: [member(0, 42, '房主小王'), member(1, 901, '铁拳', { robot: true })],
      cur_round: 2,
      started_at: Date.now() - 60_000,
      rolls: ROUNDS,
      winners: [1],
      results: [
        { user_id: 42, is_win: false, extra_money: 0, open_item_price: 1, win_item_price: 0 },
        { user_id: 901, is_win: true, extra_money: 0, open_item_price: 1, win_item_price: 1 },
      ],
    });
    mockApi(accountHandlers(roomHandlers(() => room)));
    renderRoom();
    await screen.findByTestId('battle-result');
    expect(screen.getByRole('button', { name: '表情' })).toBeTruthy();
  });

  it('shows a seat’s emoticon above its column to every viewer for 2 s, without reloading the room', async () => {
    const room = roomData({ members: [member(0, 7, '房主小王'), member(1, 8, '对手')] });
    const { requests } = mockApi(roomHandlers(() => room));
    renderRoom(); // a visitor, watching
    const seats = await screen.findAllByTestId('battle-seat');
    vi.useFakeTimers(); // from here on the page's only timers are the bubbles'
    const roomLoads = () => requests.filter((r) => r.url.pathname.endsWith(BATTLE_PATHS.room)).length;
    const loaded = roomLoads();
    const emote = (roomId: number, seat: number, emoticonId: number, seq: number) =>
      act(() =>
        FakeWebSocket.latest().receive({
          type: 'send_emoticon',
          data: { room_id: roomId, user_id: 7 + seat, seat, emoticon_id: emoticonId },
          room: `battle:${roomId}`,
          seq,
        }),
      );

    emote(32, 1, 2, 1); // another room's
    emote(31, 1, 2, 2);
    expect(within(seats[0]!).queryByTestId('seat-emoticon')).toBeNull();
    const bubble = within(seats[1]!).getByRole('img', { name: '对手：大笑' });
    expect(bubble.textContent).toBe('😂');
    await act(async () => vi.advanceTimersByTime(EMOTICON_GAP_MS - 100));
    expect(within(seats[1]!).getByTestId('seat-emoticon')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(100));
    expect(screen.queryByTestId('seat-emoticon')).toBeNull();

    // A newer one from the same seat replaces the old and is shown its own full 2 s.
    emote(31, 0, 6, 3);
    await act(async () => vi.advanceTimersByTime(1_500));
    emote(31, 0, 7, 4);
    expect(within(seats[0]!).getByTestId('seat-emoticon').textContent).toBe('🎉');
    await act(async () => vi.advanceTimersByTime(1_500));
    expect(within(seats[0]!).getByTestId('seat-emoticon').textContent).toBe('🎉');
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('seat-emoticon')).toBeNull();
    expect(roomLoads()).toBe(loaded);
  });

  it('says when the room does not exist', async () => {
    mockApi({ [BATTLE_PATHS.room]: () => fail(4600, '房间不存在', 404) });
    renderRoom(999);
    expect(await screen.findByText('房间不存在')).toBeTruthy();
  });

  it('shows how many watch the room, kept current by the room’s channel without reloading the room', async () => {
    let room = roomData({ members: [member(0, 7, '房主小王'), member(1, 8, '对手')], watch_cnt: 2 });
    const { requests } = mockApi(roomHandlers(() => room));
    renderRoom();
    const watchers = await screen.findByTestId('battle-watchers');
    expect(watchers.textContent).toBe('观战 2');
    const roomLoads = () => requests.filter((r) => r.url.pathname.endsWith(BATTLE_PATHS.room)).length;
    const count = (roomId: number, n: number, seq: number) =>
      act(() =>
        FakeWebSocket.latest().receive({ type: 'watchCnt', data: { watch_cnt: n }, room: `battle:${roomId}`, seq }),
      );
    count(32, 9, 1); // another room's
    expect(watchers.textContent).toBe('观战 2');
    count(31, 5, 2);
    expect(watchers.textContent).toBe('观战 5');
    count(31, 3, 3);
    expect(watchers.textContent).toBe('观战 3');
    expect(roomLoads()).toBe(1);
    // A snapshot fetched after the event is the newer word (it also covers events a gap lost).
    room = { ...room, room_seq: 2, watch_cnt: 4 };
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'join_room',
        data: { room_id: 31, room_seq: 2, seat: 1, user_id: 8, robot: false },
        room: 'battle:31',
        seq: 4,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('battle-watchers').textContent).toBe('观战 4'));
    expect(roomLoads()).toBe(2);
  });

  it('holds a running battle’s reels under a loading overlay until the contents and their pictures are in', async () => {
    const serverNow = () => Date.now() + 3_600_000;
    const room = roomData({
      room_state: 2,
      members: PLAYERS,
      cur_round: 2,
      started_at: serverNow() - 6_000, // round 2 revealed 1 s ago: its reels are turning
      rolls: ROUNDS,
    });
    let answerRoom: () => void = () => undefined;
    const roomAnswered = new Promise<void>((resolve) => {
      answerRoom = resolve;
    });
    FakeImage.holding = true;
    mockApi(
      roomHandlers(() => room, serverNow, {
        [BATTLE_PATHS.room]: async () => {
          await roomAnswered;
          return { data: room, now: serverNow() };
        },
      }),
    );
    renderRoom();
    // The overlay is the page while the snapshot comes…
    const overlay = await screen.findByTestId('battle-loading');
    expect(within(overlay).getByText('加载中…')).toBeTruthy();
    expect(within(overlay).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    answerRoom();
    // …and stays over the room while the tiles' pictures load: no reel turns yet.
    await screen.findAllByTestId('battle-seat');
    const progress = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    // The snapshot and both boxes' contents are in (30 %); the pictures are what is left.
    await waitFor(() => expect(progress()).toBe(30));
    expect(FakeImage.requested).toEqual(expect.arrayContaining(['/img/items/11.svg', '/img/items/12.svg']));
    expect(screen.queryAllByTestId('battle-reel')).toHaveLength(0);
    // The pictures in: the reels start, joining round 2 where the server's clock has it.
    act(() => FakeImage.release());
    await waitFor(() => expect(screen.queryByTestId('battle-loading')).toBeNull());
    const reels = screen.getAllByTestId('battle-reel');
    expect(reels).toHaveLength(2);
    expect(reels[0]!.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('battle-round').textContent).toBe('第 2 / 2 轮');
  });

  it('lets the reels go after 5 s even if a picture never arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const room = roomData({
      room_state: 2,
      members: PLAYERS,
      cur_round: 1,
      started_at: Date.now() + 60_000, // far enough that the wait cannot run into the reveal
      rolls: [ROUNDS[0]!],
    });
    FakeImage.holding = true; // and never released
    mockApi(roomHandlers(() => room));
    renderRoom();
    await screen.findAllByTestId('battle-seat');
    expect(screen.getByTestId('battle-loading')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(LOADING_MAX_MS - 500));
    expect(screen.getByTestId('battle-loading')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(600));
    expect(screen.queryByTestId('battle-loading')).toBeNull();
    // Pictures arriving later do not bring it back.
    act(() => FakeImage.release());
    expect(screen.queryByTestId('battle-loading')).toBeNull();
  });

  it('fetches what the reels need while the room waits, and shows the overlay when it starts only if something is missing', async () => {
    let room = roomData({ members: [member(0, 7, '房主小王'), null] });
    FakeImage.holding = true;
    mockApi(roomHandlers(() => room));
    renderRoom();
    await screen.findByRole('button', { name: '加入' });
    // Waiting: the pictures are asked for, but nothing covers the room.
    await waitFor(() => expect(FakeImage.requested).toContain('/img/items/12.svg'));
    expect(screen.queryByTestId('battle-loading')).toBeNull();
    room = roomData({
      room_state: 2,
      members: PLAYERS,
      cur_round: 1,
      started_at: Date.now() - 1_000,
      rolls: [ROUNDS[0]!],
      room_seq: 3,
    });
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'battle_start',
        data: { room_id: 31, room_seq: 3 },
        room: 'battle:31',
        seq: 1,
      }),
    );
    expect(await screen.findByTestId('battle-loading')).toBeTruthy();
    expect(screen.queryAllByTestId('battle-reel')).toHaveLength(0);
    act(() => FakeImage.release());
    expect(await screen.findAllByTestId('battle-reel')).toHaveLength(2);
    expect(screen.queryByTestId('battle-loading')).toBeNull();
  });

  it('opens an ended battle straight on its result: no overlay, no contents, no pictures for reels', async () => {
    const room = roomData({
      room_state: 3,
      members: PLAYERS,
      cur_round: 2,
      started_at: Date.now() - 60_000,
      rolls: ROUNDS,
      winners: [1],
      results: [
        { user_id: 42, is_win: false, extra_money: 0, open_item_price: 1, win_item_price: 0 },
        { user_id: 901, is_win: true, extra_money: 0, open_item_price: 1, win_item_price: 1 },
      ],
    });
    const { requests } = mockApi(roomHandlers(() => room));
    renderRoom();
    await screen.findByTestId('battle-result');
    expect(screen.queryByTestId('battle-loading')).toBeNull();
    expect(requests.filter((r) => r.url.pathname.endsWith(BOX_PATHS.contains))).toHaveLength(0);
    expect(FakeImage.requested).toEqual([]);
  });
});
