import { SITE_PATHS } from '@kaixiang/shared/site';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { socket } from '../../../lib/socket.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { rewardEntry } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { LiveTickers } from './live-tickers.tsx';

let seq = 0;
function push(entry: ReturnType<typeof rewardEntry>) {
  act(() => FakeWebSocket.latest().receive({ type: 'reward_history', data: entry, room: 'site', seq: ++seq }));
}

describe('live tickers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
  });
  afterEach(() => {
    socket.stop();
    vi.useRealTimers();
  });

  function setup(recent = [rewardEntry()], big: ReturnType<typeof rewardEntry>[] = []) {
    const api = mockApi({
      [SITE_PATHS.rewardHistory]: (req) => ({ infos: req.url.searchParams.get('reward_type') === '2' ? big : recent }),
    });
    const view = renderWithProviders(<LiveTickers random={() => 0} />);
    return { ...api, ...view };
  }

  it('shows the fetched wins, then a pushed win after its 1 s pause', async () => {
    setup();
    const recent = await screen.findByRole('list', { name: '实时掉落' });
    expect(await within(recent).findByText('AK-47 | 红线')).toBeTruthy();
    push(rewardEntry({ id: 2, vip_level: 8, reward_item_name: 'AWP | 二西莫夫', reward_item_price: 1_000_000 }));
    expect(within(recent).queryByText('AWP | 二西莫夫')).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(within(recent).getByText('AWP | 二西莫夫')).toBeTruthy();
    expect(within(recent).getByText('100.00')).toBeTruthy();
    const names = within(recent)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.ticker-entry__name')?.textContent);
    expect(names).toEqual(['AWP | 二西莫夫', 'AK-47 | 红线']);
    // The winner's face carries the VIP badge, from the fetched entry and from the pushed one alike.
    const [pushed, fetched] = within(recent).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(fetched).getByText('VIP3').getAttribute('data-level')).toBe('3');
    expect(within(pushed).getByText('VIP8').getAttribute('data-level')).toBe('8');
  });

  it("names every item in the viewer's language, pushed wins included", async () => {
    await i18n.changeLanguage('en-US');
    try {
      setup();
      const recent = await screen.findByRole('list', { name: 'Live drops' });
      expect(await within(recent).findByText('AK-47 | Redline')).toBeTruthy();
      push(
        rewardEntry({
          id: 5,
          reward_item_name: 'AWP | 二西莫夫',
          reward_item_names: { 'zh-CN': 'AWP | 二西莫夫', 'zh-TW': 'AWP | 二西莫夫', 'en-US': 'AWP | Asiimov' },
        }),
      );
      act(() => vi.advanceTimersByTime(1000));
      expect(within(recent).getByText('AWP | Asiimov')).toBeTruthy();
      expect(within(recent).queryByText('AWP | 二西莫夫')).toBeNull();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });

  it('sends big wins to the right-hand ticker only', async () => {
    setup([rewardEntry()], []);
    const big = await screen.findByRole('list', { name: '大奖播报' });
    expect(await within(big).findByText('暂无大奖记录')).toBeTruthy();
    push(rewardEntry({ id: 9, reward_history_type: 2, reward_item_name: '★ 蝴蝶刀' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(within(big).getByText('★ 蝴蝶刀')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: '实时掉落' })).queryByText('★ 蝴蝶刀')).toBeNull();
  });

  it('says honestly when nobody has won anything yet', async () => {
    setup([], []);
    expect(await screen.findByText('还没有人开出饰品，来开出第一件吧')).toBeTruthy();
  });

  it('opens the unpacking record of the player for entries from a game mode', async () => {
    const { router } = setup([rewardEntry({ id: 3, game_type: 2, user_id: 77, reward_item_name: 'M4A4 | 咆哮' })]);
    fireEvent.click(await screen.findByRole('button', { name: /M4A4 \| 咆哮/ }));
    expect(router.state.location.pathname).toBe('/vipUnpackingRecord');
    expect(router.state.location.search).toBe('?user_id=77');
  });

  it('refetches both tickers after missing site events', async () => {
    const { requests } = setup();
    await screen.findByText('AK-47 | 红线');
    const count = () => requests.filter((r) => r.url.pathname.endsWith(SITE_PATHS.rewardHistory)).length;
    expect(count()).toBe(2);
    push(rewardEntry({ id: 4 }));
    seq += 3;
    push(rewardEntry({ id: 5 }));
    await vi.waitFor(() => expect(count()).toBe(4));
  });
});
