import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventoryLiveUpdates } from '../api/live-updates.ts';
import { InventoryList } from './inventory-list.tsx';
import { WarehouseLog } from './warehouse-log.tsx';
import './inventory.css';

/** The personal centre's inventory panel: the items, and the log of every item ever got. */
export function InventorySection() {
  const { t } = useTranslation();
  const [view, setView] = useState<'items' | 'log'>('items');
  useInventoryLiveUpdates();
  return (
    <section className="panel inv-panel" aria-label={t('inventory.title')}>
      <div className="inv-views">
        <h2 className="inv-views__title">{t('inventory.title')}</h2>
        <div className="inv-views__switch" role="tablist" aria-label={t('inventory.title')}>
          {(['items', 'log'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              className={`inv-views__tab ${view === v ? 'is-active' : ''}`}
              onClick={() => setView(v)}
            >
              {t(`inventory.view.${v}`)}
            </button>
          ))}
        </div>
      </div>
      {view === 'items' ? <InventoryList /> : <WarehouseLog />}
    </section>
  );
}
