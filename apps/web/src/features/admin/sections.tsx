import type { Permission } from '@kaixiang/shared/admin';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import {
  IconAuditLog,
  IconBoxes,
  IconContent,
  IconDashboard,
  IconEvents,
  IconGames,
  IconPayments,
  IconPlayers,
  IconPromotions,
  IconRetrievals,
} from './components/console-icons.tsx';

/**
 * The console's sections, in the order the sidebar lists them (issue 23: dashboard, players,
 * catalogue and boxes, payments, retrievals, games, promotions, content, audit log; issue 25 added
 * boards and events after promotions). Their names are in the texts (`admin.sections.<id>`).
 */
export type SectionId =
  | 'dashboard'
  | 'players'
  | 'catalogue'
  | 'payments'
  | 'retrievals'
  | 'games'
  | 'promotions'
  | 'events'
  | 'content'
  | 'audit';

export interface ConsoleSection {
  id: SectionId;
  /**
   * Below /admin, without a leading slash. A screen's own pages go below it (`players/12`); the
   * screen matches them itself with matchPath.
   */
  path: string;
  /** What its screen needs (the server checks every call regardless): without it the section is not listed. */
  permission: Permission;
  icon: ComponentType<{ size?: number }>;
  /** The screen, a chunk of its own: it is fetched when the section is first opened. */
  screen: LazyExoticComponent<ComponentType>;
}

/**
 * Only sections that have a screen are here: a section without one is not listed at all, rather
 * than shown as an empty page that would pass for a real one with nothing in it. Adding a screen
 * is one entry, at its place in the order above, e.g.
 *
 *   { id: 'players', path: 'players', permission: 'players.read', icon: IconPlayers,
 *     screen: lazy(() => import('./components/players/players-screen.tsx')) },
 *
 * where the module's default export is the screen; its calls go through api/console-call.ts, so a
 * lapsed console session returns to the code prompt on the same page.
 */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  {
    id: 'dashboard',
    path: 'dashboard',
    permission: 'dashboard.read',
    icon: IconDashboard,
    screen: lazy(() => import('./components/dashboard/dashboard-screen.tsx')),
  },
  {
    id: 'players',
    path: 'players',
    permission: 'players.read',
    icon: IconPlayers,
    screen: lazy(() => import('./components/players/players-screen.tsx')),
  },
  {
    id: 'catalogue',
    path: 'boxes',
    permission: 'catalogue.manage',
    icon: IconBoxes,
    screen: lazy(() => import('./components/boxes/boxes-screen.tsx')),
  },
  {
    id: 'payments',
    path: 'payments',
    permission: 'payments.manage',
    icon: IconPayments,
    screen: lazy(() => import('./components/payments/payments-screen.tsx')),
  },
  {
    id: 'retrievals',
    path: 'retrievals',
    permission: 'retrievals.manage',
    icon: IconRetrievals,
    screen: lazy(() => import('./components/retrievals/retrievals-screen.tsx')),
  },
  {
    id: 'games',
    path: 'games',
    permission: 'games.manage',
    icon: IconGames,
    screen: lazy(() => import('./components/games/games-screen.tsx')),
  },
  {
    id: 'promotions',
    path: 'promotions',
    permission: 'promotions.manage',
    icon: IconPromotions,
    screen: lazy(() => import('./components/promotions/promotions-screen.tsx')),
  },
  {
    id: 'events',
    path: 'events',
    permission: 'promotions.manage',
    icon: IconEvents,
    screen: lazy(() => import('./components/events/events-screen.tsx')),
  },
  {
    id: 'content',
    path: 'content',
    permission: 'content.manage',
    icon: IconContent,
    screen: lazy(() => import('./components/content/content-screen.tsx')),
  },
  {
    id: 'audit',
    path: 'audit-log',
    permission: 'audit.read',
    icon: IconAuditLog,
    screen: lazy(() => import('./components/audit-log/audit-log-screen.tsx')),
  },
];

/** The sections a staff member's permissions open, in the list's order. */
export function sectionsFor(
  permissions: readonly Permission[],
  sections: readonly ConsoleSection[] = CONSOLE_SECTIONS,
): ConsoleSection[] {
  return sections.filter((s) => permissions.includes(s.permission));
}
