import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts-paths';
import { ROLL_PATHS, type RollRoomInfo } from '@kaixiang/shared/roll';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { serverClock } from '../../../test/server-clock.ts';
import { info, NO_CONDITIONS, person, prize } from '../test-fixtures.ts';
import { RollDetailsPage } from './roll-details.tsx';

function renderRoom(path = `${PATHS.rollDetails}?roomID=7`) {
  const router = createMemoryRouter(
    [
      { path: PATHS.rollDetails, element: <RollDetailsPage /> },
      { path: PATHS.vipRollDetails, element: <RollDetailsPage /> },
      { path: PATHS.fairness, element: <p>fairness page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const SELF = {
  joined: false,
  joined_at: null,
  won_prize: null,
  vip_level: 2,
  recharged: 300_000,
  invited: false,
  has_inviter: true,
};
const PRIZES = [prize(0, 'AK-47 | 红线', 1_000_000), prize(1, 'P250 | 沙丘', 500_000)];

function handlers(room: () => RollRoomInfo, extra: Record<string, MockHandler> = {}) {
  return {
    [ROLL_PATHS.info]: () => room(),
    [ROLL_PATHS.items]: () => ({ room_id: 7, list: room().state === 3 ? room().top_prizes : PRIZES }),
    [ROLL_PATHS.users]: () => ({ list: [{ ...person(11, '阿强'), joined_at: 1 }], total: 1 }),
    ...extra,
  };
}

describe('roll room page', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => socket.stop());

  it('counts down on the server clock, not the browser’s', async () => {
    // Our clock is an hour behind the server's: the draw is 1 min 30 s away by the server.
    const clock = serverClock();
    mockApi(handlers(() => info({ now: clock.now(), draw_at: clock.now() + 90_000 })));
    renderRoom();
    clock.expectCountdown((await screen.findByRole('timer')).textContent, 90);
    // The players and the prizes are queries of their own: they may come after the room.
    expect(await screen.findByText('阿强')).toBeTruthy();
    expect(await screen.findByText('P250 | 沙丘')).toBeTruthy();
  });

  it('shows each condition met or not for the viewer, with the recharge still missing', async () => {
    storeSession(TOKENS);
    const conditions = { ...NO_CONDITIONS, min_recharge: 1_000_000, recharge_days: 7, min_vip: 2, invited_only: true };
    mockApi({ ...accountHandlers(), ...handlers(() => info({ conditions, self: SELF })) });
    renderRoom();
    const list = await screen.findByRole('list', { name: '参与条件' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      '7天内充值满 ¥100.00✗ 未满足还需充值 ¥70.00',
      'VIP等级达到 2✓ 已满足',
      '仅限房主邀请的用户✗ 未满足',
    ]);
  });

  it('offers the owner no join (the owner gives the prizes)', async () => {
    storeSession(TOKENS); // user 42
    mockApi({
      ...accountHandlers(),
      ...handlers(() => info({ owner: { ...person(42, '我自己'), official: false }, self: SELF })),
    });
    renderRoom();
    await screen.findByRole('timer');
    expect(screen.queryByRole('button', { name: '立即参与' })).toBeNull();
  });

  describe('a room only the owner’s invitees may join', () => {
    const invitedOnly = { ...NO_CONDITIONS, invited_only: true };
    const room = (over: Partial<RollRoomInfo> = {}) =>
      info({
        conditions: invitedOnly,
        owner_invite_code: 'ANCHOR8',
        now: Date.now(),
        draw_at: Date.now() + 600_000,
        ...over,
      });

    it('gives the owner the invite code and a link to the room that carries it', async () => {
      storeSession(TOKENS); // user 42
      const writeText = vi.fn(async () => undefined);
      vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
      mockApi({
        ...accountHandlers(),
        ...handlers(() => room({ owner: { ...person(42, '我自己'), official: false }, self: SELF })),
      });
      renderRoom();
      const box = await screen.findByRole('region', { name: '邀请参与' });
      expect(within(box).getByText('ANCHOR8')).toBeTruthy();
      // The owner does not join: the conditions carry no ✓/✗ of theirs.
      const rows = within(screen.getByRole('list', { name: '参与条件' })).getAllByRole('listitem');
      expect(rows.map((li) => li.textContent)).toEqual(['仅限房主邀请的用户']);
      const link = `${window.location.origin}/roll/details?roomID=7&invite=ANCHOR8`;
      expect(within(box).getByText(link)).toBeTruthy();
      fireEvent.click(within(box).getByRole('button', { name: '复制链接' }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
      expect(getToasts().map((t) => t.message)).toContain('复制成功');
    });

    it('lets a player with no inviter bind the owner’s code, after which the condition is met', async () => {
      storeSession(TOKENS);
      let bound = false;
      const binds: unknown[] = [];
      mockApi({
        ...accountHandlers({
          [ACCOUNT_PATHS.bindInvite]: (req) => {
            binds.push(JSON.parse(req.body));
            bound = true;
            return null;
          },
        }),
        ...handlers(() => room({ self: { ...SELF, invited: bound, has_inviter: bound } })),
      });
      renderRoom();
      const box = await screen.findByRole('region', { name: '邀请参与' });
      expect(box.textContent).toContain('绑定房主的邀请码 ANCHOR8 即可参与');
      fireEvent.click(within(box).getByRole('button', { name: '绑定邀请码' }));
      await waitFor(() => expect(screen.queryByRole('region', { name: '邀请参与' })).toBeNull());
      expect(binds).toEqual([{ invite_code: 'ANCHOR8' }]);
      expect(getToasts().map((t) => t.message)).toContain('绑定成功，现在可以参与了');
      const rows = within(screen.getByRole('list', { name: '参与条件' })).getAllByRole('listitem');
      expect(rows.map((li) => li.textContent)).toEqual(['仅限房主邀请的用户✓ 已满足']);
    });

    it('tells a player bound to someone else why they cannot join', async () => {
      storeSession(TOKENS);
      mockApi({ ...accountHandlers(), ...handlers(() => room({ self: { ...SELF, has_inviter: true } })) });
      renderRoom();
      expect(await screen.findByText('你已绑定其他邀请人，无法参与此房间。')).toBeTruthy();
      expect(screen.queryByRole('button', { name: '绑定邀请码' })).toBeNull();
    });

    it('tells a visitor to sign up through the owner’s invite link', async () => {
      mockApi(handlers(() => room()));
      renderRoom(`${PATHS.vipRollDetails}?roomID=7`);
      expect(
        await screen.findByText('此房间仅限房主邀请的玩家参与：通过房主的邀请链接注册即可参与（邀请码 ANCHOR8）。'),
      ).toBeTruthy();
    });
  });

  it('joins a locked room with the password typed, then says joined', async () => {
    storeSession(TOKENS);
    let joined = false;
    const bodies: unknown[] = [];
    const conditions = { ...NO_CONDITIONS, has_password: true };
    mockApi({
      ...accountHandlers(),
      ...handlers(
        () => info({ conditions, self: { ...SELF, joined }, now: Date.now(), draw_at: Date.now() + 600_000 }),
        {
          [ROLL_PATHS.join]: (req) => {
            const body = JSON.parse(req.body) as { password?: string };
            bodies.push(body);
            if (body.password !== '8888') return fail(4676, '房间密码错误');
            joined = true;
            return { room_id: 7, joined_at: 1, player_count: 4 };
          },
        },
      ),
    });
    renderRoom();
    const password = await screen.findByLabelText('房间密码');
    fireEvent.change(password, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: '立即参与' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('房间密码错误'));
    fireEvent.change(password, { target: { value: '8888' } });
    // The button stays disabled until the refused join has refreshed the room: a click before that
    // would be lost, as it would be for a person.
    const join = screen.getByRole('button', { name: '立即参与' }) as HTMLButtonElement;
    await waitFor(() => expect(join.disabled).toBe(false));
    fireEvent.click(join);
    expect(await screen.findByRole('button', { name: '已参与，等待开奖' })).toBeTruthy();
    expect(bodies).toEqual([
      { room_id: 7, password: '1234' },
      { room_id: 7, password: '8888' },
    ]);
  });

  it('asks a visitor to sign in to join', async () => {
    mockApi(handlers(() => info({ now: Date.now(), draw_at: Date.now() + 600_000 })));
    renderRoom(`${PATHS.vipRollDetails}?roomID=7`);
    const opened = vi.fn();
    window.addEventListener(APP_EVENTS.openLogin, opened);
    fireEvent.click(await screen.findByRole('button', { name: '登录后参与' }));
    window.removeEventListener(APP_EVENTS.openLogin, opened);
    expect(opened).toHaveBeenCalled();
    expect(screen.queryByLabelText('房间密码')).toBeNull();
  });

  it('shows the winners of each prize, the seeds and the fairness link once roll_end comes', async () => {
    storeSession(TOKENS);
    let drawn = false;
    const open = () => info({ now: Date.now(), draw_at: Date.now() + 600_000 });
    const ended = () =>
      info({
        state: 3,
        ended_at: 2,
        server_seed: 'b'.repeat(64),
        public_seed: 'c'.repeat(64),
        beacon_round: 4242,
        beacon_url: 'https://example.test/4242',
        top_prizes: [
          prize(0, 'AK-47 | 红线', 1_000_000, person(11, '阿强')),
          { ...prize(1, 'P250 | 沙丘', 500_000), returned: true },
        ],
        self: { ...SELF, joined: true, joined_at: 1, won_prize: 0 },
      });
    // The prizes with their winners come later than the room's end, as they may on a real network.
    let releaseItems = () => {};
    const itemsHeld = new Promise<void>((resolve) => {
      releaseItems = resolve;
    });
    const room = () => (drawn ? ended() : open());
    mockApi({
      ...accountHandlers(),
      ...handlers(room, {
        [ROLL_PATHS.items]: async () => {
          if (drawn) await itemsHeld;
          return { room_id: 7, list: drawn ? ended().top_prizes : PRIZES };
        },
      }),
    });
    const router = renderRoom();
    await screen.findByRole('timer');
    expect(screen.queryByText('中奖名单')).toBeNull();
    drawn = true;
    act(() => FakeWebSocket.latest().receive({ type: 'roll_end', room: 'roll:7', data: { room_id: 7, room_seq: 2 } }));
    const winners = await screen.findByRole('region', { name: '中奖名单' });
    // The room's end and the prizes' winners are two answers: the tiles say nothing of a winner
    // (never "returned") until the second one comes.
    const tiles = () =>
      within(winners)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(tiles()).toEqual(['AK-47 | 红线¥100.00', 'P250 | 沙丘¥50.00']);
    releaseItems();
    await waitFor(() => expect(tiles()).toEqual(['AK-47 | 红线¥100.00阿获得者：阿强', 'P250 | 沙丘¥50.00已退回房主'])); // 阿: the avatar's initial
    expect(screen.getByText('恭喜！你获得了 AK-47 | 红线')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '已参与，等待开奖' })).toBeNull();
    const fair = screen.getByRole('region', { name: '公平性' });
    expect(fair.textContent).toContain('b'.repeat(64));
    expect(
      within(fair)
        .getByRole('link', { name: 'c'.repeat(64) })
        .getAttribute('href'),
    ).toBe('https://example.test/4242');
    fireEvent.click(within(fair).getByRole('link', { name: '去验证' }));
    await waitFor(() => expect(router.state.location.search).toBe('?roll=7'));
  });
});
