import { BAG_OPEN_COOLDOWN_MS, type OpenBagResponse } from '@kaixiang/shared/bags';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { Price } from '../../../components/price.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useHasBag } from '../api/has-bag.ts';
import { useOpenBag } from '../api/open-bag.ts';
import { bagTexts } from '../texts.ts';
import { BagArt } from './bag-art.tsx';
import '../bags.css';

/** Where /fairness checks one opened bag. */
export const bagFairnessPath = (bagId: number) => `${PATHS.fairness}?bag=${bagId}`;

/** The floating lucky bag and its result overlay, once the bag texts are in (nothing shows before). */
export function BagWidget() {
  return (
    <FeatureTextsGate texts={bagTexts} fallback={null}>
      <BagIcon />
    </FeatureTextsGate>
  );
}

/**
 * Spec 2 §4 "Lucky bag: icon, then result overlay on open, then closed by its button": the icon
 * shows while the player holds an unopened bag (has-bag) and opens the oldest (get-bag). The
 * server enforces one opening request per 3 s; the icon waits the same 3 s after each opening so
 * a quick second click is not even sent.
 */
function BagIcon() {
  const { t } = useTranslation();
  const has = useHasBag();
  const open = useOpenBag();
  const [result, setResult] = useState<OpenBagResponse | null>(null);
  const [cooling, setCooling] = useState(false);
  useEffect(() => {
    if (!cooling) return;
    const timer = setTimeout(() => setCooling(false), BAG_OPEN_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [cooling]);

  const count = has.data?.count ?? 0;
  async function openOne() {
    setCooling(true);
    try {
      setResult(await open.mutateAsync(undefined));
    } catch {
      // The API client showed the server's message (the 3 s rule, no bag left); the icon follows has-bag.
    }
  }

  return (
    <>
      {count > 0 && (
        <button
          type="button"
          className={`bag-fab ${open.isPending ? 'is-opening' : ''}`}
          onClick={() => void openOne()}
          disabled={open.isPending || cooling}
          aria-label={t('bags.icon.label', { count })}
          title={t('bags.icon.label', { count })}
          data-testid="bag-icon"
        >
          <BagArt size={58} />
          <span className="bag-fab__count" aria-hidden="true">
            {count}
          </span>
          <span className="bag-fab__label" aria-hidden="true">
            {open.isPending ? t('bags.icon.opening') : t('bags.icon.open')}
          </span>
        </button>
      )}
      <Dialog
        open={result !== null}
        onClose={() => setResult(null)}
        size="sm"
        className="bag-result"
        title={result?.name}
      >
        {result && <BagResult result={result} onClose={() => setResult(null)} />}
      </Dialog>
    </>
  );
}

/** The result overlay's content: the win, how many bags are left, the button that closes it. */
export function BagResult({ result, onClose }: { result: OpenBagResponse; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="bag-result__body" data-testid="bag-result">
      <div className="bag-result__art">
        <BagArt size={120} open />
      </div>
      <p className="bag-result__congrats">{t('bags.result.congrats')}</p>
      <p className="bag-result__amount" data-testid="bag-result-amount">
        <Price units={result.get_money} />
      </p>
      {result.count > 0 && <p className="bag-result__left">{t('bags.result.left', { count: result.count })}</p>}
      <button type="button" className="button button--primary bag-result__take" onClick={onClose}>
        {t('bags.result.take')}
      </button>
      <Link className="bag-result__verify" to={bagFairnessPath(result.bag_id)} onClick={onClose}>
        {t('bags.result.verify')}
      </Link>
    </div>
  );
}
