import { wishRtpPpm } from '@kaixiang/game/wish';
import { type AdminWishEntry, WISH_MAX_PRICE } from '@kaixiang/shared/admin-wishing-well';
import { WISH_CURRENCIES, WISH_MAX_RTP_PPM, WISH_SCALE, type WishCurrency } from '@kaixiang/shared/wishing-well-paths';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueItemPicker, type PickedCatalogueItem } from '../../../../components/catalogue-item-picker.tsx';
import { unitsOf } from '../../format.ts';
import { Field, InputField } from '../console-form.tsx';
import { FormDialog, useRuleText } from './promotion-bits.tsx';
import { intOf, useCreateWishEntry, useUpdateWishEntry, yuanText } from './promotions-api.ts';

const NAME_MAX = 40;
const SORT_MAX = 1_000_000;

/** A chance typed in percent ("12.5") as ppm of WISH_SCALE; null unless 0.0001 %–100 %, exactly. */
export function ppmOf(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) return null;
  const ppm = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
  return ppm >= 1 && ppm <= WISH_SCALE ? ppm : null;
}

/** ppm as a percentage: 100_000 → "10", 1_234 → "0.1234". */
export const percentText = (ppm: number) => String(ppm / 10_000);

/** A return to player (ppm) as a percentage floored to 2 decimals, never shown above what it is: 899_280 → "89.92%". */
export const rtpText = (ppm: number) => `${(Math.floor(ppm / 100) / 100).toFixed(2)}%`;

/** A price typed in the wish's currency: whole points, or yuan in units. */
const priceOf = (currency: WishCurrency, text: string) => (currency === 'point' ? intOf(text) : unitsOf(text));

/**
 * Add an entry to the well (admin/v1/wishing-well/create: the item, its wear and the currency are
 * fixed afterwards) or change one's names, price, chance and order (update). The return to player
 * is shown as typed, and one above 95 % is refused before sending in the server's words.
 */
export function WishDialog({ entry, onClose }: { entry: AdminWishEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rule = useRuleText();
  const create = useCreateWishEntry();
  const update = useUpdateWishEntry();
  const send = entry ? update : create;
  const [item, setItem] = useState<PickedCatalogueItem | null>(null);
  const [currency, setCurrency] = useState<WishCurrency>(entry?.currency ?? 'point');
  const [names, setNames] = useState({
    zh_cn: entry?.name_zh_cn ?? '',
    zh_tw: entry?.name_zh_tw ?? '',
    en: entry?.name_en ?? '',
  });
  const [price, setPrice] = useState(() =>
    entry ? (entry.currency === 'coin' ? yuanText(entry.price) : String(entry.price)) : '',
  );
  const [chance, setChance] = useState(entry ? percentText(entry.chance_ppm) : '');
  const [sort, setSort] = useState(String(entry?.sort ?? 0));
  const [enabled, setEnabled] = useState(true);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const typedPrice = priceOf(currency, price);
  const pricedOk = typedPrice !== null && typedPrice >= 1 && typedPrice <= WISH_MAX_PRICE;
  const chancePpm = ppmOf(chance);
  const worth = entry ? entry.worth : item?.price;
  const rtp =
    pricedOk && chancePpm !== null && worth !== undefined
      ? wishRtpPpm({ chancePpm, worthUnits: worth, currency, price: typedPrice })
      : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    const order = intOf(sort);
    let broken: string | null = null;
    if (!entry && !item) broken = t('adminPromotions.wish.form.itemProblem');
    else if (!pricedOk) broken = t(`adminPromotions.wish.form.priceProblem.${currency}`);
    else if (chancePpm === null) broken = t('adminPromotions.wish.form.chanceProblem');
    else if (rtp !== null && rtp > WISH_MAX_RTP_PPM) broken = rule('WISH_RTP_TOO_HIGH');
    else if (order === null || order < 0 || order > SORT_MAX) {
      broken = t('adminPromotions.wish.form.sortProblem', { max: SORT_MAX });
    }
    setProblem(broken);
    if (broken || !pricedOk || chancePpm === null || order === null) return;
    const body = {
      name_zh_cn: names.zh_cn.trim(),
      name_zh_tw: names.zh_tw.trim(),
      name_en: names.en.trim(),
      price: typedPrice,
      chance_ppm: chancePpm,
      sort: order,
      reason: reason.trim(),
    };
    if (entry) update.mutate({ id: entry.id, ...body }, { onSuccess: onClose });
    else if (item) {
      create.mutate(
        { item_id: item.item.item_id, exter: item.exter, currency, enabled, ...body },
        { onSuccess: onClose },
      );
    }
  }

  return (
    <FormDialog
      title={
        entry ? t('adminPromotions.wish.form.editTitle', { id: entry.id }) : t('adminPromotions.wish.form.newTitle')
      }
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={send}
    >
      {!entry && <CatalogueItemPicker value={item} onChange={setItem} />}
      <div className="adm-promotions__row">
        <Field label={t('adminPromotions.wish.form.currency')}>
          <select
            className="adm-select"
            value={currency}
            disabled={entry !== null}
            onChange={(e) => setCurrency(e.target.value as WishCurrency)}
          >
            {WISH_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {t(`adminPromotions.wish.currency.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        <InputField
          label={t(`adminPromotions.wish.form.price.${currency}`)}
          inputMode={currency === 'coin' ? 'decimal' : 'numeric'}
          value={price}
          onValue={setPrice}
        />
        <InputField
          label={t('adminPromotions.wish.form.chance')}
          inputMode="decimal"
          value={chance}
          onValue={setChance}
        />
        <InputField
          label={t('adminPromotions.wish.form.sort', { max: SORT_MAX })}
          inputMode="numeric"
          value={sort}
          onValue={setSort}
        />
      </div>
      <p className="adm-table__muted" data-testid="wish-rtp">
        {t('adminPromotions.wish.form.rtp', {
          rtp: rtp === null ? '—' : rtpText(rtp),
          max: WISH_MAX_RTP_PPM / 10_000,
        })}
      </p>
      <div className="adm-promotions__row">
        <InputField
          label={t('adminPromotions.wish.form.nameZhCN')}
          maxLength={NAME_MAX}
          value={names.zh_cn}
          onValue={(v) => setNames({ ...names, zh_cn: v })}
        />
        <InputField
          label={t('adminPromotions.wish.form.nameZhTW')}
          maxLength={NAME_MAX}
          value={names.zh_tw}
          onValue={(v) => setNames({ ...names, zh_tw: v })}
        />
        <InputField
          label={t('adminPromotions.wish.form.nameEn')}
          maxLength={NAME_MAX}
          value={names.en}
          onValue={(v) => setNames({ ...names, en: v })}
        />
      </div>
      {!entry && (
        <label className="adm-promotions__check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {t('adminPromotions.wish.form.enabled')}
        </label>
      )}
    </FormDialog>
  );
}
