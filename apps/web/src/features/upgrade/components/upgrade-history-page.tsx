import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconUpgrade } from '../../../components/icons.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { MyUpgrades } from './upgrade-records.tsx';
import '../upgrade.css';

const HISTORY_PAGE_SIZE = 20;

/** /upgrade/history (spec route upgrade-history; login-guarded): the player's own upgrades with their proofs. */
export function UpgradeHistoryPage() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  return (
    <div className="page upgrade">
      <header className="page-head">
        <span className="page-head__icon">
          <IconUpgrade size={26} />
        </span>
        <div>
          <h1>{t('upgrade.history.title')}</h1>
          <p>{t('upgrade.history.subtitle')}</p>
        </div>
        <Link className="button button--ghost upg-head__link" to={PATHS.upgrade}>
          {t('upgrade.history.back')}
        </Link>
      </header>
      <section className="panel upg-records">
        <MyUpgrades loggedIn={loggedIn} pageSize={HISTORY_PAGE_SIZE} hiddenId={null} />
      </section>
    </div>
  );
}
