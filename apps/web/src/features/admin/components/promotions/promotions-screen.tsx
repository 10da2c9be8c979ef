import { TabbedSection } from '../console-form.tsx';
import { ActivitiesTab } from './activities-tab.tsx';
import { BagsTab } from './bags-tab.tsx';
import { LuckyTab } from './lucky-tab.tsx';
import { promotionsTexts } from './promotions-texts.ts';
import { RainTab } from './rain-tab.tsx';
import './promotions.css';

/** The Promotions section (promotions.manage): red-packet rain, lucky bags, lucky player windows, activities. */
export default function PromotionsScreen() {
  return (
    <TabbedSection
      texts={promotionsTexts}
      name="promotions"
      textKey="adminPromotions"
      tabs={['rain', 'bags', 'lucky', 'activities']}
      panelClassName="adm-promotions__panel"
      panel={(tab) => (
        <>
          {tab === 'rain' && <RainTab />}
          {tab === 'bags' && <BagsTab />}
          {tab === 'lucky' && <LuckyTab />}
          {tab === 'activities' && <ActivitiesTab />}
        </>
      )}
    />
  );
}
