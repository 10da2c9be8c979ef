import type { NavItem } from '@kaixiang/shared/site';
import { SITE_EVENTS } from '@kaixiang/shared/socket';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NavIcon } from '../../../components/icons.tsx';
import { useSocketEvent } from '../../../lib/socket.ts';
import { useNav } from '../api/get-nav.ts';
import { statisticsQueryOptions, useStatistics } from '../api/get-statistics.ts';

/** Server navigation (spec 1 §2): active item follows the route; the arena shows open rooms. */
export function SiteNav() {
  const { t, i18n } = useTranslation();
  const nav = useNav();
  const stats = useStatistics();
  const queryClient = useQueryClient();
  const ref = useRef<HTMLElement>(null);
  useFit(ref, `${nav.dataUpdatedAt}:${i18n.language}:${stats.data?.open_room_num}`);

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
    <nav ref={ref} className="site-nav" aria-label={t('header.navigation')}>
      {(nav.data ?? []).map((item) => (
        <NavEntry key={item.id} item={item} openRooms={stats.data?.open_room_num} />
      ))}
    </nav>
  );
}

/**
 * The navigation takes the room the logo and the actions leave (shell.css). When its items do not
 * fit there with their icons — English labels, a signed-in header with a large balance, an item an
 * operator added — it drops the icons (`data-fit="compact"`) rather than push the page wider than
 * the 1480 px minimum (spec 1 §2); whatever still does not fit scrolls inside the bar. Measured
 * again when the room changes (window, balance, name) or the items do (data, language, badge).
 * It sets an attribute, not state: measuring needs the full layout first, in the same frame.
 */
function useFit(ref: RefObject<HTMLElement | null>, itemsKey: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: itemsKey names what changes the items' widths
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      delete el.dataset.fit;
      if (el.scrollWidth > el.clientWidth) el.dataset.fit = 'compact';
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    // The bar's own size does not follow its items (flex-basis 0), so this cannot loop.
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, itemsKey]);
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
