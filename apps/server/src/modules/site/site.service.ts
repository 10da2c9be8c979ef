import { HELP_PAGE_IDS, type HelpOverridesResponse, type HelpPageKey } from '@kaixiang/shared/admin-content';
import type { Locale } from '@kaixiang/shared/locale';
import {
  type Activity,
  type GroupInfo,
  type HostInfo,
  type NavItem,
  type RewardHistoryEntry,
  type Statistics,
  TICKER_SIZE,
} from '@kaixiang/shared/site';
import { SITE_EVENTS, SITE_ROOM } from '@kaixiang/shared/socket';
import type { Db } from '../../db/client.ts';
import type { rewardHistories } from '../../db/schema/site.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import { createTtlCache } from '../../infra/ttl-cache.ts';
import { bagsRepo } from '../bags/bags.repo.ts';
import { type RewardInsert, siteRepo } from './site.repo.ts';

type Localised = { zhCn: string; zhTw: string; en: string };

/** zh-CN is always filled in; the other languages fall back to it when an operator left them empty. */
export function pick(texts: Localised, locale: Locale): string {
  if (locale === 'zh-TW') return texts.zhTw || texts.zhCn;
  if (locale === 'en-US') return texts.en || texts.zhCn;
  return texts.zhCn;
}

export const GROUP_SETTING_KEYS = [
  'group.qq',
  'group.qq_img',
  'group.app_img',
  'group.contact_img',
  'code_item',
] as const;

/**
 * Site content is read on every page view by every visitor and changes only when an operator
 * edits it: each process serves it from memory for a few seconds. Statistics are counts over
 * growing tables, computed at most once per interval too. The process that makes a console change
 * drops its cache at once (`invalidate`); every other process shows it within CONTENT_TTL_MS
 * (docs/console/content.md "How soon players see a change").
 */
export const CONTENT_TTL_MS = 5_000;

export function createSiteService(deps: { db: Db; bus: EventBus; clock: Clock }) {
  const { db, bus, clock } = deps;
  const cache = createTtlCache(clock, CONTENT_TTL_MS);
  const cached = <T>(key: string, load: () => PromiseLike<T>) => cache.get(key, load);

  /**
   * A ticker entry. Names come from the catalogue (`names`, null for an entry without an item)
   * in every language, so each viewer shows their own, pushed entries included; the stored name
   * is the fallback. `reward_item_name` is the one of `locale` (zh-CN in a push every viewer shares).
   */
  function toRewardEntry(
    r: { row: typeof rewardHistories.$inferSelect; vipLevel: number | null; names: Localised | null },
    locale: Locale = 'zh-CN',
  ): RewardHistoryEntry {
    const { row } = r;
    const names = r.names ?? { zhCn: row.itemName, zhTw: row.itemName, en: row.itemName };
    return {
      id: row.id,
      img: row.boxImg,
      avatar: row.avatar,
      nick_name: row.nickName,
      vip_level: r.vipLevel ?? 0,
      jewelry_rarity: row.jewelryRarity,
      game_type: row.gameType,
      user_id: row.userId,
      reward_history_type: row.rewardHistoryType,
      reward_item_img: row.itemImg,
      item_id: row.itemDefId,
      reward_item_name: pick(names, locale),
      reward_item_names: {
        'zh-CN': pick(names, 'zh-CN'),
        'zh-TW': pick(names, 'zh-TW'),
        'en-US': pick(names, 'en-US'),
      },
      reward_item_price: row.itemPriceUnits,
      created_at: row.createdAt.getTime(),
    };
  }

  return {
    async nav(locale: Locale): Promise<NavItem[]> {
      const rows = await cached('nav', () => siteRepo.navItems(db));
      return rows.map((r) => ({
        id: r.id,
        title: pick({ zhCn: r.titleZhCn, zhTw: r.titleZhTw, en: r.titleEn }, locale),
        path: r.path,
        need_login: r.needLogin === 2 ? 2 : 1,
        icon: r.icon,
        badge: r.badge === 'open_rooms' ? 'open_rooms' : null,
      }));
    },

    async messages(locale: Locale) {
      const rows = await cached('notices', () => siteRepo.notices(db));
      return rows.map((r) => ({
        id: r.id,
        content: pick({ zhCn: r.contentZhCn, zhTw: r.contentZhTw, en: r.contentEn }, locale),
      }));
    },

    async bgm(type: number) {
      const rows = await cached(`bgm:${type}`, () => siteRepo.bgmTracks(db, type));
      return rows.map((r) => ({ id: r.id, name: r.name, link: r.link }));
    },

    async rewardHistory(rewardType: number, locale: Locale): Promise<RewardHistoryEntry[]> {
      const rows = await siteRepo.rewardHistory(db, rewardType === 2, TICKER_SIZE);
      return rows.map((r) => toRewardEntry(r, locale));
    },

    /**
     * Records wins for the tickers (one statement) and pushes each to every connected client.
     * Called by the games after their transaction commits.
     */
    async recordRewards(rows: RewardInsert[]): Promise<RewardHistoryEntry[]> {
      if (rows.length === 0) return [];
      const entries = (await siteRepo.insertRewardHistories(db, rows)).map((r) => toRewardEntry(r));
      for (const entry of entries) await bus.publish(SITE_ROOM, SITE_EVENTS.rewardHistory, entry);
      return entries;
    },

    /**
     * rechargeBag is 1 while a daily recharge lucky bag campaign gives bags (enabled, within its
     * window): read from the campaigns themselves, so it cannot disagree with what a recharge
     * gives (docs/promotions/bags.md "rechargeBag").
     */
    async groupInfo(): Promise<GroupInfo> {
      const [s, rechargeBags] = await Promise.all([
        cached('group', () => siteRepo.settings(db, GROUP_SETTING_KEYS)),
        cached('recharge_bag', () => bagsRepo.activeCampaigns(db, 'daily_recharge', new Date(clock.now()))),
      ]);
      const str = (k: string) => (typeof s.get(k) === 'string' ? (s.get(k) as string) : '');
      const num = (k: string) => (typeof s.get(k) === 'number' ? (s.get(k) as number) : 0);
      return {
        qq: str('group.qq'),
        qq_img: str('group.qq_img'),
        app_img: str('group.app_img'),
        contact_img: str('group.contact_img'),
        code_item: num('code_item'),
        rechargeBag: rechargeBags.length > 0 ? 1 : 0,
      };
    },

    async hostInfo(host: string): Promise<HostInfo> {
      // All profiles are cached as one small list: the Host header is the client's to choose, so
      // a cache keyed by it would grow without bound.
      const profiles = await cached('hosts', () => siteRepo.hostProfiles(db));
      const p = profiles.find((r) => r.host === host) ?? profiles.find((r) => r.host === '*');
      return {
        host,
        icp: p?.icp ?? '',
        police_filing: p?.policeFiling ?? '',
        show_about_us: p?.showAboutUs ?? false,
        show_app: p?.showApp ?? true,
        hide_invite: p?.hideInvite ?? false,
        invite_code: p?.inviteCode ?? '',
      };
    },

    async statistics(): Promise<Statistics> {
      const s = await cached('statistics', () => siteRepo.statistics(db));
      return {
        user_num: s.userNum,
        open_box_num: s.openBoxNum,
        pk_num: s.pkNum,
        upgrade_num: s.upgradeNum,
        open_room_num: s.openRoomNum,
      };
    },

    /** The console's help page overrides in `locale`; a page without one shows its static text. */
    async helpPages(locale: Locale): Promise<HelpOverridesResponse['pages']> {
      const rows = await cached(`help:${locale}`, () => siteRepo.helpOverrides(db, locale));
      return rows.flatMap((r) =>
        (HELP_PAGE_IDS as readonly string[]).includes(r.page)
          ? [{ page: r.page as HelpPageKey, title: r.title, body: r.body, updated_at: r.updatedAt.getTime() }]
          : [],
      );
    },

    /** Forgets every cached read: the console changed the content (admin/content). */
    invalidate() {
      cache.clear();
    },

    async banners(locale: Locale) {
      const rows = await cached('banners', () => siteRepo.banners(db));
      return rows.map((r) => ({
        id: r.id,
        title: pick({ zhCn: r.titleZhCn, zhTw: r.titleZhTw, en: r.titleEn }, locale),
        img: r.img,
        link: r.link,
      }));
    },

    /** The spec's data.activities: running activities, then upcoming ones (issue 22's activity centre). */
    async activities(locale: Locale): Promise<Activity[]> {
      const nowMs = clock.now();
      const rows = await siteRepo.listedActivities(db, new Date(nowMs));
      const list = rows.map((r) => ({
        id: r.id,
        title: pick({ zhCn: r.titleZhCn, zhTw: r.titleZhTw, en: r.titleEn }, locale),
        img: r.img,
        path: r.path,
        start_at: r.startAt.getTime(),
        end_at: r.endAt.getTime(),
        rules: pick({ zhCn: r.rulesZhCn, zhTw: r.rulesZhTw, en: r.rulesEn }, locale),
        state: r.startAt.getTime() <= nowMs ? ('running' as const) : ('upcoming' as const),
      }));
      // Stable sort: running first, each group in the operator's order.
      return [...list.filter((a) => a.state === 'running'), ...list.filter((a) => a.state === 'upcoming')];
    },

    serverTime: () => clock.now(),
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
