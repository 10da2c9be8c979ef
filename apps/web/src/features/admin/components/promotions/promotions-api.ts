import {
  ADMIN_BAG_PATHS,
  type AdminCampaign,
  type AdminCampaignInput,
  type AdminCampaignUpdate,
  adminCampaign,
  adminCampaignsResponse,
  adminGrantResponse,
} from '@kaixiang/shared/admin-bags';
import {
  ADMIN_COMMAND_CODE_PATHS,
  type AdminCommandCode,
  type AdminCommandCodeInput,
  adminCommandCode,
  adminCommandCodes,
} from '@kaixiang/shared/admin-command-codes';
import {
  ADMIN_POINTS_SHOP_PATHS,
  type AdminPointsShopEntry,
  type AdminPointsShopInput,
  type AdminPointsShopUpdate,
  adminPointsShopEntries,
  adminPointsShopEntry,
} from '@kaixiang/shared/admin-points-shop';
import {
  ADMIN_TASK_PATHS,
  type AdminTask,
  type AdminTaskInput,
  type AdminTaskUpdate,
  adminTask,
  adminTasksResponse,
} from '@kaixiang/shared/admin-tasks';
import {
  ADMIN_WISHING_WELL_PATHS,
  type AdminWishEntry,
  type AdminWishInput,
  type AdminWishUpdate,
  adminWishEntries,
  adminWishEntry,
} from '@kaixiang/shared/admin-wishing-well';
import { BOX_PATHS, boxListResponse } from '@kaixiang/shared/boxes';
import {
  ADMIN_ENERGY_PATHS,
  ADMIN_FREE_BOX_PATHS,
  type AdminEnergyLevel,
  type AdminEnergyLevelInput,
  type AdminEnergyLevelUpdate,
  type AdminFreeBox,
  type AdminFreeBoxUpdate,
  adminEnergyLevel,
  adminEnergyLevelsResponse,
  adminFreeBoxesResponse,
} from '@kaixiang/shared/energy';
import type { Locale } from '@kaixiang/shared/locale';
import {
  adminLuckyWindowsResponse,
  LUCKY_ADMIN_PATHS,
  type LuckyWindow,
  type LuckyWindowInput,
  luckyWindow,
} from '@kaixiang/shared/lucky';
import {
  adminRainRounds,
  RAIN_ADMIN_PATHS,
  RAIN_PATHS,
  type RainSchedule,
  type RainScheduleInput,
  rainInfo,
  rainSchedule,
  rainScheduleList,
} from '@kaixiang/shared/rain';
import {
  ADMIN_SIGN_IN_PATHS,
  type AdminActivity,
  type AdminActivityInput,
  type AdminActivityUpdate,
  type AdminSignInRewardsInput,
  type AdminSignInRewardsResponse,
  adminActivitiesResponse,
  adminActivity,
  adminSignInRewardsResponse,
} from '@kaixiang/shared/sign-in';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { apiGet, type ResponseSchema } from '../../../../lib/api.ts';
import { consoleGet, consolePost } from '../../api/console-call.ts';
import { CONSOLE_QUERY_ROOT } from '../../api/get-me.ts';

export const PROMOTIONS_QUERY_ROOT = [...CONSOLE_QUERY_ROOT, 'promotions'] as const;

const keys = {
  rain: [...PROMOTIONS_QUERY_ROOT, 'rain'] as const,
  rainRound: [...PROMOTIONS_QUERY_ROOT, 'rain-round'] as const,
  rainRounds: [...PROMOTIONS_QUERY_ROOT, 'rain-rounds'] as const,
  bags: [...PROMOTIONS_QUERY_ROOT, 'bags'] as const,
  lucky: [...PROMOTIONS_QUERY_ROOT, 'lucky'] as const,
  activities: [...PROMOTIONS_QUERY_ROOT, 'activities'] as const,
  signIn: [...PROMOTIONS_QUERY_ROOT, 'sign-in'] as const,
  tasks: [...PROMOTIONS_QUERY_ROOT, 'tasks'] as const,
  pointsShop: [...PROMOTIONS_QUERY_ROOT, 'points-shop'] as const,
  wishingWell: [...PROMOTIONS_QUERY_ROOT, 'wishing-well'] as const,
  energy: [...PROMOTIONS_QUERY_ROOT, 'energy'] as const,
  freeBoxes: [...PROMOTIONS_QUERY_ROOT, 'free-boxes'] as const,
  boxesOnSale: [...PROMOTIONS_QUERY_ROOT, 'boxes-on-sale'] as const,
  commandCodes: [...PROMOTIONS_QUERY_ROOT, 'command-codes'] as const,
};

/**
 * A change whose answer is one row: the list it belongs to is read again (and the rain's next
 * round with the schedules, since a schedule's change decides the rounds made after it).
 */
function useChange<B, T>(path: string, schema: ResponseSchema<T> | undefined, lists: readonly (readonly string[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => consolePost<T>(path, body, schema),
    onSuccess: () => {
      for (const queryKey of lists) void client.invalidateQueries({ queryKey });
    },
  });
}

// --- rain ----------------------------------------------------------------------------------------

export const useRainSchedules = () =>
  useQuery({
    queryKey: keys.rain,
    queryFn: ({ signal }) => consoleGet(RAIN_ADMIN_PATHS.schedules, undefined, rainScheduleList, signal),
  });

/** Every round made, newest window first, a page at a time, with what each paid. */
export const useRainRounds = (page: number) =>
  useQuery({
    queryKey: [...keys.rainRounds, page],
    queryFn: ({ signal }) =>
      consoleGet(
        RAIN_ADMIN_PATHS.rounds,
        { page: String(page), page_size: String(RAIN_ROUNDS_PAGE) },
        adminRainRounds,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
export const RAIN_ROUNDS_PAGE = 10;

/**
 * The one round an operator can cancel is the next, which the public info call names (rounds are
 * made a few minutes before they open). A public call, so not through console-call: it says
 * nothing about the console session.
 */
export const useRainNextRound = () =>
  useQuery({
    queryKey: keys.rainRound,
    queryFn: ({ signal }) => apiGet(RAIN_PATHS.info, undefined, { schema: rainInfo, signal, silent: true }),
  });

// Each body is typed by the contract's own input type: a form that drifts from the API fails the
// type check, not the server's validation.
export const useSaveRainSchedule = () =>
  useChange<RainScheduleInput, RainSchedule>(RAIN_ADMIN_PATHS.saveSchedule, rainSchedule, [keys.rain, keys.rainRound]);
export const useEnableRainSchedule = () =>
  useChange<{ id: number; enabled: boolean; reason?: string }, RainSchedule>(
    RAIN_ADMIN_PATHS.enableSchedule,
    rainSchedule,
    [keys.rain, keys.rainRound],
  );
export const useCancelRainRound = () =>
  useChange<{ round_id: number; reason?: string }, unknown>(RAIN_ADMIN_PATHS.cancelRound, undefined, [
    keys.rainRound,
    keys.rainRounds,
  ]);

// --- bags ----------------------------------------------------------------------------------------

export const useBagCampaigns = () =>
  useQuery({
    queryKey: keys.bags,
    queryFn: ({ signal }) => consoleGet(ADMIN_BAG_PATHS.campaigns, undefined, adminCampaignsResponse, signal),
  });
// The energy levels show their campaign's name, table version and expected value: read them again too.
export const useCreateBagCampaign = () =>
  useChange<AdminCampaignInput, AdminCampaign>(ADMIN_BAG_PATHS.createCampaign, adminCampaign, [keys.bags, keys.energy]);
export const useUpdateBagCampaign = () =>
  useChange<AdminCampaignUpdate, AdminCampaign>(ADMIN_BAG_PATHS.updateCampaign, adminCampaign, [
    keys.bags,
    keys.energy,
  ]);
export const useGrantBags = () =>
  useChange<
    { campaign_id: number; user_id: number; count: number; reason: string },
    { granted: number; count: number }
  >(ADMIN_BAG_PATHS.grant, adminGrantResponse, [keys.bags]);

// --- lucky ---------------------------------------------------------------------------------------

export const useLuckyWindows = () =>
  useQuery({
    queryKey: keys.lucky,
    queryFn: ({ signal }) => consoleGet(LUCKY_ADMIN_PATHS.windows, undefined, adminLuckyWindowsResponse, signal),
  });
export const useScheduleLuckyWindow = () =>
  useChange<LuckyWindowInput, LuckyWindow>(LUCKY_ADMIN_PATHS.windows, luckyWindow, [keys.lucky]);
export const useUpdateLuckyWindow = () =>
  useChange<LuckyWindowInput & { id: number }, LuckyWindow>(LUCKY_ADMIN_PATHS.update, luckyWindow, [keys.lucky]);
export const useCancelLuckyWindow = () =>
  useChange<{ id: number; reason: string }, LuckyWindow>(LUCKY_ADMIN_PATHS.cancel, luckyWindow, [keys.lucky]);

// --- activities ----------------------------------------------------------------------------------

export const useActivities = () =>
  useQuery({
    queryKey: keys.activities,
    queryFn: ({ signal }) => consoleGet(ADMIN_SIGN_IN_PATHS.activities, undefined, adminActivitiesResponse, signal),
  });
export const useCreateActivity = () =>
  useChange<AdminActivityInput, AdminActivity>(ADMIN_SIGN_IN_PATHS.createActivity, adminActivity, [keys.activities]);
export const useUpdateActivity = () =>
  useChange<AdminActivityUpdate, AdminActivity>(ADMIN_SIGN_IN_PATHS.updateActivity, adminActivity, [keys.activities]);

// --- sign-in rewards -----------------------------------------------------------------------------

/** The 7 days' rewards; `list` names the days so the tab's table reads them like any other list. */
export const useSignInRewards = () =>
  useQuery({
    queryKey: keys.signIn,
    queryFn: ({ signal }) => consoleGet(ADMIN_SIGN_IN_PATHS.rewards, undefined, adminSignInRewardsResponse, signal),
    select: (data) => ({ ...data, list: data.days }),
  });
export const useUpdateSignInRewards = () =>
  useChange<AdminSignInRewardsInput, AdminSignInRewardsResponse>(
    ADMIN_SIGN_IN_PATHS.updateRewards,
    adminSignInRewardsResponse,
    [keys.signIn],
  );

// --- daily tasks ---------------------------------------------------------------------------------

export const useTasks = () =>
  useQuery({
    queryKey: keys.tasks,
    queryFn: ({ signal }) => consoleGet(ADMIN_TASK_PATHS.list, undefined, adminTasksResponse, signal),
  });
export const useCreateTask = () =>
  useChange<AdminTaskInput, AdminTask>(ADMIN_TASK_PATHS.create, adminTask, [keys.tasks]);
export const useUpdateTask = () =>
  useChange<AdminTaskUpdate, AdminTask>(ADMIN_TASK_PATHS.update, adminTask, [keys.tasks]);

// --- points shop ---------------------------------------------------------------------------------

export const usePointsShopEntries = () =>
  useQuery({
    queryKey: keys.pointsShop,
    queryFn: ({ signal }) => consoleGet(ADMIN_POINTS_SHOP_PATHS.entries, undefined, adminPointsShopEntries, signal),
  });
export const useCreatePointsShopEntry = () =>
  useChange<AdminPointsShopInput, AdminPointsShopEntry>(ADMIN_POINTS_SHOP_PATHS.create, adminPointsShopEntry, [
    keys.pointsShop,
  ]);
export const useUpdatePointsShopEntry = () =>
  useChange<AdminPointsShopUpdate, AdminPointsShopEntry>(ADMIN_POINTS_SHOP_PATHS.update, adminPointsShopEntry, [
    keys.pointsShop,
  ]);
export const useAddPointsShopStock = () =>
  useChange<{ id: number; add: number; reason: string }, AdminPointsShopEntry>(
    ADMIN_POINTS_SHOP_PATHS.addStock,
    adminPointsShopEntry,
    [keys.pointsShop],
  );
export const useWithdrawPointsShopEntry = () =>
  useChange<{ id: number; reason: string }, AdminPointsShopEntry>(
    ADMIN_POINTS_SHOP_PATHS.withdraw,
    adminPointsShopEntry,
    [keys.pointsShop],
  );

// --- wishing well --------------------------------------------------------------------------------

export const useWishEntries = () =>
  useQuery({
    queryKey: keys.wishingWell,
    queryFn: ({ signal }) => consoleGet(ADMIN_WISHING_WELL_PATHS.entries, undefined, adminWishEntries, signal),
  });
export const useCreateWishEntry = () =>
  useChange<AdminWishInput, AdminWishEntry>(ADMIN_WISHING_WELL_PATHS.create, adminWishEntry, [keys.wishingWell]);
export const useUpdateWishEntry = () =>
  useChange<AdminWishUpdate, AdminWishEntry>(ADMIN_WISHING_WELL_PATHS.update, adminWishEntry, [keys.wishingWell]);
export const useWithdrawWishEntry = () =>
  useChange<{ id: number; reason: string }, AdminWishEntry>(ADMIN_WISHING_WELL_PATHS.withdraw, adminWishEntry, [
    keys.wishingWell,
  ]);

// --- energy levels -------------------------------------------------------------------------------

export const useEnergyLevels = () =>
  useQuery({
    queryKey: keys.energy,
    queryFn: ({ signal }) => consoleGet(ADMIN_ENERGY_PATHS.levels, undefined, adminEnergyLevelsResponse, signal),
  });
export const useCreateEnergyLevel = () =>
  useChange<AdminEnergyLevelInput, AdminEnergyLevel>(ADMIN_ENERGY_PATHS.createLevel, adminEnergyLevel, [keys.energy]);
export const useUpdateEnergyLevel = () =>
  useChange<AdminEnergyLevelUpdate, AdminEnergyLevel>(ADMIN_ENERGY_PATHS.updateLevel, adminEnergyLevel, [keys.energy]);

// --- free boxes ----------------------------------------------------------------------------------

export const useFreeBoxes = () =>
  useQuery({
    queryKey: keys.freeBoxes,
    queryFn: ({ signal }) => consoleGet(ADMIN_FREE_BOX_PATHS.list, undefined, adminFreeBoxesResponse, signal),
  });
// The update answers with the whole list; reading it again keeps one way for every tab.
export const useUpdateFreeBox = () =>
  useChange<AdminFreeBoxUpdate, { list: AdminFreeBox[] }>(ADMIN_FREE_BOX_PATHS.update, adminFreeBoxesResponse, [
    keys.freeBoxes,
  ]);

/**
 * The boxes a free box may name: the server takes only a box on sale (FREE_BOX_BOX_INVALID), and
 * the public list is exactly those. The console's own box list asks catalogue.manage, which a
 * promotions operator need not have. A public call, so not through console-call; names are in the
 * reader's language, hence the locale in the key.
 */
export const useBoxesOnSale = () => {
  const locale = useLocale();
  return useQuery({
    queryKey: [...keys.boxesOnSale, locale],
    queryFn: ({ signal }) =>
      apiGet(BOX_PATHS.list, undefined, { schema: boxListResponse, signal, silent: true }).then((d) =>
        d.categories.flatMap((c) => c.boxes),
      ),
  });
};

// --- command codes -------------------------------------------------------------------------------

export const useCommandCodes = () =>
  useQuery({
    queryKey: keys.commandCodes,
    queryFn: ({ signal }) => consoleGet(ADMIN_COMMAND_CODE_PATHS.list, undefined, adminCommandCodes, signal),
  });
export const useCreateCommandCode = () =>
  useChange<AdminCommandCodeInput, AdminCommandCode>(ADMIN_COMMAND_CODE_PATHS.create, adminCommandCode, [
    keys.commandCodes,
  ]);
/** Disables (`enabled` false) or enables again a code. */
export const useSwitchCommandCode = (enabled: boolean) =>
  useChange<{ id: number; reason: string }, AdminCommandCode>(
    enabled ? ADMIN_COMMAND_CODE_PATHS.enable : ADMIN_COMMAND_CODE_PATHS.disable,
    adminCommandCode,
    [keys.commandCodes],
  );

// --- form helpers --------------------------------------------------------------------------------

/** Units as a form shows them again for editing: yuan, without trailing zeros. */
export const yuanText = (units: number) => String(units / 10_000);

/** A datetime-local input's value as epoch ms; null when empty or not a moment. */
export function msOf(text: string): number | null {
  if (!text) return null;
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** A whole number typed into a form; null when it is not one. */
export function intOf(text: string): number | null {
  if (!/^-?\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return Number.isSafeInteger(n) ? n : null;
}

type Named = { zh_cn: string; zh_tw: string; en: string };

/** A name kept in three languages, in the staff member's: the zh-CN one stands in for a missing one. */
export function nameIn(named: Named, locale: Locale): string {
  if (locale === 'zh-TW') return named.zh_tw || named.zh_cn;
  if (locale === 'en-US') return named.en || named.zh_cn;
  return named.zh_cn;
}
