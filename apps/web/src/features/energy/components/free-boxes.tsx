import type { FreeBox, FreeBoxOpenResponse } from '@kaixiang/shared/energy';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Price } from '../../../components/price.tsx';
import { openRechargeDialog } from '../../../lib/events.ts';
import { FREE_BOXES_ANCHOR, PATHS } from '../../../lib/paths.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { TRADE_LINK_ANCHOR } from '../../accounts/components/register-success-dialog.tsx';
import { BoxImage } from '../../boxes/components/box-image.tsx';
import { OpenResultDialog } from '../../boxes/components/open-result-dialog.tsx';
import { useFreeBoxes, useOpenFreeBox } from '../api/free-boxes.ts';

/**
 * The free boxes (首充免费箱, the trade-link box): each is one opening of a named box paid by the
 * house, with the box's own odds; the card says what unlocks it and takes the player there.
 */
export function FreeBoxes() {
  const { t } = useTranslation();
  const query = useFreeBoxes();
  const open = useOpenFreeBox();
  const [won, setWon] = useState<FreeBoxOpenResponse | null>(null);
  const once = useSingleFlight();
  const { hash } = useLocation();
  const boxes = (query.data?.list ?? []).filter((b) => b.state !== 'off');
  const shown = boxes.length > 0;
  // Arriving from the trade-link dialog or the activity centre: bring the section into view.
  useEffect(() => {
    if (shown && hash === `#${FREE_BOXES_ANCHOR}`) document.getElementById(FREE_BOXES_ANCHOR)?.scrollIntoView?.();
  }, [hash, shown]);
  if (!shown) return null;

  async function onOpen(box: FreeBox) {
    // A refusal (already claimed, ID used, not eligible) is shown in the server's words.
    const answer = await once(() => open.mutateAsync(box.kind));
    if (answer) setWon(answer);
  }

  return (
    <section className="panel free-boxes" id={FREE_BOXES_ANCHOR} aria-labelledby="free-boxes-title">
      <h2 id="free-boxes-title">{t('energyBox.free.title')}</h2>
      <ul className="free-boxes__list">
        {boxes.map((box) => (
          <FreeBoxCard key={box.kind} box={box} busy={open.isPending} onOpen={() => void onOpen(box)} />
        ))}
      </ul>
      {won && <OpenResultDialog items={won.items} onClose={() => setWon(null)} />}
    </section>
  );
}

function FreeBoxCard({ box, busy, onOpen }: { box: FreeBox; busy: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={`free-box free-box--${box.state}`} data-testid={`free-box-${box.kind}`}>
      <BoxImage src={box.box_img} alt={box.box_name} className="free-box__img" />
      <div className="free-box__body">
        <h3>{t(`energyBox.free.kind.${box.kind}`)}</h3>
        <p className="free-box__box">
          {box.box_name} · <Price units={box.price} />
        </p>
        <p className="free-box__rule">{t(`energyBox.free.rule.${box.kind}`)}</p>
      </div>
      <div className="free-box__action">
        <FreeBoxAction box={box} busy={busy} onOpen={onOpen} />
      </div>
    </li>
  );
}

/** What the player can do now: open it, or go and meet its condition, or see it was opened. */
function FreeBoxAction({ box, busy, onOpen }: { box: FreeBox; busy: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  switch (box.state) {
    case 'claimable':
      return (
        <button type="button" className="button button--primary" disabled={busy} onClick={onOpen}>
          {t('energyBox.free.open')}
        </button>
      );
    case 'claimed':
      return (
        <>
          <span className="free-box__done">{t('energyBox.free.claimed')}</span>
          <Link className="energy-link" to={PATHS.unpack}>
            {t('energyBox.free.records')}
          </Link>
        </>
      );
    case 'needs_identity':
      return (
        <Link className="button button--ghost" to={PATHS.inventory}>
          {t('energyBox.free.verify')}
        </Link>
      );
    default:
      return box.kind === 'trade_link' ? (
        <Link className="button button--ghost" to={`${PATHS.inventory}#${TRADE_LINK_ANCHOR}`}>
          {t('energyBox.free.bind')}
        </Link>
      ) : (
        <button type="button" className="button button--ghost" onClick={openRechargeDialog}>
          {t('energyBox.free.recharge')}
        </button>
      );
  }
}
