import { describe, expect, it } from 'vitest';
import { guardNavigation, isProtectedPath } from './login-guard.ts';

describe('isProtectedPath', () => {
  it.each([
    '/personalCenter/inventory',
    '/personalCenter/mail',
    '/userinfo',
    '/userinfo/recharge',
    '/battle/history',
    '/roll/details',
    '/upgrade/history',
    '/card/details',
    '/card/my',
    '/vipActivity',
    '/vipDailyTasks',
    '/vipUnpackingRecord',
    '/vipShoppingMall',
    '/vipJewelry',
    '/vipUnpackingKing',
    '/worldCup',
    '/vipRoll/details',
  ])('protects the named route %s', (path) => {
    expect(isProtectedPath(path)).toBe(true);
  });

  it.each(['/', '/battle', '/battle/details', '/vip', '/notFound', '/help/qustion', '/fairness', '/userinfos'])(
    'leaves %s open',
    (path) => {
      expect(isProtectedPath(path)).toBe(false);
    },
  );

  it('protects what the navigation marks need_login = 2, ignoring query strings and trailing slashes', () => {
    expect(isProtectedPath('/roll', ['/roll'])).toBe(true);
    expect(isProtectedPath('/roll/?tab=2', ['/roll'])).toBe(true);
    expect(isProtectedPath('/roll', [])).toBe(false);
  });
});

describe('guardNavigation', () => {
  it('lets a logged-in visitor in anywhere', () => {
    expect(guardNavigation({ to: '/personalCenter/mail', from: null, loggedIn: true })).toEqual({ action: 'allow' });
  });

  it('lets anyone open a public page', () => {
    expect(guardNavigation({ to: '/battle', from: null, loggedIn: false })).toEqual({ action: 'allow' });
  });

  it('sends a visitor who landed directly on a protected page home, without a dialog', () => {
    expect(guardNavigation({ to: '/personalCenter/mail', from: null, loggedIn: false })).toEqual({
      action: 'redirect',
      to: '/',
      openLogin: false,
      signOut: false,
    });
  });

  it('keeps a visitor on the page they came from and opens the login dialog', () => {
    expect(guardNavigation({ to: '/worldCup', from: '/battle?tab=2', loggedIn: false })).toEqual({
      action: 'redirect',
      to: '/battle?tab=2',
      openLogin: true,
      signOut: false,
    });
  });

  it('signs out and asks for a login when coming from another protected page', () => {
    expect(guardNavigation({ to: '/personalCenter/mail', from: '/personalCenter/inventory', loggedIn: false })).toEqual(
      { action: 'redirect', to: '/', openLogin: true, signOut: true },
    );
  });

  it('applies the navigation need_login flag', () => {
    expect(guardNavigation({ to: '/roll', from: '/', loggedIn: false, navProtected: ['/roll'] })).toMatchObject({
      action: 'redirect',
      to: '/',
      openLogin: true,
    });
  });
});
