import { ACCOUNT_PATHS, type LoginResponse, type UserDetail } from '@kaixiang/shared/accounts';
import type { MockHandler } from './mock-api.ts';

/** Test data only. */
export const USER: UserDetail = {
  user_id: 42,
  nick_name: '开箱玩家',
  avatar: '',
  money: 1_234_599,
  mall_quota: 56_789,
  score_point: 0,
  created_at: 1_760_000_000_000,
  invite_user_id: null,
  super_invite_code: 'KX8H2Q',
  real_name: '',
  vip_level: 3,
  account_type: 1,
  recharge_num: 0,
  is_recharged: false,
  is_crypto: false,
  mobile: '13800138000',
  email: '',
  steam_id: '',
  steam_link: '',
  receipt_sms: true,
  identity_verified: false,
  role: 'player',
};

export const TOKENS: LoginResponse = {
  access_token: 'acc-1',
  access_expire: 2_000_000_000,
  refresh_after: 1_999_999_000,
  refresh_token: 'ref-1',
  user_id: 42,
};

export const CAPTCHA = { pic_path: '/api/sms/v1/captcha/c1.svg', captcha_id: 'c1' };

/** A server that accepts everything: tests override the path they are about. */
export function accountHandlers(overrides: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  let captchas = 0;
  return {
    [ACCOUNT_PATHS.captcha]: () => {
      captchas++;
      return { pic_path: `/api/sms/v1/captcha/c${captchas}.svg`, captcha_id: `c${captchas}` };
    },
    [ACCOUNT_PATHS.smsCode]: () => null,
    [ACCOUNT_PATHS.emailCode]: () => null,
    [ACCOUNT_PATHS.login]: () => TOKENS,
    [ACCOUNT_PATHS.register]: () => TOKENS,
    [ACCOUNT_PATHS.loginByEmail]: () => TOKENS,
    [ACCOUNT_PATHS.registerByEmail]: () => TOKENS,
    [ACCOUNT_PATHS.changePassword]: () => null,
    [ACCOUNT_PATHS.logout]: () => null,
    [ACCOUNT_PATHS.detail]: () => USER,
    ...overrides,
  };
}
