import type { SelfHistoryEntry } from '@kaixiang/shared/boxes';
import { RTP_ROUTE } from '@kaixiang/shared/transparency-route';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconShield } from '../../../components/icons.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useLoggedIn } from '../../../lib/session.ts';
import { verifierTexts } from '../verifier-texts.ts';
import { BagVerifier } from './bag-verifier.tsx';
import { BattleVerifier } from './battle-verifier.tsx';
import { RainVerifier } from './rain-verifier.tsx';
import { Recipe } from './recipe.tsx';
import { RollList } from './roll-list.tsx';
import { RollVerifier } from './roll-verifier.tsx';
import { SeedPanel } from './seed-panel.tsx';
import { TreasureVerifier } from './treasure-verifier.tsx';
import { TurntableVerifier } from './turntable-verifier.tsx';
import { UpgradeVerifier } from './upgrade-verifier.tsx';
import { Verifier } from './verifier.tsx';
import { WishVerifier } from './wish-verifier.tsx';
import '../fairness.css';

const STEPS = ['step1', 'step2', 'step3', 'step4', 'step5'] as const;

/**
 * `/fairness`: how a roll is made, the player's seeds, verifiers that recompute any box roll,
 * battle, turntable round, upgrade, lucky bag, wish, roll room, treasure or red-packet rain, and every game's exact recipe for a
 * player who writes their own.
 */
export function FairnessPage() {
  return (
    <FeatureTextsGate texts={verifierTexts}>
      <Fairness />
    </FeatureTextsGate>
  );
}

function Fairness() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const [selected, setSelected] = useState<SelfHistoryEntry | null>(null);

  return (
    <div className="page fairness-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconShield size={26} />
        </span>
        <div>
          <h1>{t('fairness.title')}</h1>
          <p>{t('fairness.subtitle')}</p>
          <p>
            <Link to={RTP_ROUTE}>{t('fairness.rtp_link')}</Link>
          </p>
        </div>
      </header>
      <div className="fairness-page__top">
        <section className="panel fairness-how" aria-labelledby="fairness-how-title">
          <h2 id="fairness-how-title">{t('fairness.how.title')}</h2>
          <ol>
            {STEPS.map((step) => (
              <li key={step}>{t(`fairness.how.${step}`)}</li>
            ))}
          </ol>
        </section>
        <SeedPanel />
      </div>
      {loggedIn && <RollList selectedId={selected?.id ?? null} onSelect={setSelected} />}
      <Verifier selected={selected} onClear={() => setSelected(null)} />
      <BattleVerifier />
      <TurntableVerifier />
      <UpgradeVerifier />
      <BagVerifier />
      <WishVerifier />
      <RollVerifier />
      <TreasureVerifier />
      <RainVerifier />
      <Recipe />
    </div>
  );
}
