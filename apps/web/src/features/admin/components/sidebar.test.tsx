import { ADMIN_PATHS, ROLE_PERMISSIONS } from '@kaixiang/shared/admin';
import { screen, within } from '@testing-library/react';
import { lazy } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { storeSession } from '../../../lib/session.ts';
import { TOKENS } from '../../../test/accounts-fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderApp, renderWithProviders } from '../../../test/render-app.tsx';
import { CONSOLE_SECTIONS, type ConsoleSection, type SectionId, sectionsFor } from '../sections.tsx';
import { callsTo, consoleHandlers, liveSession, SUPPORT } from '../test-fixtures.ts';
import { adminTexts } from '../texts.ts';
import { IconAuditLog } from './console-icons.tsx';
import { Sidebar } from './sidebar.tsx';

const screenOf = (text: string) => lazy(async () => ({ default: () => <p>{text}</p> }));

/** Sections as a later console will have them: each needs its own permission. */
const SECTIONS: ConsoleSection[] = [
  { id: 'players', path: 'players', permission: 'players.read', icon: IconAuditLog, screen: screenOf('players') },
  { id: 'catalogue', path: 'catalogue', permission: 'catalogue.manage', icon: IconAuditLog, screen: screenOf('c') },
  { id: 'payments', path: 'payments', permission: 'payments.manage', icon: IconAuditLog, screen: screenOf('pay') },
  { id: 'audit', path: 'audit-log', permission: 'audit.read', icon: IconAuditLog, screen: screenOf('audit') },
];

/** The nine sections of issue 23 and issue 25's boards and events, with a screen or not. */
const ALL_SECTION_IDS: SectionId[] = [
  'dashboard',
  'players',
  'catalogue',
  'payments',
  'retrievals',
  'games',
  'promotions',
  'events',
  'content',
  'audit',
];

const linksOf = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

beforeAll(() => adminTexts.load('zh-CN'));

describe('the sidebar', () => {
  it('lists, in the list’s order, only the sections the role’s permissions open', () => {
    expect(sectionsFor(ROLE_PERMISSIONS.support, SECTIONS).map((s) => s.id)).toEqual(['players', 'audit']);
    expect(sectionsFor(ROLE_PERMISSIONS.finance, SECTIONS).map((s) => s.id)).toEqual(['players', 'payments', 'audit']);
    expect(sectionsFor(ROLE_PERMISSIONS.admin, SECTIONS)).toEqual(SECTIONS);
    expect(sectionsFor([], SECTIONS)).toEqual([]);
  });

  it('shows a support role players and the audit log, a finance role payments too, with their addresses', () => {
    const { unmount } = renderWithProviders(
      <Sidebar sections={SECTIONS} permissions={ROLE_PERMISSIONS.support} />,
      '/admin/players',
    );
    expect(linksOf(screen.getByRole('navigation', { name: '后台栏目' }))).toEqual([
      ['玩家', '/admin/players'],
      ['操作日志', '/admin/audit-log'],
    ]);
    unmount();
    renderWithProviders(<Sidebar sections={SECTIONS} permissions={ROLE_PERMISSIONS.finance} />, '/admin/players');
    const nav = screen.getByRole('navigation', { name: '后台栏目' });
    expect(linksOf(nav).map(([name]) => name)).toEqual(['玩家', '充值订单', '操作日志']);
    expect(within(nav).getByRole('link', { name: '玩家' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists every section that has a screen, and none that has not, to a role that may do everything', async () => {
    storeSession(TOKENS);
    mockApi(consoleHandlers({ ...SUPPORT, role: 'admin', permissions: [...ROLE_PERMISSIONS.admin], ...liveSession() }));
    renderApp('/admin/audit-log');
    const nav = await screen.findByRole('navigation', { name: '后台栏目' });
    const label = (id: SectionId) => i18n.t(`admin.sections.${id}`);
    expect(linksOf(nav)).toEqual(CONSOLE_SECTIONS.map((s) => [label(s.id), `/admin/${s.path}`]));
    expect(linksOf(nav)).toContainEqual(['操作日志', '/admin/audit-log']);
    const withScreen = new Set(CONSOLE_SECTIONS.map((s) => s.id));
    const without = ALL_SECTION_IDS.filter((id) => !withScreen.has(id));
    for (const id of without) expect(within(nav).queryByRole('link', { name: label(id) })).toBeNull();
  });

  it('gives a role without the permission neither the link nor the screen, and asks the server nothing for it', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(consoleHandlers({ ...SUPPORT, permissions: [], ...liveSession() }));
    renderApp('/admin');
    await screen.findByText('你的角色暂时没有可用的后台栏目');
    expect(within(screen.getByRole('navigation', { name: '后台栏目' })).queryAllByRole('link')).toEqual([]);
    expect(callsTo(requests, ADMIN_PATHS.auditLog)).toHaveLength(0);
  });

  it('answers an address of a section the role lacks with a plain refusal, not the screen', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(consoleHandlers({ ...SUPPORT, permissions: ['players.read'], ...liveSession() }));
    renderApp('/admin/audit-log?action=rain');
    await screen.findByText('你的角色没有此栏目的权限');
    expect(screen.queryByRole('heading', { name: '操作日志', level: 1 })).toBeNull();
    expect(callsTo(requests, ADMIN_PATHS.auditLog)).toHaveLength(0);
  });
});
