import { z } from 'zod';
import { recordId } from './record-id.ts';
import { playerVipLevel } from './vip.ts';

/**
 * Contract of accounts and the user centre (spec 1 §3, §5, §7; spec 2 §5). Paths are relative to
 * /api. Requests are validated by the server with these schemas; the per-field rules with their
 * exact messages live in validation.ts and id-card.ts and run on both sides.
 */
export { ACCOUNT_PATHS } from './accounts-paths.ts';

/** code_type of an SMS code (spec 1 §5): 1 register, 3 forgot or change password; 4 destroy account. */
export const SMS_CODE_TYPES = { register: 1, password: 3, destroy: 4 } as const;
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_MAX_WRONG_TRIES = 5;

export const captchaResponse = z.object({ pic_path: z.string(), captcha_id: z.string() });

export const smsCodeRequest = z.object({
  mobile: z.string(),
  code_type: z.union([z.literal(1), z.literal(3), z.literal(4)]),
  captcha: z.string(),
  captcha_id: z.string(),
});

/** e-mail codes: 1 register, 2 login-less password reset, 5 change e-mail (old address), 6 (new). */
export const emailCodeRequest = z.object({
  email: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(5), z.literal(6)]),
  captcha: z.string(),
  captcha_id: z.string(),
});

/**
 * Passwords travel hashed by the client: lowercase hex SHA-256 of "kaixiang:" + the password
 * (docs/site-and-accounts.md §Passwords). The server never sees the plain text; it stores argon2id of
 * this value. Length rules (6–12) are checked on the plain text by the client only.
 */
export const clientPasswordHash = z.string().regex(/^[0-9a-f]{64}$/);

export const registerRequest = z.object({
  mobile: z.string(),
  password: clientPasswordHash,
  verify_code: z.string(),
  nick_name: z.string(),
  invite_code: z.string().max(15).optional().default(''),
  captcha: z.string().optional().default(''),
  captcha_id: z.string().optional().default(''),
  trace_param: z.string().max(500).optional().default(''),
});

export const loginRequest = z.object({ mobile: z.string(), password: clientPasswordHash });

export const emailRegisterRequest = z.object({
  email: z.string(),
  password: clientPasswordHash,
  verify_code: z.string(),
  nick_name: z.string(),
  invite_code: z.string().max(15).optional().default(''),
});
export const emailLoginRequest = z.object({ email: z.string(), password: clientPasswordHash });
export const changeEmailRequest = z.object({
  /** 1: prove the old address (old_code); 2: set the new one (email, new_code, old_code again). */
  step: z.union([z.literal(1), z.literal(2)]),
  old_code: z.string(),
  email: z.string().optional(),
  new_code: z.string().optional(),
});

/**
 * Login response (spec 1 §3): the access token, when it expires and when the client should
 * refresh (both epoch seconds), plus the rotating refresh token, which the client keeps in the
 * `Refresh` cookie and sends only to refresh-token.
 */
export const loginResponse = z.object({
  access_token: z.string(),
  access_expire: z.number().int(),
  refresh_after: z.number().int(),
  refresh_token: z.string(),
  user_id: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponse>;
export const refreshRequest = z.object({ refresh_token: z.string() });

export const changePasswordRequest = z.object({
  phone: z.string(),
  verify_code: z.string(),
  password: clientPasswordHash,
  re_password: clientPasswordHash,
});

/** site/steam: where to send the browser; return address and realm are the site origin. */
export const steamRedirectRequest = z.object({ return_to: z.string().url(), realm: z.string().url() });
export const steamRedirectResponse = z.object({ url: z.string() });
/**
 * login-by-steam (spec 1 §4): the client posts what arrived as `steamId` in its URL. That value
 * is a one-time ticket our OpenID callback issued after verifying the provider's assertion, never
 * a raw Steam id: a raw id would let anyone log in as anyone. Success is code 0 (spec 1 §7).
 */
export const steamLoginRequest = z.object({
  steam_id: z.string(),
  nickname: z.string().optional().default(''),
  avatar: z.string().optional().default(''),
  login_type: z.number().int().optional().default(0),
});
export const steamLoginResponse = loginResponse.extend({ api_token: z.string(), user: z.unknown() });

/**
 * User info (spec 1 §3). Money and quota in units of 1/10000 yuan; times (created_at) in epoch
 * milliseconds, like every other time in the API except the login response's two token times.
 */
export const userDetail = z.object({
  user_id: z.number().int(),
  nick_name: z.string(),
  avatar: z.string(),
  money: z.number().int(),
  mall_quota: z.number().int(),
  score_point: z.number().int(),
  created_at: z.number().int(),
  invite_user_id: z.number().int().nullable(),
  super_invite_code: z.string(),
  real_name: z.string(),
  vip_level: z.number().int(),
  account_type: z.number().int(),
  recharge_num: z.number().int(),
  is_recharged: z.boolean(),
  is_crypto: z.boolean(),
  mobile: z.string(),
  email: z.string(),
  steam_id: z.string(),
  steam_link: z.string(),
  receipt_sms: z.boolean(),
  identity_verified: z.boolean(),
  /** Staff roles (admin, support, finance) open the console (admin.ts). */
  role: z.enum(['player', 'anchor', 'admin', 'support', 'finance']),
});
export type UserDetail = z.infer<typeof userDetail>;

export const stdMoneyResponse = z.object({ std_money: z.number().int(), mall_quota: z.number().int() });

export const avatarListResponse = z.object({
  list: z.array(z.object({ id: z.number().int(), url: z.string() })),
});
export const changeAvatarRequest = z.object({ avatar_id: recordId });
export const changeNickNameRequest = z.object({ nick_name: z.string() });
export const smsSwitchRequest = z.object({ switch: z.union([z.literal(0), z.literal(1)]) });
export const steamLinkRequest = z.object({ steam_link: z.string().max(300) });
export const steamLinkResponse = z.object({ reward_price: z.number().int() });
export const destroyRequest = z.object({ verify_code: z.string() });
export const bindInviteRequest = z.object({ invite_code: z.string().max(15) });
export const promoteUsersResponse = z.object({
  list: z.array(
    z.object({
      user_id: z.number().int(),
      nick_name: z.string(),
      /** The invitee's current VIP level (0..10), for the badge beside the name. */
      vip_level: playerVipLevel,
      avatar: z.string(),
      created_at: z.number().int(),
    }),
  ),
  total: z.number().int(),
});

/** type: 1 mainland, 2 Hong Kong, 3 Macau, 4 Taiwan (spec 2 §3 Identity). */
export const identityRequest = z.object({
  realname: z.string().max(40),
  identification: z.string().max(30),
  type: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
    .optional()
    .default(1),
});
export const MAX_ACCOUNTS_PER_ID = 5;
