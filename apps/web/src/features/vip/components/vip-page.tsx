import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FeaturePage } from '../../../components/feature-page.tsx';
import { IconCrown } from '../../../components/icons.tsx';
import { openLoginDialog } from '../../../lib/events.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { VipHistory } from './vip-history.tsx';
import { VipPanel } from './vip-panel.tsx';

/** /vip: the VIP entry. Logged out, it asks for a login instead (spec 1 §2). */
export function VipPage() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  useEffect(() => {
    if (!loggedIn) openLoginDialog();
  }, [loggedIn]);
  if (!loggedIn) {
    return (
      <FeaturePage
        icon={<IconCrown size={26} />}
        title={t('pages.vip.title')}
        subtitle={t('pages.vip.subtitle')}
        emptyTitle={t('pages.vip.loginFirst')}
        action={
          <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
            {t('header.login')}
          </button>
        }
      />
    );
  }
  return (
    <div className="page vip-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconCrown size={26} />
        </span>
        <div>
          <h1>{t('pages.vip.title')}</h1>
          <p>{t('pages.vip.subtitle')}</p>
        </div>
      </header>
      <div className="panel">
        <VipPanel />
        <VipHistory />
      </div>
    </div>
  );
}
