import type { InventoryItem } from '@kaixiang/shared/inventory';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { openLoginDialog } from '../../../lib/events.ts';
import { STAKE_PAGE_SIZE, useStakeItems } from '../api/get-stake-items.ts';
import { ItemTile, type TileItem } from './item-tile.tsx';

/** An item put in the stake: the inventory row id and what the tiles show. */
export type StakeItem = TileItem & { id: number };

export const stakeItemOf = (i: InventoryItem): StakeItem => ({
  id: i.id,
  item_id: i.item_id,
  name: i.name,
  img: i.img,
  quality: i.quality,
  exter: i.exter,
  price: i.cost_price,
});

/** "My items": the player's stakeable items, dearest first, a click puts one in or takes it out. */
export function StakePicker({
  loggedIn,
  staked,
  onToggle,
  locked,
}: {
  loggedIn: boolean;
  staked: ReadonlyMap<number, StakeItem>;
  onToggle: (item: StakeItem) => void;
  /** While the needle turns the stake cannot change. */
  locked: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="panel upg-picker" aria-labelledby="upg-stake-title">
      <div className="upg-picker__head">
        <h2 id="upg-stake-title">{t('upgrade.stake.pickTitle')}</h2>
      </div>
      {loggedIn ? (
        <StakeGrid staked={staked} onToggle={onToggle} locked={locked} />
      ) : (
        <EmptyState
          compact
          title={t('upgrade.stake.guest')}
          action={
            <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
              {t('upgrade.login')}
            </button>
          }
        />
      )}
    </section>
  );
}

function StakeGrid({
  staked,
  onToggle,
  locked,
}: {
  staked: ReadonlyMap<number, StakeItem>;
  onToggle: (item: StakeItem) => void;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const query = useStakeItems(page, useDeferredValue(keyword));
  return (
    <>
      <input
        type="search"
        className="upg-search"
        placeholder={t('upgrade.stake.search')}
        aria-label={t('upgrade.stake.search')}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          setPage(1);
        }}
      />
      {query.isPending ? (
        <div className="center-block">
          <Spinner />
        </div>
      ) : query.isError ? (
        <EmptyState compact title={t('upgrade.loadFailed')} />
      ) : query.data.list.length === 0 ? (
        <EmptyState compact title={t('upgrade.stake.empty')} hint={t('upgrade.stake.emptyHint')} />
      ) : (
        <>
          <ul className="upg-grid" data-testid="upg-stake-items">
            {query.data.list.map((i) => {
              const item = stakeItemOf(i);
              const pressed = staked.has(i.id);
              return (
                <ItemTile
                  key={i.id}
                  item={item}
                  pressed={pressed}
                  disabled={locked}
                  onClick={() => onToggle(item)}
                  label={t(pressed ? 'upgrade.stake.remove' : 'upgrade.stake.add', { name: i.name })}
                />
              );
            })}
          </ul>
          <Pager page={page} pageSize={STAKE_PAGE_SIZE} total={query.data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
