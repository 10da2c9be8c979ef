import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconUser, IconUsers } from '../../../../components/icons.tsx';
import { InviteRecharges } from '../../../promotion/components/invite-recharges.tsx';
import { HistoryExportCard } from '../../../protection/components/history-export-card.tsx';
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
 * /personalCenter/inventory and /userinfo: basic info, then whatever the route puts below it (the
 * inventory, which the inventory feature owns; the app composes the two). The bare basic-info pages
 * (/userinfo, /userinfo/basic) end with the history export, where a player manages their account.
 */
export function BasicInfoPage({
  textKey = 'inventory',
  children,
}: {
  textKey?: 'inventory' | 'userinfo' | 'userinfoBasic';
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="page personal-center">
      <PageHead
        title={t(`pages.${textKey}.title`)}
        subtitle={t(`pages.${textKey}.subtitle`)}
        icon={<IconUser size={26} />}
      />
      <BasicInfoCard />
      {children ?? <HistoryExportCard />}
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
      <InviteRecharges />
    </div>
  );
}
