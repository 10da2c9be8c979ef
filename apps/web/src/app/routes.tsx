import { RTP_ROUTE } from '@kaixiang/shared/transparency-route';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { PageSpinner } from '../components/spinner.tsx';
import { LoginDialogHost } from '../features/accounts/components/login-dialog-host.tsx';
import { HomePage } from '../features/home/components/home-page.tsx';
import { useHostInfo } from '../features/site/api/get-host-info.ts';
import { PATHS } from '../lib/paths.ts';
import { AppLayout } from './layout.tsx';

/*
 * The home page comes with the shell: it is the page a newcomer lands on. Every other page is a
 * chunk of its own, loaded when it is first visited (the layout's Suspense shows a spinner under
 * the header meanwhile), so the first visit does not download the whole site (docs/operations.md
 * "The page a newcomer loads").
 */
const BoxPage = lazy(() => import('../features/boxes/components/box-page.tsx').then((m) => ({ default: m.BoxPage })));
const VipPage = lazy(() => import('../features/vip/components/vip-page.tsx').then((m) => ({ default: m.VipPage })));
const ErrorPage = lazy(() =>
  import('../features/errors/components/error-page.tsx').then((m) => ({ default: m.ErrorPage })),
);
const FairnessPage = lazy(() =>
  import('../features/fairness/components/fairness-page.tsx').then((m) => ({ default: m.FairnessPage })),
);
const RtpPage = lazy(() =>
  import('../features/transparency/components/rtp-page.tsx').then((m) => ({ default: m.RtpPage })),
);
const HelpPage = lazy(() => import('../features/help/components/help-page.tsx').then((m) => ({ default: m.HelpPage })));
const personalCenter = () => import('../features/accounts/components/profile/personal-center-pages.tsx');
const BasicInfoPage = lazy(() => personalCenter().then((m) => ({ default: m.BasicInfoPage })));
const PromotedUsersPage = lazy(() => personalCenter().then((m) => ({ default: m.PromotedUsersPage })));
/** The personal centre's inventory tab: the accounts frame around the inventory feature's section. */
const InventoryTab = lazy(async () => {
  const [frame, section] = await Promise.all([
    personalCenter(),
    import('../features/inventory/components/inventory-section.tsx'),
  ]);
  return {
    default: () => (
      <frame.BasicInfoPage>
        <section.InventorySection />
      </frame.BasicInfoPage>
    ),
  };
});
const InventoryPage = lazy(() =>
  import('../features/inventory/components/inventory-page.tsx').then((m) => ({ default: m.InventoryPage })),
);
const openRecords = () => import('../features/inventory/components/open-records-page.tsx');
const OpenRecordsPage = lazy(() => openRecords().then((m) => ({ default: m.OpenRecordsPage })));
const PublicOpenRecordsPage = lazy(() => openRecords().then((m) => ({ default: m.PublicOpenRecordsPage })));
const MailPage = lazy(() => import('../features/mail/components/mail-page.tsx').then((m) => ({ default: m.MailPage })));
const MallPage = lazy(() => import('../features/mall/components/mall-page.tsx').then((m) => ({ default: m.MallPage })));
const RechargeRecordsPage = lazy(() =>
  import('../features/recharge/components/recharge-records-page.tsx').then((m) => ({ default: m.RechargeRecordsPage })),
);
const battles = {
  hall: () => import('../features/battles/components/battle-hall.tsx'),
  details: () => import('../features/battles/components/battle-details.tsx'),
  history: () => import('../features/battles/components/battle-history.tsx'),
};
const BattleHallPage = lazy(() => battles.hall().then((m) => ({ default: m.BattleHallPage })));
const BattleDetailsPage = lazy(() => battles.details().then((m) => ({ default: m.BattleDetailsPage })));
const BattleHistoryPage = lazy(() => battles.history().then((m) => ({ default: m.BattleHistoryPage })));
const TurntablePage = lazy(() =>
  import('../features/turntable/components/turntable-page.tsx').then((m) => ({ default: m.TurntablePage })),
);
const upgrade = {
  screen: () => import('../features/upgrade/components/upgrade-page.tsx'),
  history: () => import('../features/upgrade/components/upgrade-history-page.tsx'),
};
const UpgradePage = lazy(() => upgrade.screen().then((m) => ({ default: m.UpgradePage })));
const UpgradeHistoryPage = lazy(() => upgrade.history().then((m) => ({ default: m.UpgradeHistoryPage })));
const roll = {
  hall: () => import('../features/roll/components/roll-hall.tsx'),
  details: () => import('../features/roll/components/roll-details.tsx'),
};
const RollHallPage = lazy(() => roll.hall().then((m) => ({ default: m.RollHallPage })));
const RollDetailsPage = lazy(() => roll.details().then((m) => ({ default: m.RollDetailsPage })));
const treasure = () => import('../features/treasure/pages.ts');
const TreasureHallPage = lazy(() => treasure().then((m) => ({ default: m.TreasureHallPage })));
const TreasureDetailsPage = lazy(() => treasure().then((m) => ({ default: m.TreasureDetailsPage })));
const MyCardsPage = lazy(() => treasure().then((m) => ({ default: m.MyCardsPage })));
/** The personal centre's card tab: the accounts frame around the treasure feature's my-cards section. */
const UserinfoCardTab = lazy(async () => {
  const [frame, section] = await Promise.all([personalCenter(), treasure()]);
  return {
    default: () => (
      <frame.BasicInfoPage textKey="userinfo">
        <section.MyCardsSection />
      </frame.BasicInfoPage>
    ),
  };
});
const NewYearPage = lazy(() =>
  import('../features/lucky/components/new-year-page.tsx').then((m) => ({ default: m.NewYearPage })),
);
const BagRecordsPage = lazy(() =>
  import('../features/bags/components/bag-records-page.tsx').then((m) => ({ default: m.BagRecordsPage })),
);
const RainRecordsPage = lazy(() =>
  import('../features/rain/components/rain-records-page.tsx').then((m) => ({ default: m.RainRecordsPage })),
);
const TasksPage = lazy(() =>
  import('../features/tasks/components/tasks-page.tsx').then((m) => ({ default: m.TasksPage })),
);
const activity = () => import('../features/activity/components/activity-pages.tsx');
const ActivityCentrePage = lazy(() => activity().then((m) => ({ default: m.ActivityCentrePage })));
const SignInPage = lazy(() => activity().then((m) => ({ default: m.SignInPage })));
const PointsShopPage = lazy(() =>
  import('../features/points-shop/components/points-shop-page.tsx').then((m) => ({ default: m.PointsShopPage })),
);
const JewelryPage = lazy(() =>
  import('../features/vip/components/jewelry-page.tsx').then((m) => ({ default: m.JewelryPage })),
);
const WishingWellPage = lazy(() =>
  import('../features/wishing-well/components/wishing-well-page.tsx').then((m) => ({ default: m.WishingWellPage })),
);
const EnergyPage = lazy(() =>
  import('../features/energy/components/energy-page.tsx').then((m) => ({ default: m.EnergyPage })),
);
const ProtectionPage = lazy(() =>
  import('../features/protection/components/protection-page.tsx').then((m) => ({ default: m.ProtectionPage })),
);
const boards = () => import('../features/boards/pages.ts');
const RoyalPage = lazy(() => boards().then((m) => ({ default: m.RoyalPage })));
const KingPage = lazy(() => boards().then((m) => ({ default: m.KingPage })));
const PkPowerPage = lazy(() => boards().then((m) => ({ default: m.PkPowerPage })));
const CupPage = lazy(() => import('../features/cup/components/cup-page.tsx').then((m) => ({ default: m.CupPage })));
const AccountChangesPage = lazy(() =>
  import('../features/wallet/components/account-changes-page.tsx').then((m) => ({ default: m.AccountChangesPage })),
);
/**
 * The operator console (issue 23): a back office of its own under /admin, outside the player
 * site's layout. Its shell, gate, texts and styles are one chunk and each of its screens another,
 * so a player's first load carries none of it. It borrows the site's login dialog.
 */
const AdminConsole = lazy(() => import('../features/admin/console-entry.tsx'));

/** About us exists only on hosts that show it; wait for the host info before deciding. */
function HelpRoute() {
  const { page } = useParams();
  const host = useHostInfo();
  if (page === 'AboutUs' && host.isPending) return <PageSpinner />;
  return <HelpPage hidden={host.data?.show_about_us ? [] : ['AboutUs']} />;
}

export const routes: RouteObject[] = [
  {
    // features/admin/paths.ts CONSOLE_ROOT, written out: importing it would put it in the first load.
    path: '/admin/*',
    element: (
      <Suspense fallback={<PageSpinner />}>
        <AdminConsole siteDialogs={<LoginDialogHost />} />
      </Suspense>
    ),
  },
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: PATHS.vip, element: <VipPage /> },
      { path: PATHS.vipJewelry, element: <JewelryPage /> },
      { path: PATHS.notFound, element: <ErrorPage code={404} /> },
      { path: PATHS.box, element: <BoxPage /> },
      { path: PATHS.fairness, element: <FairnessPage /> },
      { path: RTP_ROUTE, element: <RtpPage /> },
      { path: PATHS.inventory, element: <InventoryTab /> },
      { path: PATHS.userinfoInventory, element: <InventoryPage /> },
      { path: PATHS.unpack, element: <OpenRecordsPage /> },
      { path: PATHS.vipUnpackingRecord, element: <PublicOpenRecordsPage /> },
      { path: PATHS.vipShoppingMall, element: <MallPage /> },
      { path: PATHS.pointsShop, element: <PointsShopPage /> },
      { path: PATHS.wishingWell, element: <WishingWellPage /> },
      { path: PATHS.energyBox, element: <EnergyPage /> },
      { path: PATHS.accountRecord, element: <AccountChangesPage /> },
      { path: PATHS.userinfoPoints, element: <AccountChangesPage only="point" /> },
      { path: PATHS.vipActivity, element: <ActivityCentrePage /> },
      { path: PATHS.signIn, element: <SignInPage /> },
      { path: PATHS.userinfoRecharge, element: <RechargeRecordsPage /> },
      { path: PATHS.userinfoRedPacket, element: <RainRecordsPage /> },
      { path: PATHS.mail, element: <MailPage /> },
      { path: PATHS.battle, element: <BattleHallPage /> },
      { path: PATHS.vipBattle, element: <BattleHallPage /> },
      { path: PATHS.battleDetails, element: <BattleDetailsPage /> },
      { path: PATHS.battleHistory, element: <BattleHistoryPage /> },
      { path: PATHS.turntable, element: <TurntablePage /> },
      { path: PATHS.upgrade, element: <UpgradePage /> },
      { path: PATHS.upgradeHistory, element: <UpgradeHistoryPage /> },
      { path: PATHS.roll, element: <RollHallPage /> },
      { path: PATHS.rollDetails, element: <RollDetailsPage /> },
      { path: PATHS.vipRollDetails, element: <RollDetailsPage /> },
      { path: PATHS.card, element: <TreasureHallPage /> },
      { path: PATHS.cardDetails, element: <TreasureDetailsPage /> },
      { path: PATHS.cardMy, element: <MyCardsPage /> },
      { path: PATHS.userinfoCard, element: <UserinfoCardTab /> },
      { path: PATHS.newYearActivity, element: <NewYearPage /> },
      { path: PATHS.vipDailyTasks, element: <TasksPage /> },
      { path: PATHS.userinfoBag, element: <BagRecordsPage /> },
      { path: PATHS.userinfoProtection, element: <ProtectionPage /> },
      { path: PATHS.ranking, element: <RoyalPage /> },
      { path: PATHS.vipUnpackingKing, element: <KingPage /> },
      { path: PATHS.pkPower, element: <PkPowerPage /> },
      { path: PATHS.worldCup, element: <CupPage /> },
      { path: PATHS.userinfo, element: <BasicInfoPage textKey="userinfo" /> },
      { path: PATHS.userinfoBasic, element: <BasicInfoPage textKey="userinfoBasic" /> },
      { path: PATHS.extension, element: <PromotedUsersPage /> },
      { path: PATHS.userinfoExtension, element: <PromotedUsersPage textKey="userinfoExtension" /> },
      { path: `${PATHS.help}/:page`, element: <HelpRoute /> },
      { path: PATHS.help, element: <Navigate to={`${PATHS.help}/qustion`} replace /> },
      { path: '*', element: <Navigate to={PATHS.notFound} replace /> },
    ],
  },
];
