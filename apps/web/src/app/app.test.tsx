import { CUP_PATHS } from '@kaixiang/shared/cup-paths';
import { SITE_PATHS } from '@kaixiang/shared/site';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { footerVisible, SiteFooter } from '../features/site/components/site-footer.tsx';
import { setCookie } from '../lib/cookies.ts';
import { APP_EVENTS } from '../lib/events.ts';
import { storeSession } from '../lib/session.ts';
import { accountHandlers, TOKENS } from '../test/accounts-fixtures.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderApp, renderWithProviders } from '../test/render-app.tsx';

describe('site shell', () => {
  it('shows the server navigation with the open-room count on the arena item', async () => {
    mockApi();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    const arena = await within(nav).findByRole('link', { name: /竞技场/ });
    await waitFor(() => expect(arena.textContent).toContain('7'));
    expect(within(nav).getByRole('link', { name: /开箱/ }).className).toContain('is-active');
    const external = within(nav).getByRole('link', { name: /客服/ });
    expect(external.getAttribute('target')).toBe('_blank');
  });

  it('moves the active item with the route', async () => {
    mockApi();
    const { router } = renderApp('/battle');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect((await within(nav).findByRole('link', { name: /竞技场/ })).className).toContain('is-active');
    expect(within(nav).getByRole('link', { name: /开箱/ }).className).not.toContain('is-active');
    expect(router.state.location.pathname).toBe('/battle');
    // The arena is a page of its own, loaded on first visit.
    expect(await screen.findByRole('heading', { name: '竞技场' })).toBeTruthy();
  });

  it('switches the whole interface to English and refetches the localised navigation', async () => {
    const { requests } = mockApi();
    renderApp('/');
    expect(await screen.findByRole('link', { name: /竞技场/ })).toBeTruthy();
    // The home screen's catalogue is its own query: wait for it rather than assume it came with the nav.
    expect(await screen.findByText('暂无箱子')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '切换语言' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByText('No cases yet')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Arena/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-US');
    expect(JSON.parse(localStorage.getItem('kx_lang')!).content).toBe('en-US');
    const navRequests = requests.filter((r) => r.url.pathname.endsWith(SITE_PATHS.nav));
    expect(navRequests.map((r) => r.headers['x-lang'])).toEqual(['zh-CN', 'en-US']);
  });

  it('lands unknown paths on the error page', async () => {
    mockApi();
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByText('页面不见了')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/notFound');
    expect(screen.getByText('错误代码 404')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('shows the footer totals on the home page, alchemy as three times the server value', async () => {
    mockApi();
    renderApp('/');
    const upgrades = await screen.findByTestId('total-upgrades');
    expect(upgrades.textContent).toContain('炼金次数');
    expect(upgrades.textContent).toContain('3,000');
    expect(screen.getByTestId('total-users').textContent).toContain('1,234');
    // The filing number comes from the host info, its own query: wait for it rather than assume it came first.
    expect(await screen.findByText('沪ICP备2026000001号-1')).toBeTruthy();
  });

  it('shows no totals away from the home page', async () => {
    mockApi();
    renderApp('/battle');
    await screen.findByRole('heading', { name: '竞技场' });
    expect(screen.queryByTestId('total-upgrades')).toBeNull();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('hides the footer on any path containing /activity', async () => {
    mockApi();
    expect(footerVisible('/activity')).toBe(false);
    expect(footerVisible('/newyear/activity/lucky')).toBe(false);
    expect(footerVisible('/vipActivity')).toBe(true);
    const { unmount } = renderWithProviders(<SiteFooter />, '/activity/spring');
    await act(async () => {});
    expect(screen.queryByRole('contentinfo')).toBeNull();
    unmount();
    renderWithProviders(<SiteFooter />, '/battle');
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
  });

  it('opens the boards and the world cup as pages of their own, each from its own chunk', async () => {
    // 开箱王 and 世界杯 are behind the login guard: a signed-in player sees the pages.
    storeSession(TOKENS);
    const { requests } = mockApi(
      accountHandlers({
        [CUP_PATHS.info]: () => ({ tournaments: [], tournament: null, fixtures: [], board: [], me: null }),
      }),
    );
    renderApp('/worldCup');
    expect(await screen.findByRole('heading', { name: '世界杯竞猜' })).toBeTruthy();
    expect(await screen.findByText('暂无竞猜赛事')).toBeTruthy();
    expect(screen.queryByText('该功能暂未开放')).toBeNull();
    expect(requests.some((r) => r.url.pathname === `/api${CUP_PATHS.info}`)).toBe(true);
  });

  it('login and register buttons ask for the login dialog in the right mode', async () => {
    mockApi();
    const modes: number[] = [];
    const listener = (e: Event) => modes.push((e as CustomEvent<{ mode: number }>).detail.mode);
    window.addEventListener(APP_EVENTS.openLogin, listener);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    window.removeEventListener(APP_EVENTS.openLogin, listener);
    expect(modes).toEqual([1, 2]);
  });
});

describe('login guard in the router', () => {
  const opened: string[] = [];
  const onOpen = () => opened.push('login');
  beforeEach(() => {
    opened.length = 0;
    window.addEventListener(APP_EVENTS.openLogin, onOpen);
  });
  afterEach(() => window.removeEventListener(APP_EVENTS.openLogin, onOpen));

  it('sends a logged-out visitor who opens a protected page directly to the home page', async () => {
    mockApi();
    const { router } = renderApp('/personalCenter/mail');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(opened).toEqual([]);
  });

  it('keeps a logged-out visitor where they were and opens the login dialog', async () => {
    mockApi();
    const { router } = renderApp('/battle');
    await screen.findByRole('heading', { name: '竞技场' });
    await router.navigate('/personalCenter/inventory');
    await waitFor(() => expect(router.state.location.pathname).toBe('/battle'));
    expect(opened).toEqual(['login']);
  });

  it('protects what the navigation marks need_login = 2', async () => {
    mockApi();
    const { router } = renderApp('/battle');
    await screen.findByRole('link', { name: /商城/ });
    fireEvent.click(screen.getByRole('link', { name: /商城/ }));
    await waitFor(() => expect(opened).toEqual(['login']));
    expect(router.state.location.pathname).toBe('/battle');
  });

  it('lets a logged-in visitor in', async () => {
    setCookie('loginFlag', '1');
    mockApi();
    renderApp('/personalCenter/mail');
    expect(await screen.findByRole('heading', { name: '邮件' })).toBeTruthy();
  });
});
