import { LUCKY_ODDS } from '@kaixiang/shared/lucky-paths';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { Price } from '../../../components/price.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { luckyTexts } from '../texts.ts';
import '../lucky.css';

export interface LuckyOverlayProps {
  /** What the opening paid the player as a lucky player, units (several lucky boxes add up). */
  awardUnits: number;
  onClose: () => void;
}

/**
 * The lucky-player overlay (spec 2 §2 dialog 7), shown after the reel of the opening that made the
 * player lucky has landed: the award (already in their balance) and a way to the lucky players.
 */
export function LuckyOverlay(props: LuckyOverlayProps) {
  return (
    <FeatureTextsGate texts={luckyTexts} fallback={null}>
      <Overlay {...props} />
    </FeatureTextsGate>
  );
}

function Overlay({ awardUnits, onClose }: LuckyOverlayProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      className="lucky-overlay"
      title={t('lucky.overlay.title')}
      footer={
        <>
          <Link to={PATHS.newYearActivity} className="button button--ghost" onClick={onClose}>
            {t('lucky.overlay.list')}
          </Link>
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('lucky.overlay.accept')}
          </button>
        </>
      }
    >
      <div className="lucky-overlay__burst" aria-hidden="true">
        1/{LUCKY_ODDS}
      </div>
      <p className="lucky-overlay__body">{t('lucky.overlay.body', { odds: `1/${LUCKY_ODDS}` })}</p>
      <p className="lucky-overlay__award">
        <span>{t('lucky.overlay.award')}</span>
        <Price units={awardUnits} className="lucky-overlay__amount" />
      </p>
    </Dialog>
  );
}
