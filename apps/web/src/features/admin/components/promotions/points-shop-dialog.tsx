import {
  type AdminPointsShopEntry,
  POINTS_SHOP_MAX_BAGS,
  POINTS_SHOP_MAX_COIN_UNITS,
  POINTS_SHOP_MAX_LIMIT,
  POINTS_SHOP_MAX_PRICE,
  POINTS_SHOP_MAX_STOCK,
} from '@kaixiang/shared/admin-points-shop';
import {
  POINTS_SHOP_KINDS,
  POINTS_SHOP_LIMIT_PERIODS,
  type PointsShopKind,
  type PointsShopLimitPeriod,
} from '@kaixiang/shared/points-shop-paths';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueItemPicker, type PickedCatalogueItem } from '../../../../components/catalogue-item-picker.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localInput, unitsOf } from '../../format.ts';
import { Field, InputField } from '../console-form.tsx';
import { FormDialog, useRuleText } from './promotion-bits.tsx';
import {
  intOf,
  msOf,
  nameIn,
  useBagCampaigns,
  useCreatePointsShopEntry,
  useUpdatePointsShopEntry,
} from './promotions-api.ts';

const NAME_MAX = 40;
const SORT_MAX = 1_000_000;

/** A whole number in [min, max] typed into a form; null when it is not one. */
const intIn = (text: string, min: number, max: number) => {
  const n = intOf(text);
  return n !== null && n >= min && n <= max ? n : null;
};

/**
 * Create an entry (admin/v1/points-shop/create: its kind and goods, which are fixed afterwards) or
 * edit one (update: names, price, limit, window, order). Empty names are the server's to fill (the
 * item's catalogue names, "¥x 金币", the campaign's name); on/off is the list's buttons.
 */
export function PointsShopDialog({ entry, onClose }: { entry: AdminPointsShopEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rule = useRuleText();
  const create = useCreatePointsShopEntry();
  const update = useUpdatePointsShopEntry();
  const campaigns = useBagCampaigns();
  const send = entry ? update : create;
  const [kind, setKind] = useState<PointsShopKind>(entry?.kind ?? 'coin');
  const [item, setItem] = useState<PickedCatalogueItem | null>(null);
  const [coin, setCoin] = useState('');
  const [campaign, setCampaign] = useState('');
  const [bagCount, setBagCount] = useState('1');
  const [stock, setStock] = useState('');
  const [names, setNames] = useState({
    zh_cn: entry?.name_zh_cn ?? '',
    zh_tw: entry?.name_zh_tw ?? '',
    en: entry?.name_en ?? '',
  });
  const [price, setPrice] = useState(entry ? String(entry.price) : '');
  const [limit, setLimit] = useState(entry?.limit ? String(entry.limit) : '');
  const [period, setPeriod] = useState<PointsShopLimitPeriod>(entry?.limit_period ?? 'day');
  const [startsAt, setStartsAt] = useState(entry?.starts_at ? localInput(entry.starts_at) : '');
  const [endsAt, setEndsAt] = useState(entry?.ends_at ? localInput(entry.ends_at) : '');
  const [sort, setSort] = useState(String(entry?.sort ?? 0));
  const [enabled, setEnabled] = useState(true);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Bags only from grant campaigns (POINTS_SHOP_BAG_CAMPAIGN_INVALID otherwise).
  const offered = (campaigns.data?.list ?? []).filter((c) => c.kind === 'grant');

  /** What the entry sells, as the create call takes it, or the sentence saying what is missing. */
  function goodsOf() {
    const none = { item_id: null, exter: null, coin: null, bag_campaign_id: null, bag_count: 1 };
    if (kind === 'item') {
      return item
        ? { ...none, item_id: item.item.item_id, exter: item.exter }
        : t('adminPromotions.shop.form.itemProblem');
    }
    if (kind === 'coin') {
      const units = unitsOf(coin);
      return units !== null && units >= 1 && units <= POINTS_SHOP_MAX_COIN_UNITS
        ? { ...none, coin: units }
        : t('adminPromotions.shop.form.coinProblem');
    }
    const count = intIn(bagCount, 1, POINTS_SHOP_MAX_BAGS);
    if (!campaign) return rule('POINTS_SHOP_BAG_CAMPAIGN_INVALID') ?? '';
    if (count === null) return t('adminPromotions.shop.form.bagCountProblem', { max: POINTS_SHOP_MAX_BAGS });
    return { ...none, bag_campaign_id: Number(campaign), bag_count: count };
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const points = intIn(price, 1, POINTS_SHOP_MAX_PRICE);
    const perPlayer = limit.trim() ? intIn(limit, 1, POINTS_SHOP_MAX_LIMIT) : null;
    const units = stock.trim() ? intIn(stock, 0, POINTS_SHOP_MAX_STOCK) : null;
    const start = startsAt ? msOf(startsAt) : null;
    const end = endsAt ? msOf(endsAt) : null;
    const order = intIn(sort, 0, SORT_MAX);
    const goods = entry ? null : goodsOf();
    let broken: string | null = null;
    if (typeof goods === 'string') broken = goods;
    else if (points === null) broken = t('adminPromotions.shop.form.priceProblem', { max: POINTS_SHOP_MAX_PRICE });
    else if (!entry && stock.trim() && units === null) {
      broken = t('adminPromotions.shop.form.stockProblem', { max: POINTS_SHOP_MAX_STOCK });
    } else if (limit.trim() && perPlayer === null) {
      broken = t('adminPromotions.shop.form.limitProblem', { max: POINTS_SHOP_MAX_LIMIT });
    } else if (
      (startsAt && start === null) ||
      (endsAt && end === null) ||
      (start !== null && end !== null && start >= end)
    ) {
      broken = rule('POINTS_SHOP_WINDOW');
    } else if (order === null) broken = t('adminPromotions.shop.form.sortProblem', { max: SORT_MAX });
    setProblem(broken);
    if (broken || points === null || order === null || typeof goods === 'string') return;
    const body = {
      name_zh_cn: names.zh_cn.trim(),
      name_zh_tw: names.zh_tw.trim(),
      name_en: names.en.trim(),
      price: points,
      limit: perPlayer,
      limit_period: period,
      starts_at: start,
      ends_at: end,
      sort: order,
      reason: reason.trim(),
    };
    if (entry) update.mutate({ id: entry.id, ...body }, { onSuccess: onClose });
    else if (goods) create.mutate({ kind, ...goods, stock: units, enabled, ...body }, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={
        entry ? t('adminPromotions.shop.form.editTitle', { id: entry.id }) : t('adminPromotions.shop.form.newTitle')
      }
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={send}
    >
      <div className="adm-promotions__row">
        <Field label={t('adminPromotions.shop.form.kind')}>
          <select
            className="adm-select"
            value={kind}
            disabled={entry !== null}
            onChange={(e) => setKind(e.target.value as PointsShopKind)}
          >
            {POINTS_SHOP_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`adminPromotions.shop.kind.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        {!entry && kind === 'coin' && (
          <InputField label={t('adminPromotions.shop.form.coin')} inputMode="decimal" value={coin} onValue={setCoin} />
        )}
        {!entry && kind === 'bag' && (
          <>
            <Field label={t('adminPromotions.shop.form.campaign')}>
              <select className="adm-select" value={campaign} onChange={(e) => setCampaign(e.target.value)}>
                <option value="">{t('adminPromotions.shop.form.pickCampaign')}</option>
                {offered.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {`#${c.id} ${nameIn({ zh_cn: c.name_zh_cn, zh_tw: c.name_zh_tw, en: c.name_en }, locale)}`}
                  </option>
                ))}
              </select>
            </Field>
            <InputField
              label={t('adminPromotions.shop.form.bagCount', { max: POINTS_SHOP_MAX_BAGS })}
              inputMode="numeric"
              value={bagCount}
              onValue={setBagCount}
            />
          </>
        )}
        {!entry && (
          <InputField
            label={t('adminPromotions.shop.form.stock', { max: POINTS_SHOP_MAX_STOCK })}
            inputMode="numeric"
            value={stock}
            onValue={setStock}
          />
        )}
      </div>
      {!entry && kind === 'item' && <CatalogueItemPicker value={item} onChange={setItem} />}
      <div className="adm-promotions__row">
        <InputField
          label={t('adminPromotions.shop.form.nameZhCN')}
          maxLength={NAME_MAX}
          value={names.zh_cn}
          onValue={(v) => setNames({ ...names, zh_cn: v })}
        />
        <InputField
          label={t('adminPromotions.shop.form.nameZhTW')}
          maxLength={NAME_MAX}
          value={names.zh_tw}
          onValue={(v) => setNames({ ...names, zh_tw: v })}
        />
        <InputField
          label={t('adminPromotions.shop.form.nameEn')}
          maxLength={NAME_MAX}
          value={names.en}
          onValue={(v) => setNames({ ...names, en: v })}
        />
      </div>
      <div className="adm-promotions__row">
        <InputField label={t('adminPromotions.shop.form.price')} inputMode="numeric" value={price} onValue={setPrice} />
        <InputField
          label={t('adminPromotions.shop.form.limit', { max: POINTS_SHOP_MAX_LIMIT })}
          inputMode="numeric"
          value={limit}
          onValue={setLimit}
        />
        <Field label={t('adminPromotions.shop.form.period')}>
          <select
            className="adm-select"
            value={period}
            onChange={(e) => setPeriod(e.target.value as PointsShopLimitPeriod)}
          >
            {POINTS_SHOP_LIMIT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`adminPromotions.shop.period.${p}`)}
              </option>
            ))}
          </select>
        </Field>
        <InputField
          label={t('adminPromotions.shop.form.startsAt')}
          type="datetime-local"
          value={startsAt}
          onValue={setStartsAt}
        />
        <InputField
          label={t('adminPromotions.shop.form.endsAt')}
          type="datetime-local"
          value={endsAt}
          onValue={setEndsAt}
        />
        <InputField
          label={t('adminPromotions.shop.form.sort', { max: SORT_MAX })}
          inputMode="numeric"
          value={sort}
          onValue={setSort}
        />
      </div>
      {!entry && (
        <label className="adm-promotions__check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {t('adminPromotions.shop.form.enabled')}
        </label>
      )}
    </FormDialog>
  );
}
