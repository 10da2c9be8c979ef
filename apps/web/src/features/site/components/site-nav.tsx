import type { NavItem } from '@kaixiang/shared/site';
import { SITE_EVENTS } from '@kaixiang/shared/socket';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NavIcon } from '../../../components/icons.tsx';
import { useSocketEvent } from '../../../lib/socket.ts';
import { useNav } from '../api/get-nav.ts';
import { statisticsQueryOptions, useStatistics } from '../api/get-statistics.ts';

/** Server navigation (spec 1 §2): active item follows the route; the arena shows open rooms. */
export function SiteNav() {
  const { t } = useTranslation();
  const nav = useNav();
  const stats = useStatistics();
  const queryClient = useQueryClient();

  useSocketEvent<{ count?: unknown }>(SITE_EVENTS.openRooms, (data) => {
    const count = data?.count;
    if (typeof count !== 'number') return;
    queryClient.setQueryData(statisticsQueryOptions.queryKey, (old) => (old ? { ...old, open_room_num: count } : old));
  });

  if (nav.isPending) {
    return (
      <nav className="site-nav" aria-label={t('header.navigation')} aria-busy="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <span key={i} className="site-nav__skeleton" />
        ))}
      </nav>
    );
  }
  return (
    <nav className="site-nav" aria-label={t('header.navigation')}>
      {(nav.data ?? []).map((item) => (
        <NavEntry key={item.id} item={item} openRooms={stats.data?.open_room_num} />
      ))}
    </nav>
  );
}

function NavEntry({ item, openRooms }: { item: NavItem; openRooms: number | undefined }) {
  const { t } = useTranslation();
  const badge =
    item.badge === 'open_rooms' && openRooms !== undefined && openRooms > 0 ? (
      <span className="site-nav__badge" title={t('header.openRooms', { count: openRooms })}>
        {openRooms > 99 ? '99+' : openRooms}
      </span>
    ) : null;
  const body = (
    <>
      <NavIcon name={item.icon} size={18} />
      <span>{item.title}</span>
      {badge}
    </>
  );
  // A navigation path containing "http" opens in a new window (spec 1 §2).
  if (item.path.includes('http')) {
    return (
      <a className="site-nav__item" href={item.path} target="_blank" rel="noopener noreferrer">
        {body}
      </a>
    );
  }
  return (
    <NavLink
      to={item.path}
      end={item.path === '/'}
      className={({ isActive }) => `site-nav__item ${isActive ? 'is-active' : ''}`}
    >
      {body}
    </NavLink>
  );
}
