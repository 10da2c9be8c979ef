import { formatUnits, UNITS_PER_YUAN } from '@kaixiang/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconClose } from '../../../components/icons.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { rarityStyle } from './item-tile.tsx';
import type { StakeItem } from './stake-picker.tsx';

/** Typed yuan (up to two decimals) to units; null when it is not an amount. */
export function unitsOfYuan(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * UNITS_PER_YUAN + Number((m[2] ?? '').padEnd(2, '0')) * 100;
}

/**
 * The stake: the items put in (each can be taken out again) and the balance slider, in steps of a
 * fen up to `maxBalanceUnits` (chance.ts#balanceMaxUnits: the max rate, the target, the wallet).
 */
export function StakePanel({
  items,
  maxItems,
  onRemove,
  balanceUnits,
  maxBalanceUnits,
  stepUnits,
  onBalance,
  stakeUnits,
  locked,
}: {
  items: readonly StakeItem[];
  maxItems: number;
  onRemove: (item: StakeItem) => void;
  balanceUnits: number;
  maxBalanceUnits: number;
  stepUnits: number;
  onBalance: (units: number) => void;
  stakeUnits: number;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const clamp = (units: number) => Math.min(maxBalanceUnits, Math.floor(Math.max(0, units) / stepUnits) * stepUnits);
  // What is typed stays as typed while it is what is staked (or not an amount yet, mid-typing);
  // once the cap falls under it (a cheaper target, the max rate) the field shows the stake itself.
  const draftUnits = draft === null ? null : unitsOfYuan(draft);
  const amountText =
    draft !== null && (draftUnits === null || draftUnits === balanceUnits) ? draft : formatUnits(balanceUnits);
  return (
    <section className="upg-side upg-stake" aria-labelledby="upg-stake-side">
      <h2 id="upg-stake-side">{t('upgrade.stake.title')}</h2>
      <p className="upg-muted">{t('upgrade.stake.count', { count: items.length, max: maxItems })}</p>
      {items.length === 0 ? (
        <p className="upg-stake__none">{t('upgrade.stake.none')}</p>
      ) : (
        <ul className="upg-stake__items" data-testid="upg-staked">
          {items.map((item) => (
            <li key={item.id} className="upg-chip" style={rarityStyle(item.quality)}>
              <ItemImage src={item.img} alt="" itemId={item.item_id} className="upg-chip__img" />
              <span className="upg-chip__name" title={item.name}>
                {item.name}
              </span>
              <Price units={item.price} />
              <button
                type="button"
                className="icon-button upg-chip__remove"
                aria-label={t('upgrade.stake.remove', { name: item.name })}
                disabled={locked}
                onClick={() => onRemove(item)}
              >
                <IconClose size={12} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="upg-balance">
        <label htmlFor="upg-balance-range">{t('upgrade.stake.balance')}</label>
        <input
          id="upg-balance-range"
          type="range"
          min={0}
          max={maxBalanceUnits}
          step={stepUnits}
          value={Math.min(balanceUnits, maxBalanceUnits)}
          disabled={locked || maxBalanceUnits === 0}
          onChange={(e) => {
            setDraft(null);
            onBalance(clamp(Number(e.target.value)));
          }}
        />
        <span className="upg-balance__amount">
          <span aria-hidden="true">¥</span>
          <input
            type="text"
            inputMode="decimal"
            aria-label={t('upgrade.stake.balanceAmount')}
            disabled={locked || maxBalanceUnits === 0}
            value={amountText}
            onChange={(e) => {
              const text = e.target.value.replace(/[^\d.]/g, '');
              setDraft(text);
              const units = unitsOfYuan(text);
              if (units !== null) onBalance(clamp(units));
            }}
            onBlur={() => setDraft(null)}
          />
        </span>
        <span className="upg-muted" data-testid="upg-balance-max">
          {t('upgrade.stake.balanceMax', { amount: formatUnits(maxBalanceUnits) })}
        </span>
      </div>
      <p className="upg-stake__total">
        {t('upgrade.stake.total')}
        <Price units={stakeUnits} />
      </p>
    </section>
  );
}
