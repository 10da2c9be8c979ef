import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { IconUser, IconUsers } from '../../../../components/icons.tsx';
import { BasicInfoCard } from './basic-info-card.tsx';
import { PromotedUsers } from './promoted-users.tsx';

function PageHead({ title, subtitle, icon }: { title: string; subtitle: string; icon: React.ReactNode }) {
  return (
    <header className="page-head">
      <span className="page-head__icon">{icon}</span>
      <div>
        <h1>{title}</h1>
        <p>{subtitle}</p>
      </div>
    </header>
  );
}

/**
 * /personalCenter/inventory and /userinfo: basic info, then the inventory, which its own issue
 * builds; until then an honest empty state.
 */
export function BasicInfoPage({ textKey = 'inventory' }: { textKey?: 'inventory' | 'userinfo' | 'userinfoBasic' }) {
  const { t } = useTranslation();
  return (
    <div className="page personal-center">
      <PageHead
        title={t(`pages.${textKey}.title`)}
        subtitle={t(`pages.${textKey}.subtitle`)}
        icon={<IconUser size={26} />}
      />
      <BasicInfoCard />
      {textKey === 'inventory' && (
        <section className="panel" aria-label={t('profile.inventoryTitle')}>
          <h2 className="panel__title">{t('profile.inventoryTitle')}</h2>
          <EmptyState title={t('pages.inventory.empty')} hint={t('common.noDataHint')} />
        </section>
      )}
    </div>
  );
}

/** /personalCenter/extension and /userinfo/extension. */
export function PromotedUsersPage({ textKey = 'extension' }: { textKey?: 'extension' | 'userinfoExtension' }) {
  const { t } = useTranslation();
  return (
    <div className="page personal-center">
      <PageHead
        title={t(`pages.${textKey}.title`)}
        subtitle={t(`pages.${textKey}.subtitle`)}
        icon={<IconUsers size={26} />}
      />
      <PromotedUsers />
    </div>
  );
}
