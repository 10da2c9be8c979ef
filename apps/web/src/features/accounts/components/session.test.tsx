import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../../lib/api.ts';
import { browser } from '../../../lib/browser.ts';
import { getCookie } from '../../../lib/cookies.ts';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS, USER } from '../../../test/accounts-fixtures.ts';
import { fail, mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const nowS = () => Math.floor(Date.now() / 1000);

describe('session', () => {
  it('refreshes once for concurrent callers when refresh_after has passed, and uses the new token', async () => {
    storeSession({ ...TOKENS, refresh_after: nowS() - 1 });
    let release: () => void = () => {};
    const { requests } = mockApi({
      ...accountHandlers(),
      [ACCOUNT_PATHS.refresh]: () =>
        new Promise(
          (r) =>
            (release = () =>
              r({ ...TOKENS, access_token: 'acc-2', refresh_token: 'ref-2', refresh_after: nowS() + 600 })),
        ),
      '/x': () => ({ ok: true }),
    });
    const calls = [apiGet('/x'), apiGet('/x'), apiGet('/x')];
    await waitFor(() => expect(requests.some((r) => r.url.pathname.endsWith(ACCOUNT_PATHS.refresh))).toBe(true));
    release();
    await Promise.all(calls);
    const refreshes = requests.filter((r) => r.url.pathname.endsWith(ACCOUNT_PATHS.refresh));
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0]!.body)).toEqual({ refresh_token: 'ref-1' });
    const xs = requests.filter((r) => r.url.pathname === '/api/x');
    expect(xs.map((r) => r.headers.authorization)).toEqual(['Bearer acc-2', 'Bearer acc-2', 'Bearer acc-2']);
    expect(getCookie('Refresh')).toBe('ref-2');
  });

  it('a refused refresh signs out', async () => {
    storeSession({ ...TOKENS, refresh_after: nowS() - 1 });
    mockApi({ [ACCOUNT_PATHS.refresh]: () => fail(4000, 'refresh token revoked', 400), '/x': () => null });
    await apiGet('/x');
    expect(getCookie('loginFlag')).toBeNull();
    expect(getCookie('Refresh')).toBeNull();
  });

  it('on start with a token shows the player in the header; the menu logs out with 退出登录成功', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(accountHandlers());
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('123.45'));
    expect(screen.getByTestId('header-quota').textContent).toBe('5.67');
    expect(screen.getByText('VIP3')).toBeTruthy();
    const exchange = screen.getByRole('button', { name: '兑换' }) as HTMLButtonElement;
    const recharge = screen.getByRole('button', { name: '充值' }) as HTMLButtonElement;
    expect(exchange.disabled).toBe(false);
    expect(recharge.disabled).toBe(false);
    expect(screen.getByRole('link', { name: '站内信' }).getAttribute('href')).toBe('/personalCenter/mail');
    expect(screen.getByRole('link', { name: '背包' }).getAttribute('href')).toBe('/personalCenter/inventory');

    fireEvent.mouseEnter(screen.getByRole('button', { name: '用户菜单' }).parentElement!);
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual([
      '积分0',
      '基本信息与背包',
      '开箱记录',
      '推广用户',
      '账变记录',
      '充值记录',
      '积分商城',
      '福袋记录',
      '红包记录',
      '理性游戏',
      '兑换码',
      '拾取排行榜',
      '退出登录',
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '退出登录' }));
    await screen.findByRole('button', { name: '登录' });
    expect(requests.some((r) => r.url.pathname.endsWith(ACCOUNT_PATHS.logout))).toBe(true);
    expect(getCookie('Authorization')).toBeNull();
    expect(getToasts().at(-1)?.message).toBe('退出登录成功');
  });

  it('still signs out when the logout call fails', async () => {
    storeSession(TOKENS);
    mockApi(accountHandlers({ [ACCOUNT_PATHS.logout]: () => fail(500, 'boom', 500) }));
    renderApp('/');
    await screen.findByTestId('header-balance');
    fireEvent.click(screen.getByRole('button', { name: '用户菜单' }));
    fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    await screen.findByRole('button', { name: '登录' });
    expect(getToasts().map((t) => t.message)).toEqual(['退出登录成功']);
  });

  it('turns a steamId ticket in the address into a session (code 0) and goes home', async () => {
    const { requests } = mockApi(
      accountHandlers({
        [ACCOUNT_PATHS.loginBySteam]: () =>
          new Response(JSON.stringify({ code: 0, data: { ...TOKENS, api_token: 'x', user: USER }, msg: '' })),
      }),
    );
    const { router } = renderApp('/battle?steamId=ticket-1');
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('123.45'));
    const call = requests.find((r) => r.url.pathname.endsWith(ACCOUNT_PATHS.loginBySteam))!;
    expect(JSON.parse(call.body)).toEqual({ steam_id: 'ticket-1', nickname: '', avatar: '', login_type: 0 });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
    expect(getCookie('steamId')).toBeNull();
    expect(getCookie('Authorization')).toBe('acc-1');
  });

  it('in a popup opened by our site, keeps the ticket, reloads the opener and closes', async () => {
    const opener = { location: { reload: vi.fn() } } as unknown as Window;
    vi.spyOn(browser, 'sameSiteOpener').mockReturnValue(opener);
    const close = vi.spyOn(browser, 'close').mockImplementation(() => {});
    const { requests } = mockApi(accountHandlers());
    renderApp('/?steamId=ticket-2');
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.location.reload).toHaveBeenCalled();
    expect(getCookie('steamId')).toBe('ticket-2');
    expect(requests.some((r) => r.url.pathname.endsWith(ACCOUNT_PATHS.loginBySteam))).toBe(false);
  });

  it('keeps an ?invite= code for the registration', async () => {
    mockApi(accountHandlers());
    renderApp('/?invite=ABC123');
    await screen.findByRole('button', { name: '登录' });
    await act(async () => {});
    expect(JSON.parse(localStorage.getItem('kx_invite_code')!).content).toBe('ABC123');
  });
});
