import type { NavItem } from '@kaixiang/shared/site';
import { SITE_EVENTS } from '@kaixiang/shared/socket';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, NavLink, useLocation } from 'react-router';
import { IconChevronDown, NavIcon } from '../../../components/icons.tsx';
import { useSocketEvent } from '../../../lib/socket.ts';
import { useDismiss } from '../../../lib/use-dismiss.ts';
import { useNav } from '../api/get-nav.ts';
import { statisticsQueryOptions, useStatistics } from '../api/get-statistics.ts';

/** Server navigation (spec 1 §2): active item follows the route; the arena shows open rooms. */
export function SiteNav() {
  const { t, i18n } = useTranslation();
  const nav = useNav();
  const stats = useStatistics();
  const queryClient = useQueryClient();
  const ref = useRef<HTMLElement>(null);
  const moreRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(0);
  useFit(ref, moreRef, setOverflow, `${nav.dataUpdatedAt}:${i18n.language}:${stats.data?.open_room_num}`);

  useSocketEvent<{ count?: unknown }>(SITE_EVENTS.openRooms, (data) => {
    const count = data?.count;
    if (typeof count !== 'number') return;
    queryClient.setQueryData(statisticsQueryOptions.queryKey, (old) => (old ? { ...old, open_room_num: count } : old));
  });

  // The same <nav> in the same place before and after the items come: one landmark throughout.
  if (nav.isPending) {
    return (
      <div className="site-nav-bar">
        <nav className="site-nav" aria-label={t('header.navigation')} aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <span key={i} className="site-nav__skeleton" />
          ))}
        </nav>
      </div>
    );
  }
  const items = nav.data ?? [];
  return (
    <div className="site-nav-bar">
      <nav ref={ref} className="site-nav" aria-label={t('header.navigation')}>
        {items.map((item) => (
          <NavEntry key={item.id} item={item} openRooms={stats.data?.open_room_num} />
        ))}
      </nav>
      <NavMore ref={moreRef} items={items.slice(items.length - overflow)} openRooms={stats.data?.open_room_num} />
    </div>
  );
}

/**
 * The navigation takes the room the logo and the actions leave (shell.css). When its items do not
 * fit there with their icons — English labels, a signed-in header with a large balance, an item an
 * operator added — it drops the icons (`data-fit="compact"`) rather than push the page wider than
 * the 1480 px minimum (spec 1 §2), then narrows the items' padding (`"tight"`), and if that is not
 * enough the last items move into a "More" menu (`data-over` on each, their count in `setOverflow`
 * for the menu to list). Measured again when the room changes (window, balance, name) or the items
 * do (data, language, badge). It measures with every item in place, so the attributes are set
 * here, in the same frame, and only the count is state.
 */
function useFit(
  ref: RefObject<HTMLElement | null>,
  moreRef: RefObject<HTMLElement | null>,
  setOverflow: (count: number) => void,
  itemsKey: string,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: itemsKey names what changes the items' widths
  useLayoutEffect(() => {
    const el = ref.current;
    const more = moreRef.current;
    if (!el || !more) return;
    const fits = () => el.scrollWidth <= el.clientWidth;
    const fit = () => {
      const items = [...el.children] as HTMLElement[];
      for (const item of items) delete item.dataset.over;
      more.hidden = true;
      delete el.dataset.fit;
      let over = 0;
      if (!fits()) el.dataset.fit = 'compact';
      if (!fits()) el.dataset.fit = 'tight';
      if (!fits()) {
        more.hidden = false;
        while (!fits() && over < items.length - 1) {
          over += 1;
          (items[items.length - over] as HTMLElement).dataset.over = '';
        }
      }
      setOverflow(over);
    };
    fit();
    // A web font arriving changes the labels' widths, not the bar's.
    document.fonts?.addEventListener('loadingdone', fit);
    const stopFonts = () => document.fonts?.removeEventListener('loadingdone', fit);
    if (typeof ResizeObserver === 'undefined') return stopFonts;
    // The bar (the nav and the menu button) takes the room the header leaves, whatever its items
    // (flex-basis 0), so watching it cannot loop; the nav itself is as wide as its items shown.
    const observer = new ResizeObserver(fit);
    if (el.parentElement) observer.observe(el.parentElement);
    return () => {
      stopFonts();
      observer.disconnect();
    };
  }, [ref, moreRef, setOverflow, itemsKey]);
}

/** The items the bar has no room for, behind one button; it is lit when the page is one of them. */
function NavMore({
  ref,
  items,
  openRooms,
}: {
  ref: RefObject<HTMLDivElement | null>;
  items: NavItem[];
  openRooms: number | undefined;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const root = useDismiss<HTMLDivElement>(open, () => setOpen(false));
  // Following a link in the menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route changing is the event
  useEffect(() => setOpen(false), [pathname]);
  const active = items.some(
    (item) => !item.path.includes('http') && matchPath({ path: item.path, end: item.path === '/' }, pathname),
  );
  return (
    <div
      ref={(node) => {
        ref.current = node;
        root.current = node;
      }}
      className="nav-more"
      hidden
    >
      <button
        type="button"
        className={`site-nav__item nav-more__button ${active ? 'is-active' : ''}`}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{t('header.more')}</span>
        <IconChevronDown size={14} />
      </button>
      {open && items.length > 0 && (
        <div className="nav-more__menu">
          {items.map((item) => (
            <NavEntry key={item.id} item={item} openRooms={openRooms} />
          ))}
        </div>
      )}
    </div>
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
