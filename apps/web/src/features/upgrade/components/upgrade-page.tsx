import type { UpgradeResponse, UpgradeTarget } from '@kaixiang/shared/upgrade';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconUpgrade } from '../../../components/icons.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useUserDetail } from '../../accounts/api/user-detail.ts';
import { playReveal } from '../../boxes/sounds.ts';
import { INVENTORY_QUERY_ROOT } from '../../inventory/api/get-inventory.ts';
import { MY_PAGE_SIZE, MY_UPGRADES_ROOT, useUpgradeRates } from '../api/get-upgrade.ts';
import { useUpgradeItem } from '../api/upgrade-item.ts';
import { balanceMaxUnits, chanceOf } from '../chance.ts';
import { SPIN_MS } from '../dial.ts';
import { type StakeItem, StakePicker } from './stake-picker.tsx';
import { TargetPicker } from './target-picker.tsx';
import { MyUpgrades, RecentUpgrades } from './upgrade-records.tsx';
import { UpgradeStage } from './upgrade-stage.tsx';
import '../upgrade.css';

/** An answer being shown: the needle sweeps from `startedAt` and lands on its roll. */
export interface UpgradeSpin {
  answer: UpgradeResponse;
  startedAt: number;
  landed: boolean;
}

type RecordsTab = 'recent' | 'target' | 'mine';

/** /upgrade (装备升级; spec 2 §2, issue 13): stake items and/or balance on a dearer target. */
export function UpgradePage() {
  const { t } = useTranslation();
  const rates = useUpgradeRates();
  return (
    <div className="page upgrade">
      <header className="page-head">
        <span className="page-head__icon">
          <IconUpgrade size={26} />
        </span>
        <div>
          <h1>{t('upgrade.title')}</h1>
          <p>{t('upgrade.subtitle')}</p>
        </div>
        <Link className="button button--ghost upg-head__link" to={PATHS.upgradeHistory}>
          {t('upgrade.records.all')}
        </Link>
      </header>
      {rates.data ? (
        <UpgradeScreen />
      ) : rates.isPending ? (
        <div className="center-block">
          <Spinner />
        </div>
      ) : (
        <div className="panel">
          <EmptyState
            title={t('upgrade.loadFailed')}
            action={
              <button type="button" className="button button--ghost" onClick={() => void rates.refetch()}>
                {t('upgrade.retry')}
              </button>
            }
          />
        </div>
      )}
    </div>
  );
}

function UpgradeScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rates = useUpgradeRates().data;
  const loggedIn = useLoggedIn();
  const moneyUnits = useUserDetail().data?.money ?? 0;
  const { upgrade, isPending } = useUpgradeItem();
  const [staked, setStaked] = useState<ReadonlyMap<number, StakeItem>>(new Map());
  const [balanceWanted, setBalanceWanted] = useState(0);
  const [target, setTarget] = useState<UpgradeTarget | null>(null);
  const [spin, setSpin] = useState<UpgradeSpin | null>(null);
  const [tab, setTab] = useState<RecordsTab>('recent');

  // The needle lands SPIN_MS after it set off: then the result shows, and what it changed (the
  // inventory with the won item, the records) is fetched.
  const sweeping = spin !== null && !spin.landed;
  const sweepStart = spin?.startedAt ?? 0;
  useEffect(() => {
    if (!sweeping) return;
    const timer = setTimeout(() => setSpin((s) => (s ? { ...s, landed: true } : s)), sweepStart + SPIN_MS - Date.now());
    return () => clearTimeout(timer);
  }, [sweeping, sweepStart]);
  const landedId = spin?.landed ? spin.answer.upgrade_id : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per landed upgrade
  useEffect(() => {
    if (landedId === null || !spin) return;
    if (spin.answer.success) playReveal(spin.answer.target.quality);
    // The staked items are gone whatever the roll: the next stake starts from the balance alone.
    setStaked(new Map());
    void queryClient.invalidateQueries({ queryKey: INVENTORY_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: MY_UPGRADES_ROOT });
    void queryClient.invalidateQueries({ queryKey: ['upgrade', 'recent'] });
  }, [landedId]);

  if (!rates) return null;
  const maxItems = rates.max_stake_items;
  const items = [...staked.values()];
  const itemsUnits = items.reduce((sum, i) => sum + i.price, 0);
  const maxBalance = balanceMaxUnits({ moneyUnits, itemsUnits, targetUnits: target?.price ?? null, rates });
  const balanceUnits = Math.min(balanceWanted, maxBalance);
  const stakeUnits = itemsUnits + balanceUnits;
  const chance = chanceOf(stakeUnits, target?.price ?? null, rates);
  const locked = sweeping || isPending;

  // Changing anything after a result puts the dial back to the new stake's chance.
  const clearResult = () => setSpin((s) => (s?.landed ? null : s));

  function toggleItem(item: StakeItem) {
    clearResult();
    const next = new Map(staked);
    if (next.has(item.id)) next.delete(item.id);
    else if (next.size >= maxItems) {
      toast.warning(t('upgrade.stake.tooMany', { max: maxItems }));
      return;
    } else next.set(item.id, item);
    setStaked(next);
  }

  async function onUpgrade() {
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    if (!target) {
      toast.warning(t('upgrade.target.required'));
      return;
    }
    if (chance.kind !== 'ok') {
      toast.warning(chance.kind === 'none' ? t('upgrade.refused.STAKE_EMPTY') : t(`upgrade.refused.${chance.reason}`));
      return;
    }
    setSpin(null);
    try {
      const answer = await upgrade({
        upgrade_item_id: target.upgrade_item_id,
        item_ids: items.map((i) => i.id),
        balance: balanceUnits,
      });
      setSpin({ answer, startedAt: Date.now(), landed: false });
    } catch {
      // Toasted with the server's message. What it refused over may have changed under us (an item
      // sold elsewhere, a target taken off sale): the pickers ask again.
      void queryClient.invalidateQueries({ queryKey: INVENTORY_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: ['upgrade', 'targets'] });
    }
  }

  const hiddenId = sweeping ? (spin?.answer.upgrade_id ?? null) : null;
  const tabs = [
    { key: 'recent', value: 'recent' as const, text: t('upgrade.records.recent') },
    ...(target ? [{ key: 'target', value: 'target' as const, text: t('upgrade.records.ofTarget') }] : []),
    { key: 'mine', value: 'mine' as const, text: t('upgrade.records.mine') },
  ];
  const shownTab = tab === 'target' && !target ? 'recent' : tab;
  return (
    <>
      <UpgradeStage
        rates={rates}
        items={items}
        onRemoveItem={toggleItem}
        balanceUnits={balanceUnits}
        maxBalanceUnits={maxBalance}
        onBalance={(units) => {
          clearResult();
          setBalanceWanted(units);
        }}
        stakeUnits={stakeUnits}
        target={target}
        chance={chance}
        spin={spin}
        busy={isPending}
        onUpgrade={() => void onUpgrade()}
        onSkip={() => setSpin((s) => (s ? { ...s, landed: true } : s))}
        onDismiss={() => setSpin(null)}
      />
      <div className="upg-pickers">
        <StakePicker loggedIn={loggedIn} staked={staked} onToggle={toggleItem} locked={locked} />
        <TargetPicker
          stakeUnits={stakeUnits}
          chosenId={target?.upgrade_item_id ?? null}
          onChoose={(next) => {
            clearResult();
            setTarget(next);
          }}
          locked={locked}
        />
      </div>
      <section className="panel upg-records" aria-labelledby="upg-records-title">
        <div className="upg-picker__head">
          <h2 id="upg-records-title">{t('upgrade.records.title')}</h2>
          <SegTabs label={t('upgrade.records.title')} options={tabs} value={shownTab} onChange={setTab} />
        </div>
        {shownTab === 'mine' ? (
          <MyUpgrades loggedIn={loggedIn} pageSize={MY_PAGE_SIZE} hiddenId={hiddenId} />
        ) : (
          <RecentUpgrades
            upgradeItemId={shownTab === 'target' ? (target?.upgrade_item_id ?? null) : null}
            hiddenId={hiddenId}
          />
        )}
      </section>
    </>
  );
}
