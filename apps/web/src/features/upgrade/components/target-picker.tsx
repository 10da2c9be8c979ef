import { pickByShowRate, totalShowRate } from '@kaixiang/game/upgrade';
import type { WeaponClass } from '@kaixiang/shared/items';
import type { UpgradeTarget } from '@kaixiang/shared/upgrade';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { toast } from '../../../lib/toast.ts';
import {
  allTargetsQueryOptions,
  TARGET_PAGE_SIZE,
  type TargetFilter,
  useTargetList,
  useUpgradeCategories,
} from '../api/get-upgrade.ts';
import { formatPpm, secureRandomBelow } from '../chance.ts';
import { ItemTile } from './item-tile.tsx';

/** The value `value` settles on once it has stopped changing for `ms` (a slider being dragged). */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * "Target items" (get-upgrade-list): categories, name search, price sort, pages; with a stake
 * only the targets it can reach, each with its chance. The random pick draws among every target
 * the filters keep, weighted by show_rate (spec 1 §3).
 */
export function TargetPicker({
  stakeUnits,
  chosenId,
  onChoose,
  locked,
}: {
  stakeUnits: number;
  chosenId: number | null;
  onChoose: (target: UpgradeTarget) => void;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<WeaponClass | null>(null);
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<TargetFilter['sort']>('price_asc');
  const [paging, setPaging] = useState<{ key: string; page: number }>({ key: '', page: 1 });
  const [picking, setPicking] = useState(false);
  // A dragged slider would ask for a list at every fen: ask once it rests.
  const settledStake = useSettled(stakeUnits, 300);
  const settledKeyword = useSettled(keyword, 300);
  const filter: TargetFilter = { category, keyword: settledKeyword, sort, stakeUnits: settledStake };
  // A new stake or filter lists other targets: those start on their first page.
  const filterKey = JSON.stringify(filter);
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });
  const categories = useUpgradeCategories(locale);
  const query = useTargetList(filter, page, locale);

  async function randomPick() {
    setPicking(true);
    try {
      const all = await queryClient.fetchQuery(allTargetsQueryOptions(filter, locale));
      const entries = all.map((e) => ({ showRate: e.show_rate }));
      const total = totalShowRate(entries);
      const picked = total > 0 ? all[pickByShowRate(entries, secureRandomBelow(total))] : undefined;
      if (picked) onChoose(picked);
      else toast.warning(t('upgrade.target.noneToPick'));
    } catch {
      // The API client said why.
    } finally {
      setPicking(false);
    }
  }

  const categoryOptions = [
    { key: 'all', value: null, text: t('upgrade.target.all') },
    ...(categories.data?.list ?? []).map((c) => ({ key: c.category, value: c.category, text: c.name })),
  ];
  return (
    <section className="panel upg-picker" aria-labelledby="upg-target-title">
      <div className="upg-picker__head">
        <h2 id="upg-target-title">{t('upgrade.target.pickTitle')}</h2>
        <button
          type="button"
          className="button button--ghost button--sm"
          disabled={locked || picking}
          onClick={() => void randomPick()}
        >
          {t('upgrade.target.random')}
        </button>
      </div>
      <div className="upg-filters">
        <fieldset className="upg-cats">
          <legend className="upg-hidden">{t('upgrade.target.category')}</legend>
          {categoryOptions.map((o) => (
            <button
              key={o.key}
              type="button"
              className={`upg-cat${o.value === category ? ' is-active' : ''}`}
              aria-pressed={o.value === category}
              onClick={() => setCategory(o.value)}
            >
              {o.text}
            </button>
          ))}
        </fieldset>
        <div className="upg-filters__row">
          <input
            type="search"
            className="upg-search"
            placeholder={t('upgrade.target.search')}
            aria-label={t('upgrade.target.search')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => setSort(sort === 'price_asc' ? 'price_desc' : 'price_asc')}
          >
            {t(sort === 'price_asc' ? 'upgrade.target.priceAsc' : 'upgrade.target.priceDesc')}
          </button>
        </div>
        {settledStake > 0 && <p className="upg-muted">{t('upgrade.target.reachable')}</p>}
      </div>
      {query.isPending ? (
        <div className="center-block">
          <Spinner />
        </div>
      ) : query.isError ? (
        <EmptyState compact title={t('upgrade.loadFailed')} />
      ) : query.data.list.length === 0 ? (
        <EmptyState compact title={t('upgrade.target.empty')} />
      ) : (
        <>
          <ul className="upg-grid" data-testid="upg-targets">
            {query.data.list.map((target) => (
              <ItemTile
                key={target.upgrade_item_id}
                item={target}
                pressed={target.upgrade_item_id === chosenId}
                disabled={locked}
                onClick={() => onChoose(target)}
                badge={target.rate_ppm === null ? undefined : formatPpm(target.rate_ppm)}
                label={t('upgrade.target.choose', { name: target.name })}
              />
            ))}
          </ul>
          <Pager page={page} pageSize={TARGET_PAGE_SIZE} total={query.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
