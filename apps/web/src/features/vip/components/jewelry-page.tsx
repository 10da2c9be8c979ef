import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconKey } from '../../../components/icons.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { useGroupInfo } from '../../site/api/get-group-info.ts';
import { CommandClaim } from './command-claim.tsx';
import './vip.css';

/**
 * The 口令饰品 page (/vipJewelry, a signed-in route: the login guard asks first, and the page
 * reloads after a login from it): the command code input and what a code granted. Closed, like
 * the side panel's entry, unless the site setting code_item is 1.
 */
export function JewelryPage() {
  const { t } = useTranslation();
  const group = useGroupInfo();
  const [code, setCode] = useState('');
  if (group.isPending) return <PageSpinner />;
  const open = group.data?.code_item === 1;
  return (
    <div className="page jewelry-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconKey size={26} />
        </span>
        <div>
          <h1>{t('pages.vipJewelry.title')}</h1>
          <p>{t('vip.command.pageHint')}</p>
        </div>
      </header>
      <div className="panel command">
        {open ? (
          <>
            <CommandClaim code={code} onCode={setCode} />
            <p className="command__rules">{t('vip.command.itemRules')}</p>
            <p className="command__rules">{t('vip.command.rules', { qq: group.data?.qq ?? '' })}</p>
          </>
        ) : (
          <EmptyState title={t('side.commandClosed')} />
        )}
      </div>
    </div>
  );
}
