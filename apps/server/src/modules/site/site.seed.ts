import { ENERGY_ROUTE } from '@kaixiang/shared/energy-paths';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities, banners, bgmTracks, hostProfiles, navItems, notices, siteSettings } from '../../db/schema/site.ts';
import { defaultActivities } from './activities.seed.ts';

/**
 * The site content a fresh install starts with. Idempotent: rows have fixed ids or natural keys
 * and existing rows are left alone, so an operator's later edits survive every restart.
 */
const NAV = [
  { id: 1, zhCn: '开箱', zhTw: '開箱', en: 'Cases', path: '/', icon: 'box', needLogin: 1, badge: null },
  {
    id: 2,
    zhCn: '竞技场',
    zhTw: '競技場',
    en: 'Arena',
    path: '/battle',
    icon: 'battle',
    needLogin: 1,
    badge: 'open_rooms',
  },
  {
    id: 3,
    zhCn: '装备升级',
    zhTw: '裝備升級',
    en: 'Upgrade',
    path: '/upgrade',
    icon: 'upgrade',
    needLogin: 1,
    badge: null,
  },
  {
    id: 8,
    zhCn: '转盘',
    zhTw: '轉盤',
    en: 'Turntable',
    path: '/turntable',
    icon: 'turntable',
    needLogin: 1,
    badge: null,
  },
  { id: 4, zhCn: 'ROLL房', zhTw: 'ROLL房', en: 'Roll rooms', path: '/roll', icon: 'roll', needLogin: 1, badge: null },
  { id: 5, zhCn: '商城', zhTw: '商城', en: 'Mall', path: '/vipShoppingMall', icon: 'mall', needLogin: 2, badge: null },
  // The activity centre (issue 22). Id 12 rather than the next free one: other pieces of issue 22 add items too.
  {
    id: 12,
    zhCn: '活动中心',
    zhTw: '活動中心',
    en: 'Activities',
    path: '/vipActivity',
    icon: 'activity',
    needLogin: 1,
    badge: null,
  },
  { id: 6, zhCn: '夺宝', zhTw: '奪寶', en: 'Treasure', path: '/card', icon: 'card', needLogin: 1, badge: null },
  // 王者排行 (issue 25): the royal ranking's boards.
  { id: 13, zhCn: '排行榜', zhTw: '排行榜', en: 'Ranking', path: '/ranking', icon: 'rank', needLogin: 1, badge: null },
  {
    id: 7,
    zhCn: '公平验证',
    zhTw: '公平驗證',
    en: 'Fairness',
    path: '/fairness',
    icon: 'fair',
    needLogin: 1,
    badge: null,
  },
] as const;

const NOTICES = [
  {
    id: 1,
    zhCn: '欢迎来到开箱！所有箱子的掉落概率均公开可查，每一次开箱都可在“公平验证”页面复核。',
    zhTw: '歡迎來到開箱！所有箱子的掉落機率皆公開可查，每一次開箱都能在「公平驗證」頁面複核。',
    en: 'Welcome to Kaixiang! Every box shows its drop odds, and every opening can be re-checked on the Fairness page.',
  },
  {
    id: 2,
    zhCn: '饰品取回请在 12 小时内接受交易报价，超时报价将自动取消，饰品退回背包。',
    zhTw: '飾品取回請於 12 小時內接受交易報價，逾時報價將自動取消，飾品退回背包。',
    en: 'Accept retrieval trade offers within 12 hours; expired offers are cancelled and the item returns to your inventory.',
  },
  {
    id: 3,
    zhCn: '理性消费，未满18周岁禁止使用本站。本站与 Valve 及 Steam 无任何关联。',
    zhTw: '理性消費，未滿18歲禁止使用本站。本站與 Valve 及 Steam 無任何關聯。',
    en: 'Play responsibly; under-18s may not use this site. This site is not affiliated with Valve or Steam.',
  },
];

const BGM = [
  { id: 1, name: 'Neon Crate', link: '/audio/neon-crate.mp3' },
  { id: 2, name: 'Midnight Drop', link: '/audio/midnight-drop.mp3' },
  { id: 3, name: 'Gold Rush', link: '/audio/gold-rush.mp3' },
];

const SETTINGS: Record<string, unknown> = {
  'group.qq': '739281460',
  'group.qq_img': '/img/qr/group.svg',
  'group.app_img': '/img/qr/app.svg',
  'group.contact_img': '/img/qr/contact.svg',
  // QR targets: what the codes above encode. The operator replaces them with the real links.
  'qr.group': 'https://qm.qq.com/q/kaixiang-official',
  'qr.app': 'https://kaixiang.example/app',
  'qr.contact': 'https://kaixiang.example/support',
  code_item: 1,
};

const HOSTS = [
  { host: '*', icp: '', policeFiling: '', showAboutUs: false, showApp: true, hideInvite: false, inviteCode: '' },
  {
    host: 'localhost',
    icp: '沪ICP备2026000001号-1',
    policeFiling: '沪公网安备31010402000001号',
    showAboutUs: true,
    showApp: true,
    hideInvite: false,
    inviteCode: '',
  },
];

const BANNERS = [
  {
    id: 1,
    zhCn: '全新 CS2 武器箱已上架',
    zhTw: '全新 CS2 武器箱已上架',
    en: 'New CS2 weapon cases are in',
    img: '/img/banners/cases.svg',
    link: '/',
  },
  {
    id: 2,
    zhCn: '箱子对战 · 四人同场',
    zhTw: '箱子對戰 · 四人同場',
    en: 'Box battles · four seats',
    img: '/img/banners/battle.svg',
    link: '/battle',
  },
  {
    id: 3,
    zhCn: '每一次开箱都可验证',
    zhTw: '每一次開箱都可驗證',
    en: 'Every opening is verifiable',
    img: '/img/banners/fair.svg',
    link: '/fairness',
  },
];

export async function seedSite(db: Db, nowMs: number): Promise<void> {
  await db
    .insert(navItems)
    .values(
      NAV.map((n) => ({
        id: n.id,
        titleZhCn: n.zhCn,
        titleZhTw: n.zhTw,
        titleEn: n.en,
        path: n.path,
        icon: n.icon,
        needLogin: n.needLogin,
        badge: n.badge,
        sort: n.id,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(notices)
    .values(NOTICES.map((n) => ({ id: n.id, contentZhCn: n.zhCn, contentZhTw: n.zhTw, contentEn: n.en, sort: n.id })))
    .onConflictDoNothing();
  await db
    .insert(bgmTracks)
    .values(BGM.map((b) => ({ ...b, sort: b.id })))
    .onConflictDoNothing();
  await db
    .insert(siteSettings)
    .values(Object.entries(SETTINGS).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .onConflictDoNothing();
  await db.insert(hostProfiles).values(HOSTS).onConflictDoNothing();
  await db
    .insert(banners)
    .values(
      BANNERS.map((b) => ({
        id: b.id,
        titleZhCn: b.zhCn,
        titleZhTw: b.zhTw,
        titleEn: b.en,
        img: b.img,
        link: b.link,
        sort: b.id,
      })),
    )
    .onConflictDoNothing();
  const year = 365 * 24 * 3600 * 1000;
  await db
    .insert(activities)
    .values([
      {
        id: 1,
        titleZhCn: '新手福利：绑定交易链接送免费箱',
        titleZhTw: '新手福利：綁定交易連結送免費箱',
        titleEn: 'Newcomer gift: bind your trade link for a free box',
        img: '/img/banners/gift.svg',
        // The free boxes' section: it shows the box, the player's state and the way to bind.
        path: `${ENERGY_ROUTE}#free-boxes`,
        startAt: new Date(nowMs - 24 * 3600 * 1000),
        endAt: new Date(nowMs + year),
        rulesZhCn: '在个人中心绑定 Steam 交易链接，即可免费开启一次指定箱子。每个账号限一次。',
        rulesZhTw: '在個人中心綁定 Steam 交易連結，即可免費開啟一次指定箱子。每個帳號限一次。',
        rulesEn: 'Bind your Steam trade link in the user centre to open a named box once for free, once per account.',
        sort: 50,
      },
      ...defaultActivities(nowMs),
    ])
    .onConflictDoNothing();
  // Rows were inserted with explicit ids: move each sequence past them so later inserts do not collide.
  for (const table of ['nav_items', 'notices', 'bgm_tracks', 'banners', 'activities']) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`),
    );
  }
}
