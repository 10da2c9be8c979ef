import type { InventoryItem } from '@kaixiang/shared/inventory';
import { QUALITIES, QUALITY_LABELS } from '@kaixiang/shared/items';
import { formatUnits } from '@kaixiang/shared/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useUserDetail } from '../../accounts/api/user-detail.ts';
import {
  DEFAULT_FILTER,
  INVENTORY_PAGE_SIZE,
  INVENTORY_SORTS,
  type InventoryFilter,
  STATUS_TABS,
  type StatusTab,
  useInventory,
} from '../api/get-inventory.ts';
import { type ItemAction, useItemAction } from '../api/item-actions.ts';
import { canRetrieveNow, isActionable } from '../item-status.ts';
import { InventoryItemCard } from './inventory-item-card.tsx';
import { TradeLinkPrompt } from './trade-link-prompt.tsx';

const TABS = Object.keys(STATUS_TABS) as StatusTab[];

/** A retry becomes possible by the clock (5 minutes after a decline): re-check now and then. */
function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

interface Pending {
  action: ItemAction;
  items: InventoryItem[];
}

/** The player's items with filters, selection and the sell / recycle / retrieve actions. */
export function InventoryList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [filter, setFilter] = useState<InventoryFilter>(DEFAULT_FILTER);
  const [keywordDraft, setKeywordDraft] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const [needsLink, setNeedsLink] = useState<InventoryItem[] | null>(null);
  const query = useInventory(filter);
  const user = useUserDetail().data;
  const act = useItemAction();
  const nowMs = useNow();

  const list = query.data?.list ?? [];
  const selectable = list.filter(isActionable);
  const chosen = list.filter((i) => selected.has(i.id));
  const allChosen = selectable.length > 0 && selectable.every((i) => selected.has(i.id));

  // Selling the whole last page leaves it empty: step back to the page that still has items.
  const emptyLastPage = query.data !== undefined && !query.isPlaceholderData && list.length === 0 && filter.page > 1;
  useEffect(() => {
    if (emptyLastPage) setFilter((f) => ({ ...f, page: Math.max(1, f.page - 1) }));
  }, [emptyLastPage]);

  function update(patch: Partial<InventoryFilter>) {
    setFilter((f) => ({ ...f, page: 1, ...patch }));
    setSelected(new Set());
  }

  function toggle(id: number) {
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  function ask(action: ItemAction, items: InventoryItem[]) {
    if (items.length === 0) return;
    if (action === 'retrieve' && !user?.steam_link) {
      setNeedsLink(items);
      return;
    }
    setPending({ action, items });
  }

  function confirm() {
    if (!pending) return;
    const { action, items } = pending;
    setPending(null);
    act.mutate({ action, ids: items.map((i) => i.id) }, { onSettled: () => setSelected(new Set()) });
  }

  const retrievable = chosen.filter((i) => canRetrieveNow(i, nowMs));
  const total = (items: InventoryItem[]) => formatUnits(items.reduce((sum, i) => sum + i.cost_price, 0));

  return (
    <div className="inv">
      <div className="inv-tabs" role="tablist" aria-label={t('inventory.statusFilter')}>
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={filter.tab === tab}
            className={`inv-tabs__tab ${filter.tab === tab ? 'is-active' : ''}`}
            onClick={() => update({ tab })}
          >
            {t(`inventory.tab.${tab}`)}
          </button>
        ))}
      </div>

      <div className="inv-filters">
        <select
          className="inv-select"
          aria-label={t('inventory.quality')}
          value={filter.quality ?? ''}
          onChange={(e) => update({ quality: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">{t('inventory.allQualities')}</option>
          {QUALITIES.map((q) => (
            <option key={q} value={q}>
              {QUALITY_LABELS[q][locale]}
            </option>
          ))}
        </select>
        <select
          className="inv-select"
          aria-label={t('inventory.sort')}
          value={filter.sort}
          onChange={(e) => update({ sort: e.target.value as InventoryFilter['sort'] })}
        >
          {INVENTORY_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`inventory.sorts.${s}`)}
            </option>
          ))}
        </select>
        <form
          className="inv-search"
          onSubmit={(e) => {
            e.preventDefault();
            update({ keyword: keywordDraft });
          }}
        >
          <input
            className="inv-search__input"
            type="search"
            maxLength={50}
            aria-label={t('inventory.keyword')}
            placeholder={t('inventory.keywordPlaceholder')}
            value={keywordDraft}
            onChange={(e) => setKeywordDraft(e.target.value)}
          />
          <button type="submit" className="button button--ghost button--sm">
            {t('inventory.search')}
          </button>
        </form>
        <p className="inv-worth">
          {t('inventory.totalValue')}
          <span data-testid="inventory-total">
            <Price units={query.data?.total_price ?? 0} />
          </span>
        </p>
      </div>

      <div className="inv-bar">
        <label className="inv-check inv-check--all">
          <input
            type="checkbox"
            checked={allChosen}
            disabled={selectable.length === 0}
            onChange={() => setSelected(allChosen ? new Set() : new Set(selectable.map((i) => i.id)))}
          />
          {t('inventory.selectAll')}
        </label>
        <span className="inv-bar__summary">
          {t('inventory.selected', { count: chosen.length })}
          <Price units={chosen.reduce((sum, i) => sum + i.cost_price, 0)} />
        </span>
        <div className="inv-bar__actions">
          <button
            type="button"
            className="button button--primary button--sm"
            disabled={chosen.length === 0 || act.isPending}
            onClick={() => ask('sell', chosen)}
          >
            {t('inventory.action.sell')}
          </button>
          <button
            type="button"
            className="button button--ghost button--sm"
            disabled={chosen.length === 0 || act.isPending}
            onClick={() => ask('recycle', chosen)}
          >
            {t('inventory.action.recycle')}
          </button>
          <button
            type="button"
            className="button button--ghost button--sm"
            disabled={retrievable.length === 0 || act.isPending}
            onClick={() => ask('retrieve', retrievable)}
          >
            {t('inventory.action.retrieve')}
          </button>
        </div>
      </div>

      {query.isPending ? (
        <div className="center-block inv-loading">
          <Spinner />
        </div>
      ) : query.isError ? (
        <EmptyState title={t('inventory.failed')} />
      ) : list.length === 0 ? (
        <EmptyState title={t('inventory.empty')} hint={t('common.noDataHint')} />
      ) : (
        <ul className="inv-grid" aria-busy={query.isFetching}>
          {list.map((item) => (
            <InventoryItemCard
              key={item.id}
              item={item}
              selected={selected.has(item.id)}
              onToggle={() => toggle(item.id)}
              onAction={(action) => ask(action, [item])}
              busy={act.isPending}
              nowMs={nowMs}
            />
          ))}
        </ul>
      )}
      <Pager
        page={filter.page}
        pageSize={INVENTORY_PAGE_SIZE}
        total={query.data?.total ?? 0}
        onPage={(page) => {
          setFilter((f) => ({ ...f, page }));
          setSelected(new Set());
        }}
      />

      <ConfirmDialog
        open={pending !== null}
        text={
          pending
            ? t(`inventory.confirm.${pending.action}`, { count: pending.items.length, total: total(pending.items) })
            : ''
        }
        buttonText={pending ? t(`inventory.action.${pending.action}`) : undefined}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
      <TradeLinkPrompt
        open={needsLink !== null}
        onClose={() => setNeedsLink(null)}
        onContinue={() => {
          const items = needsLink ?? [];
          setNeedsLink(null);
          setPending({ action: 'retrieve', items });
        }}
      />
    </div>
  );
}
