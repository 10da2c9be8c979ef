import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { IconLock, IconShield } from './console-icons.tsx';

/**
 * The frame of every screen before the console itself (sign-in, not staff, enrolment, the code
 * prompt): the console's mark over one card, centred, so it is plain that this is not the site.
 */
export function GateFrame({
  title,
  icon,
  children,
  wide,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="adm-gate">
      <p className="adm-gate__brand">
        <span className="adm-mark" aria-hidden="true">
          KX
        </span>
        {t('admin.brand')}
        <span className="adm-gate__brand-sub">{t('admin.brandSub')}</span>
      </p>
      <section className={`adm-gate__card ${wide ? 'adm-gate__card--wide' : ''}`} aria-labelledby="adm-gate-title">
        <h1 id="adm-gate-title" className="adm-gate__title">
          {icon}
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

export function GateLoading() {
  const { t } = useTranslation();
  return (
    <div className="adm-gate adm-gate--loading" role="status" aria-label={t('admin.gate.loading')}>
      <Spinner />
    </div>
  );
}

/** Not signed in on the site: the site's own login dialog, then the console carries on by itself. */
export function SignInScreen() {
  const { t } = useTranslation();
  return (
    <GateFrame title={t('admin.gate.signInTitle')} icon={<IconLock size={22} />}>
      <p className="adm-gate__hint">{t('admin.gate.signInHint')}</p>
      <div className="adm-gate__actions">
        <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
          {t('admin.gate.signIn')}
        </button>
        <Link className="button button--ghost" to={PATHS.home}>
          {t('admin.gate.backToSite')}
        </Link>
      </div>
    </GateFrame>
  );
}

/** Signed in, but not staff: the server's words (仅限管理员使用) and the way home. */
export function NotStaffScreen({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <GateFrame title={message} icon={<IconShield size={22} />}>
      <p className="adm-gate__hint">{t('admin.gate.notStaffHint')}</p>
      <div className="adm-gate__actions">
        <Link className="button button--primary" to={PATHS.home}>
          {t('admin.gate.backHome')}
        </Link>
      </div>
    </GateFrame>
  );
}

export function LoadFailedScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <GateFrame title={t('admin.gate.loadFailed')}>
      <p className="adm-gate__hint" role="alert">
        {message}
      </p>
      <div className="adm-gate__actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('admin.gate.retry')}
        </button>
        <Link className="button button--ghost" to={PATHS.home}>
          {t('admin.gate.backToSite')}
        </Link>
      </div>
    </GateFrame>
  );
}
