/**
 * Client routes of spec 1 §2. The named routes of the login guard are protected; any route the
 * server navigation marks need_login = 2 is protected as well (spec 1 §4).
 */
export const ROUTES = {
  home: '/',
  battle: '/battle',
  battleDetails: '/battle/details',
  vipBattle: '/vipBattle',
  turntable: '/turntable',
  vip: '/vip',
  notFound: '/notFound',
  inventory: '/personalCenter/inventory',
  unpack: '/personalCenter/unpack',
  extension: '/personalCenter/extension',
  mail: '/personalCenter/mail',
  vipUnpackingRecord: '/vipUnpackingRecord',
  userinfo: '/userinfo',
  fairness: '/fairness',
} as const;

export const HELP_PAGES = [
  'qustion',
  'bindCourse',
  'condition',
  'privacyPolicy',
  'AntiMoneyLaundering',
  'AboutUs',
  'tradeHelp',
  'retrievePc',
  'retrieveMobile',
  'newbie',
  'tradeLink',
] as const;
export type HelpPage = (typeof HELP_PAGES)[number];
