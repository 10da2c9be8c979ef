import { isQuality, isWearGrade, QUALITY_COLORS, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { formatUnits } from '@kaixiang/shared/money';
import type { WishCurrency, WishEntry, WishResponse } from '@kaixiang/shared/wishing-well';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconCrown } from '../../../components/icons.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { newWishRequestId, useWish, useWishingWell } from '../api/wishing-well.ts';
import { wishingWellTexts } from '../texts.ts';
import { WishRecords } from './wish-records.tsx';
import './wishing-well.css';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

type Tab = 'well' | 'records';
const TABS: readonly Tab[] = ['well', 'records'];

/** A ppm figure as a percentage with up to two decimals ("20%", "0.5%", "83.33%"). */
export function ppmPercent(ppm: number): string {
  return `${Number((ppm / 10_000).toFixed(2))}%`;
}

/** A wish's price as the player reads it: "150 积分" or "¥12.00". */
export function usePriceText() {
  const { t } = useTranslation();
  return (currency: WishCurrency, price: number) =>
    t(`wishingWell.price.${currency}`, {
      price: currency === 'point' ? price.toLocaleString() : formatUnits(price),
    });
}

/** /activity/wishingWell (许愿池): pick an item, see its chance and return, pay per wish. */
export function WishingWellPage() {
  return (
    <FeatureTextsGate texts={wishingWellTexts}>
      <Well />
    </FeatureTextsGate>
  );
}

function Well() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('well');
  const query = useWishingWell();
  const data = query.data;
  const balance = (value: number | null | undefined, money: boolean) =>
    value === null || value === undefined
      ? t('wishingWell.signIn')
      : money
        ? `¥${formatUnits(value)}`
        : value.toLocaleString();
  return (
    <div className="page wishing-well">
      <header className="page-head">
        <span className="page-head__icon">
          <IconCrown size={26} />
        </span>
        <div>
          <h1>{t('wishingWell.title')}</h1>
          <p>{t('wishingWell.subtitle')}</p>
        </div>
        <dl className="wishing-well__wallet">
          <div>
            <dt>{t('wishingWell.points')}</dt>
            <dd data-testid="wish-points">{balance(data?.points, false)}</dd>
          </div>
          <div>
            <dt>{t('wishingWell.money')}</dt>
            <dd data-testid="wish-money">{balance(data?.money, true)}</dd>
          </div>
        </dl>
      </header>
      <SegTabs
        label={t('wishingWell.title')}
        options={TABS.map((v) => ({ key: v, value: v, text: t(`wishingWell.view.${v}`) }))}
        value={tab}
        onChange={setTab}
      />
      <section className="panel wishing-well__panel">
        {tab === 'well' ? <Entries query={query} /> : <WishRecords />}
        <p className="wishing-well__rules">{t('wishingWell.rules')}</p>
      </section>
    </div>
  );
}

function Entries({ query }: { query: ReturnType<typeof useWishingWell> }) {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const wish = useWish();
  const [confirming, setConfirming] = useState<{ entry: WishEntry; requestId: string } | null>(null);
  const [outcome, setOutcome] = useState<WishResponse | null>(null);
  const once = useSingleFlight();
  if (query.isPending) {
    return (
      <div className="center-block wishing-well__loading">
        <Spinner />
      </div>
    );
  }
  if (query.isError) return <EmptyState title={t('wishingWell.failed')} />;
  const { list } = query.data;
  if (list.length === 0) return <EmptyState title={t('wishingWell.empty')} hint={t('common.noDataHint')} />;
  const have = (currency: WishCurrency) => (currency === 'point' ? query.data.points : query.data.money);

  async function send() {
    if (!confirming) return;
    // A refusal (not enough points, changed terms) is shown in the server's words.
    const answer = await once(async () => {
      try {
        return await wish.mutateAsync(confirming);
      } finally {
        setConfirming(null);
      }
    });
    if (answer) setOutcome(answer);
  }

  const picked = confirming?.entry;
  const left = picked ? (have(picked.currency) ?? 0) - picked.price : 0;
  return (
    <>
      <ul className="wishing-well-grid">
        {list.map((entry) => (
          <WishCard
            key={entry.id}
            entry={entry}
            have={have(entry.currency)}
            // A request id per confirmation: a double click of the dialog's button wishes once.
            onWish={() => setConfirming({ entry, requestId: newWishRequestId() })}
          />
        ))}
      </ul>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        size="sm"
        className="wish-dialog"
        title={t('wishingWell.confirm.title')}
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(null)}>
              {t('wishingWell.confirm.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={wish.isPending}
              onClick={() => void send()}
            >
              {t('wishingWell.confirm.ok')}
            </button>
          </>
        }
      >
        {picked && (
          <div className="wish-dialog__body">
            <ItemImage src={picked.img} alt={picked.name} itemId={picked.item_id} className="wish-dialog__img" />
            <p>
              {t('wishingWell.confirm.text', { price: priceText(picked.currency, picked.price), name: picked.name })}
            </p>
            <p className="wish-dialog__odds" data-testid="wish-confirm-odds">
              {t('wishingWell.confirm.odds', {
                chance: ppmPercent(picked.chance_ppm),
                rtp: ppmPercent(picked.rtp_ppm),
              })}
            </p>
            <p className="wish-dialog__muted">
              {t(`wishingWell.confirm.after.${picked.currency}`, {
                left: picked.currency === 'point' ? left.toLocaleString() : formatUnits(left),
              })}
            </p>
          </div>
        )}
      </Dialog>
      <Dialog
        open={outcome !== null}
        onClose={() => setOutcome(null)}
        size="sm"
        className="wish-dialog"
        title={t(outcome?.wish.hit ? 'wishingWell.result.hitTitle' : 'wishingWell.result.missTitle')}
      >
        {outcome && <Outcome answer={outcome} onClose={() => setOutcome(null)} />}
      </Dialog>
    </>
  );
}

function Outcome({ answer, onClose }: { answer: WishResponse; onClose: () => void }) {
  const { t } = useTranslation();
  const w = answer.wish;
  return (
    <div className={`wish-dialog__body wish-outcome ${w.hit ? 'is-hit' : 'is-miss'}`} data-testid="wish-result">
      <ItemImage src={w.img} alt={w.name} itemId={w.item_id} className="wish-dialog__img" />
      <p className="wish-outcome__headline">{t(w.hit ? 'wishingWell.result.hit' : 'wishingWell.result.miss')}</p>
      <p className="wish-outcome__name">{w.name}</p>
      {w.hit && <p className="wish-dialog__muted">{t('wishingWell.result.lands')}</p>}
      <p className="wish-dialog__muted fair-mono" data-testid="wish-result-roll">
        {t('wishingWell.result.roll', { roll: w.roll, cmp: w.hit ? '<' : '≥', chance: w.chance_ppm })}
      </p>
      <div className="wish-outcome__actions">
        {w.hit && (
          <Link className="button button--ghost" to={PATHS.inventory} onClick={onClose}>
            {t('wishingWell.result.inventory')}
          </Link>
        )}
        <Link className="button button--ghost" to={`${PATHS.fairness}?wish=${w.id}`} onClick={onClose}>
          {t('wishingWell.result.verify')}
        </Link>
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('wishingWell.result.ok')}
        </button>
      </div>
    </div>
  );
}

function WishCard({ entry, have, onWish }: { entry: WishEntry; have: number | null; onWish: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const loggedIn = useLoggedIn();
  const priceText = usePriceText();
  const short = loggedIn && have !== null && have < entry.price;
  const rarity = isQuality(entry.quality)
    ? ({ '--rarity': QUALITY_COLORS[entry.quality] } as CSSProperties)
    : undefined;
  return (
    <li className={`item-card wish-card ${short ? 'is-short' : ''}`} style={rarity} data-testid="wish-entry">
      <span className="item-card__glow" aria-hidden="true" />
      <span className="wish-card__pic">
        <ItemImage src={entry.img} alt={entry.name} itemId={entry.item_id} className="wish-card__img" />
      </span>
      <span className="item-card__meta">
        <span className="item-card__name" title={entry.name}>
          {entry.name}
        </span>
        <span className="item-card__sub">
          {isWearGrade(entry.exter) && <span>{WEAR_GRADE_LABELS[entry.exter][locale]}</span>}
          <span>{t('wishingWell.worth', { value: formatUnits(entry.worth) })}</span>
        </span>
        <span className="wish-card__odds">
          <span>
            {t('wishingWell.chance')}
            <b data-testid="wish-chance">{ppmPercent(entry.chance_ppm)}</b>
          </span>
          <span>
            {t('wishingWell.rtp')}
            <b data-testid="wish-rtp">{ppmPercent(entry.rtp_ppm)}</b>
          </span>
        </span>
        <span className="wish-card__price">
          {priceText(entry.currency, entry.price)}
          <span className="wish-card__per">{t('wishingWell.perWish')}</span>
        </span>
      </span>
      <button
        type="button"
        className="button button--primary button--sm"
        disabled={short}
        onClick={() => (loggedIn ? onWish() : openLoginDialog())}
      >
        {short
          ? t(`wishingWell.button.short.${entry.currency}`)
          : t(loggedIn ? 'wishingWell.button.wish' : 'wishingWell.button.signIn')}
      </button>
    </li>
  );
}
