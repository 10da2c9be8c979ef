import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_MODE, openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { AudioToggles } from './audio-toggles.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { SiteNav } from './site-nav.tsx';

/**
 * `account` is what a signed-in visitor sees on the right (balance, user menu). It belongs to the
 * accounts feature; the app passes it in so the shell does not import another feature.
 */
export function SiteHeader({ account }: { account: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={PATHS.home} className="logo" aria-label={t('common.brand')}>
          <svg className="logo__mark" viewBox="0 0 40 40" aria-hidden="true">
            <defs>
              <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#ffd35c" />
                <stop offset="1" stopColor="#ff7a18" />
              </linearGradient>
            </defs>
            <path d="M6 14 20 7l14 7-14 7z" fill="url(#logo-g)" />
            <path d="M6 16.5 19 23v12L6 28.5zM34 16.5 21 23v12l13-6.5z" fill="url(#logo-g)" opacity=".82" />
          </svg>
          <span className="logo__text">
            <strong>{t('common.logoMark')}</strong>
            <small>KAIXIANG</small>
          </span>
        </Link>
        <SiteNav />
        <div className="site-header__actions">
          <AudioToggles />
          <LanguageSwitcher />
          {loggedIn ? (
            account
          ) : (
            <div className="auth-buttons">
              <button type="button" className="button button--ghost" onClick={() => openLoginDialog(LOGIN_MODE.login)}>
                {t('header.login')}
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => openLoginDialog(LOGIN_MODE.register)}
              >
                {t('header.register')}
              </button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
