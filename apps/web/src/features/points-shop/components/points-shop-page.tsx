import { isQuality, isWearGrade, QUALITY_COLORS, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { formatUnits } from '@kaixiang/shared/money';
import type { PointsShopBuyResponse, PointsShopEntry, PointsShopKind } from '@kaixiang/shared/points-shop';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconCoin, IconMall } from '../../../components/icons.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { BagArt } from '../../bags/components/bag-art.tsx';
import { newRequestId, useBuyPointsShop, usePointsShop } from '../api/points-shop.ts';
import { pointsShopTexts } from '../texts.ts';
import { PointsShopRecords } from './points-shop-records.tsx';
import './points-shop.css';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

type View = 'shop' | 'records';
const VIEWS: readonly View[] = ['shop', 'records'];

/** /activity/pointsShop (积分商城): entries bought with points, and the player's purchases. */
export function PointsShopPage() {
  return (
    <FeatureTextsGate texts={pointsShopTexts}>
      <Shop />
    </FeatureTextsGate>
  );
}

function Shop() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('shop');
  const query = usePointsShop();
  const points = query.data?.points;
  return (
    <div className="page points-shop">
      <header className="page-head">
        <span className="page-head__icon">
          <IconMall size={26} />
        </span>
        <div>
          <h1>{t('pointsShop.title')}</h1>
          <p>{t('pointsShop.subtitle')}</p>
        </div>
        <p className="points-shop__points">
          {t('pointsShop.points')}
          <strong data-testid="points-shop-points">
            {points === null || points === undefined ? t('pointsShop.signInForPoints') : points.toLocaleString()}
          </strong>
        </p>
      </header>
      <SegTabs
        label={t('pointsShop.title')}
        options={VIEWS.map((v) => ({ key: v, value: v, text: t(`pointsShop.view.${v}`) }))}
        value={view}
        onChange={setView}
      />
      <section className="panel points-shop__panel">
        {view === 'shop' ? <Entries query={query} /> : <PointsShopRecords />}
        <p className="points-shop__rules">{t('pointsShop.rules')}</p>
      </section>
    </div>
  );
}

function Entries({ query }: { query: ReturnType<typeof usePointsShop> }) {
  const { t } = useTranslation();
  const buy = useBuyPointsShop();
  const [picked, setPicked] = useState<{ entry: PointsShopEntry; requestId: string } | null>(null);
  const [result, setResult] = useState<PointsShopBuyResponse | null>(null);
  const once = useSingleFlight();
  if (query.isPending) {
    return (
      <div className="center-block points-shop__loading">
        <Spinner />
      </div>
    );
  }
  if (query.isError) return <EmptyState title={t('pointsShop.failed')} />;
  const { list, points } = query.data;
  if (list.length === 0) return <EmptyState title={t('pointsShop.empty')} hint={t('common.noDataHint')} />;

  async function confirm() {
    if (!picked) return;
    // A refusal (not enough points, sold out, limit reached) is shown in the server's words.
    const answer = await once(async () => {
      try {
        return await buy.mutateAsync(picked);
      } finally {
        setPicked(null);
      }
    });
    if (answer) setResult(answer);
  }

  return (
    <>
      <ul className="points-shop-grid">
        {list.map((entry) => (
          <EntryCard
            key={entry.id}
            entry={entry}
            points={points}
            // One request id per confirmation: a double click on the dialog's button buys once.
            onBuy={() => setPicked({ entry, requestId: newRequestId() })}
          />
        ))}
      </ul>
      <Dialog
        open={picked !== null}
        onClose={() => setPicked(null)}
        size="sm"
        className="points-shop-dialog"
        title={t('pointsShop.confirm.title')}
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={() => setPicked(null)}>
              {t('pointsShop.confirm.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={buy.isPending}
              onClick={() => void confirm()}
            >
              {t('pointsShop.confirm.ok')}
            </button>
          </>
        }
      >
        {picked && (
          <div className="points-shop-dialog__body">
            <Goods kind={picked.entry.kind} entry={picked.entry} size={96} />
            <p>{t('pointsShop.confirm.text', { price: picked.entry.price, name: picked.entry.name })}</p>
            {points !== null && (
              <p className="points-shop-dialog__after">
                {t('pointsShop.confirm.after', { points: points - picked.entry.price })}
              </p>
            )}
            <p className="points-shop-dialog__lands">{t(`pointsShop.lands.${picked.entry.kind}`)}</p>
          </div>
        )}
      </Dialog>
      <Dialog
        open={result !== null}
        onClose={() => setResult(null)}
        size="sm"
        className="points-shop-dialog points-shop-result"
        title={t('pointsShop.result.title')}
      >
        {result && <Result result={result} onClose={() => setResult(null)} />}
      </Dialog>
    </>
  );
}

function Result({ result, onClose }: { result: PointsShopBuyResponse; onClose: () => void }) {
  const { t } = useTranslation();
  const p = result.purchase;
  const link = p.kind === 'item' ? PATHS.inventory : p.kind === 'bag' ? PATHS.userinfoBag : null;
  return (
    <div className="points-shop-dialog__body" data-testid="points-shop-result">
      <Goods kind={p.kind} entry={p} size={110} />
      <p className="points-shop-result__got">{t('pointsShop.result.got')}</p>
      <p className="points-shop-result__name">{p.name}</p>
      <p className="points-shop-dialog__lands">{t(`pointsShop.result.done.${p.kind}`)}</p>
      <p className="points-shop-dialog__after">{t('pointsShop.result.points', { points: result.points })}</p>
      <div className="points-shop-result__actions">
        {link && (
          <Link className="button button--ghost" to={link} onClick={onClose}>
            {t(`pointsShop.result.${p.kind === 'item' ? 'item' : 'bag'}`)}
          </Link>
        )}
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('pointsShop.result.ok')}
        </button>
      </div>
    </div>
  );
}

/** The picture of what an entry gives: the item's, or drawn coins, or a lucky bag. */
export function Goods({
  kind,
  entry,
  size,
}: {
  kind: PointsShopKind;
  entry: Pick<PointsShopEntry, 'img' | 'name' | 'item_id' | 'coin'>;
  size: number;
}) {
  if (kind === 'item') {
    return (
      <ItemImage src={entry.img} alt={entry.name} itemId={entry.item_id ?? 0} className="points-shop-goods__img" />
    );
  }
  if (kind === 'bag') {
    return (
      <span className="points-shop-goods points-shop-goods--bag" role="img" aria-label={entry.name}>
        <BagArt size={size} />
      </span>
    );
  }
  return (
    <span className="points-shop-goods points-shop-goods--coin" role="img" aria-label={entry.name}>
      <IconCoin size={Math.round(size * 0.62)} />
      <b>¥{formatUnits(entry.coin ?? 0)}</b>
    </span>
  );
}

/** Why the entry's button cannot buy, or null when it can. */
function blocker(entry: PointsShopEntry, points: number | null, loggedIn: boolean) {
  if (entry.state !== 'on') return entry.state;
  if (!loggedIn) return null;
  if (entry.remaining === 0) return 'limit';
  if (points !== null && points < entry.price) return 'short';
  return null;
}

function EntryCard({ entry, points, onBuy }: { entry: PointsShopEntry; points: number | null; onBuy: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const loggedIn = useLoggedIn();
  const quality = entry.quality !== null && isQuality(entry.quality) ? entry.quality : null;
  const blocked = blocker(entry, points, loggedIn);
  const time = (ms: number) =>
    new Date(ms).toLocaleString(i18n.language, {
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
  const style = quality === null ? undefined : ({ '--rarity': QUALITY_COLORS[quality] } as CSSProperties);
  return (
    <li
      className={`item-card points-shop-card points-shop-card--${entry.kind} ${blocked ? 'is-blocked' : ''}`}
      style={style}
      data-testid="points-shop-entry"
    >
      <span className="item-card__glow" aria-hidden="true" />
      <span className="points-shop-card__kind">{t(`pointsShop.kind.${entry.kind}`)}</span>
      <span className="points-shop-card__pic">
        <Goods kind={entry.kind} entry={entry} size={84} />
      </span>
      <span className="item-card__meta">
        <span className="item-card__name" title={entry.name}>
          {entry.name}
        </span>
        <span className="item-card__sub">
          {entry.exter !== null && isWearGrade(entry.exter) && <span>{WEAR_GRADE_LABELS[entry.exter][locale]}</span>}
          {entry.kind !== 'coin' && (
            <span>
              {t(entry.kind === 'bag' ? 'pointsShop.worthBag' : 'pointsShop.worth', {
                value: formatUnits(entry.worth),
              })}
            </span>
          )}
        </span>
        <span className="points-shop-card__line">
          {entry.stock === null ? t('pointsShop.unlimited') : t('pointsShop.stock', { count: entry.stock })}
        </span>
        {entry.limit !== null && (
          <span className="points-shop-card__line" data-testid="points-shop-limit">
            {t(`pointsShop.limit.${entry.limit_period}`, { limit: entry.limit, remaining: entry.remaining })}
          </span>
        )}
        {entry.state === 'upcoming' && entry.starts_at !== null && (
          <span className="points-shop-card__line">{t('pointsShop.startsAt', { time: time(entry.starts_at) })}</span>
        )}
        {entry.state === 'on' && entry.ends_at !== null && (
          <span className="points-shop-card__line">{t('pointsShop.endsAt', { time: time(entry.ends_at) })}</span>
        )}
        <span className="points-shop-card__price">
          {entry.price.toLocaleString()}
          <span className="points-shop-card__unit">{t('pointsShop.pointsUnit')}</span>
        </span>
      </span>
      <button
        type="button"
        className="button button--primary button--sm"
        disabled={blocked !== null}
        onClick={() => (loggedIn ? onBuy() : openLoginDialog())}
      >
        {blocked
          ? t(`pointsShop.button.${blocked}`)
          : t(loggedIn ? 'pointsShop.button.buy' : 'pointsShop.button.signIn')}
      </button>
    </li>
  );
}
