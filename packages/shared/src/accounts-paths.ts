/**
 * Where the accounts API lives (paths relative to /api). Apart from the schemas in accounts.ts: the
 * web's first load imports the paths without zod.
 */
export const ACCOUNT_PATHS = {
  captcha: '/sms/v1/captcha',
  smsCode: '/sms/v1/code',
  emailCode: '/site/email',
  register: '/usercenter/v1/user/register',
  login: '/usercenter/v1/user/login',
  registerByEmail: '/usercenter/v1/user/register-by-email',
  loginByEmail: '/usercenter/v1/user/login-by-email',
  changeEmail: '/usercenter/v1/user/change-email',
  refresh: '/usercenter/v1/user/refresh-token',
  logout: '/usercenter/v1/user/logout',
  changePassword: '/usercenter/v1/user/change-user-password',
  steamRedirect: '/site/steam',
  steamCallback: '/usercenter/v1/user/steam-openid-callback',
  loginBySteam: '/usercenter/v1/user/login-by-steam',
  detail: '/usercenter/v1/user/detail',
  stdMoney: '/usercenter/v1/user/get-std-money',
  avatarList: '/usercenter/v1/user/get_user_avatar_list',
  changeAvatar: '/usercenter/v1/user/change-user-avatar',
  changeNickName: '/usercenter/v1/user/change-nick-name',
  smsSwitch: '/usercenter/v1/user/set-receipt-sms-switch',
  steamLink: '/usercenter/v1/user/set-steam-link',
  destroy: '/usercenter/v1/user/destroy-user',
  bindInvite: '/usercenter/v1/user/bind-invite-code',
  promoteUsers: '/usercenter/v1/user/get-promote-users',
  identity: '/usercenter/v1/user/icard-certification',
} as const;
