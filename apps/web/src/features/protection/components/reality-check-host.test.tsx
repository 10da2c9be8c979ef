import { BOX_PATHS } from '@kaixiang/shared/boxes';
import { PROTECTION_API, type ProtectionView } from '@kaixiang/shared/protection';
import { MutationObserver } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPost } from '../../../lib/api.ts';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { emptyView } from '../test-fixtures.ts';

/** The server's clock runs an hour ahead of the browser's: the reminder must follow the server's. */
const AHEAD_MS = 3_600_000;
const serverNow = () => Date.now() + AHEAD_MS;
const MIN = 60_000;

/** A session 65 minutes old with ¥12.34 net spend, reminders every 30 minutes, next one due at `dueAt`. */
const sessionView = (now: number, dueAt: number): ProtectionView =>
  emptyView(now, {
    reality_check_minutes: 30,
    session: { started_at: now - 65 * MIN, next_check_at: dueAt, net_spend: 123_400 },
  });

const calls = (requests: MockRequest[], path: string) => requests.filter((r) => r.url.pathname === `/api${path}`);

function open(view: MockHandler, overrides: Record<string, MockHandler> = {}, path = '/') {
  storeSession(TOKENS);
  const api = mockApi(accountHandlers({ [PROTECTION_API.view]: view, ...overrides }));
  return { ...api, ...renderApp(path) };
}

describe('the reality check reminder', () => {
  it('opens when the check falls due on the server’s clock, and the acknowledgement lets play go on', async () => {
    let dueAt = 0;
    let acked = false;
    const { requests } = open(
      () => {
        const now = serverNow();
        // Due 600 ms after the first look, on the server's clock (an hour past the browser's).
        dueAt ||= now + 600;
        return sessionView(now, acked ? now + 30 * MIN : dueAt);
      },
      {
        [PROTECTION_API.realityAck]: () => {
          acked = true;
          return sessionView(serverNow(), serverNow() + 30 * MIN);
        },
      },
    );
    await waitFor(() => expect(calls(requests, PROTECTION_API.view).length).toBeGreaterThan(0));
    await screen.findByTestId('header-balance');
    // Not due yet.
    expect(screen.queryByRole('dialog', { name: '游戏时长提醒' })).toBeNull();

    const dialog = await screen.findByRole('dialog', { name: '游戏时长提醒' });
    expect(within(dialog).getByTestId('reality-played').textContent).toBe('1 小时 5 分钟');
    expect(within(dialog).getByTestId('reality-spend').textContent).toBe('¥12.34');
    // It cannot be waved away: only an answer closes it.
    expect(within(dialog).queryByRole('button', { name: '关闭' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: '游戏时长提醒' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '继续游戏' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '游戏时长提醒' })).toBeNull());
    expect(calls(requests, PROTECTION_API.realityAck)).toHaveLength(1);
  });

  it('opens at once when the server refuses a stake for want of an acknowledgement, and reads the view again', async () => {
    const { requests, queryClient } = open(() => sessionView(serverNow(), serverNow() + 20 * MIN), {
      [BOX_PATHS.open]: () => fail(4904, '请先确认游戏时长提醒，再继续游戏', 409),
    });
    await waitFor(() => expect(calls(requests, PROTECTION_API.view).length).toBeGreaterThan(0));
    await screen.findByTestId('header-balance');
    expect(screen.queryByRole('dialog', { name: '游戏时长提醒' })).toBeNull();
    const viewsBefore = calls(requests, PROTECTION_API.view).length;

    // A stake, as every game sends one: a mutation through the API client.
    const stake = new MutationObserver(queryClient, {
      mutationFn: () => apiPost(BOX_PATHS.open, { box_id: 1, count: 1, request_id: 'r1' }, { silent: true }),
    });
    await stake.mutate().catch(() => undefined);

    const dialog = await screen.findByRole('dialog', { name: '游戏时长提醒' });
    await waitFor(() => expect(calls(requests, PROTECTION_API.view).length).toBeGreaterThan(viewsBefore));
    expect(within(dialog).getByTestId('reality-spend').textContent).toBe('¥12.34');
  });

  it('acknowledges and opens the protection page from "查看记录"', async () => {
    let acked = false;
    const { requests, router } = open(
      // Due already when the page loads; an interval later once acknowledged.
      () => sessionView(serverNow(), acked ? serverNow() + 30 * MIN : serverNow() - 1000),
      {
        [PROTECTION_API.realityAck]: () => {
          acked = true;
          return sessionView(serverNow(), serverNow() + 30 * MIN);
        },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: '游戏时长提醒' });
    fireEvent.click(within(dialog).getByRole('button', { name: '查看记录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userinfo/protection'));
    expect(calls(requests, PROTECTION_API.realityAck)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '游戏时长提醒' })).toBeNull());
  });

  it('stays silent with reminders off', async () => {
    const { requests } = open(() =>
      emptyView(serverNow(), { session: { started_at: serverNow(), next_check_at: null, net_spend: 0 } }),
    );
    await waitFor(() => expect(calls(requests, PROTECTION_API.view).length).toBeGreaterThan(0));
    await screen.findByTestId('header-balance');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks nothing for a visitor who is not signed in', async () => {
    const { requests } = mockApi({ [PROTECTION_API.view]: () => emptyView(serverNow()) });
    renderApp('/');
    await screen.findByRole('button', { name: '登录' });
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(calls(requests, PROTECTION_API.view)).toHaveLength(0);
  });
});
