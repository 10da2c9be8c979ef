import { TabbedSection } from '../console-form.tsx';
import { ActivitiesTab } from './activities-tab.tsx';
import { BagsTab } from './bags-tab.tsx';
import { CommandCodesTab } from './command-codes-tab.tsx';
import { EnergyTab } from './energy-tab.tsx';
import { FreeBoxesTab } from './free-boxes-tab.tsx';
import { LuckyTab } from './lucky-tab.tsx';
import { PointsShopTab } from './points-shop-tab.tsx';
import { promotionsTexts } from './promotions-texts.ts';
import { RainTab } from './rain-tab.tsx';
import { SignInTab } from './sign-in-tab.tsx';
import { TasksTab } from './tasks-tab.tsx';
import { WishingWellTab } from './wishing-well-tab.tsx';
import './promotions.css';

/**
 * The Promotions section (promotions.manage): red-packet rain, lucky bags, lucky player windows,
 * activities, sign-in rewards, daily tasks, the points shop, the wishing well, the energy box,
 * the free boxes, command codes.
 */
export default function PromotionsScreen() {
  return (
    <TabbedSection
      texts={promotionsTexts}
      name="promotions"
      textKey="adminPromotions"
      tabs={[
        'rain',
        'bags',
        'lucky',
        'activities',
        'signIn',
        'tasks',
        'pointsShop',
        'wishingWell',
        'energy',
        'freeBoxes',
        'commandCodes',
      ]}
      panelClassName="adm-promotions__panel"
      panel={(tab) => (
        <>
          {tab === 'rain' && <RainTab />}
          {tab === 'bags' && <BagsTab />}
          {tab === 'lucky' && <LuckyTab />}
          {tab === 'activities' && <ActivitiesTab />}
          {tab === 'signIn' && <SignInTab />}
          {tab === 'tasks' && <TasksTab />}
          {tab === 'pointsShop' && <PointsShopTab />}
          {tab === 'wishingWell' && <WishingWellTab />}
          {tab === 'energy' && <EnergyTab />}
          {tab === 'freeBoxes' && <FreeBoxesTab />}
          {tab === 'commandCodes' && <CommandCodesTab />}
        </>
      )}
    />
  );
}
