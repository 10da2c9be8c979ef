/**
 * Where the site API lives (paths relative to /api), and how many wins a ticker holds. Apart
 * from the schemas in site.ts: the web's first load imports these without zod.
 */
export const SITE_PATHS = {
  nav: '/site/v1/nav',
  messages: '/site/v1/get-message',
  bgm: '/site/v1/get-bgm-list',
  rewardHistory: '/site/v1/get-reward-history',
  groupInfo: '/site/v1/get-group-info',
  hostInfo: '/site/v1/get-host-info',
  statistics: '/site/v1/statistics',
  banners: '/site/v1/get-banners',
  serverTime: '/site/v1/server-time',
  activities: '/site/v1/get-activity-list',
} as const;

/** How many wins a ticker holds: the length of the reward-history answer and of the live feed. */
export const TICKER_SIZE = 20;
