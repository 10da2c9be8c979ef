import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../../i18n/feature-texts.tsx';
import { ActivitiesTab } from './activities-tab.tsx';
import { BagsTab } from './bags-tab.tsx';
import { LuckyTab } from './lucky-tab.tsx';
import { promotionsTexts } from './promotions-texts.ts';
import { RainTab } from './rain-tab.tsx';
import './promotions.css';

const TABS = ['rain', 'bags', 'lucky', 'activities'] as const;
type Tab = (typeof TABS)[number];

function Promotions() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('rain');
  return (
    <section className="adm-screen" aria-labelledby="adm-promotions-title">
      <header className="adm-screen__head">
        <h1 id="adm-promotions-title" className="adm-screen__title">
          {t('admin.sections.promotions')}
        </h1>
        <p className="adm-screen__sub">{t('adminPromotions.subtitle')}</p>
      </header>
      <div className="adm-promotions__tabs" role="tablist" aria-label={t('adminPromotions.tabs.label')}>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={`button button--sm ${tab === id ? 'button--primary' : 'button--ghost'}`}
            onClick={() => setTab(id)}
          >
            {t(`adminPromotions.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="adm-promotions__panel">
        {tab === 'rain' && <RainTab />}
        {tab === 'bags' && <BagsTab />}
        {tab === 'lucky' && <LuckyTab />}
        {tab === 'activities' && <ActivitiesTab />}
      </div>
    </section>
  );
}

/** The Promotions section (promotions.manage): red-packet rain, lucky bags, lucky player windows, activities. */
export default function PromotionsScreen() {
  return (
    <FeatureTextsGate
      texts={promotionsTexts}
      fallback={
        <div className="adm-screen adm-screen--loading">
          <Spinner />
        </div>
      }
    >
      <Promotions />
    </FeatureTextsGate>
  );
}
