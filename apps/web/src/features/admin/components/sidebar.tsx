import type { Permission } from '@kaixiang/shared/admin';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { consolePath } from '../paths.ts';
import { type ConsoleSection, sectionsFor } from '../sections.tsx';

/** The console's left column: its mark, then the sections this staff member's role opens. */
export function Sidebar({
  sections,
  permissions,
}: {
  sections: readonly ConsoleSection[];
  permissions: readonly Permission[];
}) {
  const { t } = useTranslation();
  const visible = sectionsFor(permissions, sections);
  return (
    <aside className="adm-side">
      <div className="adm-side__brand">
        <span className="adm-mark" aria-hidden="true">
          KX
        </span>
        <span className="adm-side__brand-text">
          <strong>{t('admin.brand')}</strong>
          <span>{t('admin.brandSub')}</span>
        </span>
      </div>
      <nav className="adm-side__nav" aria-label={t('admin.shell.sectionsLabel')}>
        <ul>
          {visible.map((s) => (
            <li key={s.id}>
              <NavLink
                to={consolePath(s.path)}
                className={({ isActive }) => `adm-side__link ${isActive ? 'adm-side__link--active' : ''}`}
              >
                <s.icon size={18} />
                <span>{t(`admin.sections.${s.id}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
