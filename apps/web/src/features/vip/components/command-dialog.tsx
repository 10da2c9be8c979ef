import type { CommandListResponse, CommandTier } from '@kaixiang/shared/vip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useGroupInfo } from '../../site/api/get-group-info.ts';
import { useCommandList } from '../api/command.ts';
import { CommandClaim } from './command-claim.tsx';
import './vip.css';

const PERIODS = [
  { type: 1, key: 'day', field: 'day_recharge' },
  { type: 2, key: 'week', field: 'week_recharge' },
  { type: 3, key: 'month', field: 'month_recharge' },
] as const satisfies readonly { type: number; key: string; field: keyof CommandListResponse }[];

/** The command dialog of spec 2 §2 dialog 5: a code to claim, and the recharge reward tiers. */
export function CommandDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('vip.command.title')} size="lg" className="command-dialog">
      {open && <CommandBody onClose={onClose} />}
    </Dialog>
  );
}

function CommandBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const list = useCommandList(true);
  const group = useGroupInfo().data;

  return (
    <div className="command">
      <CommandClaim code={code} onCode={setCode} onLeave={onClose} />
      {list.isPending ? (
        <div className="center-block">
          <Spinner />
        </div>
      ) : !list.data ? (
        <EmptyState compact title={t('vip.command.failed')} />
      ) : (
        <div className="command__periods">
          {PERIODS.map((p) => (
            <CommandPeriod
              key={p.type}
              title={t(`vip.command.period.${p.key}`)}
              recharged={list.data[p.field]}
              tiers={list.data.recharge_list_info.filter((tier) => tier.type === p.type)}
              onUseKey={setCode}
            />
          ))}
        </div>
      )}
      <p className="command__rules">{t('vip.command.itemRules')}</p>
      <p className="command__rules">{t('vip.command.rules', { qq: group?.qq ?? '' })}</p>
    </div>
  );
}

function CommandPeriod({
  title,
  recharged,
  tiers,
  onUseKey,
}: {
  title: string;
  recharged: number;
  tiers: readonly CommandTier[];
  onUseKey: (key: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="command-period" aria-label={title}>
      <header className="command-period__head">
        <h3>{title}</h3>
        <span>
          {t('vip.command.recharged')}
          <Price units={recharged} />
        </span>
      </header>
      {tiers.length === 0 ? (
        <p className="command-period__none">{t('vip.command.none')}</p>
      ) : (
        tiers.map((tier) => {
          const percent = tier.money > 0 ? Math.min(100, (recharged / tier.money) * 100) : 100;
          const reached = recharged >= tier.money;
          return (
            <div key={tier.id} className="command-tier" data-testid={`command-tier-${tier.id}`}>
              <div className="command-tier__line">
                <span>
                  {t('vip.command.need')}
                  <Price units={tier.money} />
                </span>
                <span>
                  {t('vip.command.reward')}
                  <Price units={tier.reward} />
                </span>
                {tier.bag_id !== 0 ? (
                  <span className="command-tier__state">{t('vip.command.claimedState')}</span>
                ) : reached && tier.key ? (
                  <button type="button" className="chip-button" onClick={() => onUseKey(tier.key)}>
                    {t('vip.command.useKey', { key: tier.key })}
                  </button>
                ) : (
                  <span className="command-tier__state">{t('vip.command.notReached')}</span>
                )}
              </div>
              <div
                className="vip-progress"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.floor(percent)}
              >
                <span className="vip-progress__fill" style={{ width: `${percent}%` }} />
              </div>
            </div>
          );
        })
      )}
    </section>
  );
}
