import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CHANNELS_PATH, PAYMENTS_PATH, USDT_PATH } from './payments-paths.ts';

/** The section's three tabs: orders, channels, USDT deposits. */
export function PaymentsTabs() {
  const { t } = useTranslation();
  const tab = ({ isActive }: { isActive: boolean }) => `adm-pay-tabs__tab${isActive ? ' adm-pay-tabs__tab--on' : ''}`;
  return (
    <nav className="adm-pay-tabs" aria-label={t('adminPayments.tabs.label')}>
      <NavLink end className={tab} to={PAYMENTS_PATH}>
        {t('adminPayments.tabs.orders')}
      </NavLink>
      <NavLink className={tab} to={CHANNELS_PATH}>
        {t('adminPayments.tabs.channels')}
      </NavLink>
      <NavLink className={tab} to={USDT_PATH}>
        {t('adminPayments.tabs.usdt')}
      </NavLink>
    </nav>
  );
}

/** The section's header, with its tabs. */
export function PaymentsHead({ sub }: { sub: string }) {
  const { t } = useTranslation();
  return (
    <header className="adm-screen__head">
      <h1 id="adm-payments-title" className="adm-screen__title">
        {t('admin.sections.payments')}
      </h1>
      <p className="adm-screen__sub">{sub}</p>
      <PaymentsTabs />
    </header>
  );
}
