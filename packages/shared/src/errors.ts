import type { Locale } from './locale.ts';

/**
 * Stable error codes. `code` is the number that goes into the envelope's `code` field
 * (spec 1 §7: 200 success, 401 signs the client out, anything else shows `msg`); `http` is the
 * HTTP status. The string key travels too, as `error`, so clients and tests never match on text.
 * Numbers are never reused for another meaning.
 */
export const ERRORS = {
  BAD_REQUEST: { code: 400, http: 400 },
  VALIDATION_FAILED: { code: 4000, http: 400 },
  SIGNATURE_MISSING: { code: 4011, http: 400 },
  SIGNATURE_STALE: { code: 4012, http: 400 },
  SIGNATURE_REPLAYED: { code: 4013, http: 400 },
  SIGNATURE_INVALID: { code: 4014, http: 400 },
  UNAUTHENTICATED: { code: 401, http: 401 },
  FORBIDDEN: { code: 403, http: 403 },
  NOT_FOUND: { code: 404, http: 404 },
  CONFLICT: { code: 409, http: 409 },
  PAYLOAD_TOO_LARGE: { code: 413, http: 413 },
  RATE_LIMITED: { code: 429, http: 429 },
  // Accounts (spec 1 §5, spec 2 §5). Field rules answer HTTP 400 with their own code.
  PHONE_REQUIRED: { code: 4101, http: 400 },
  PHONE_INVALID: { code: 4102, http: 400 },
  CAPTCHA_REQUIRED: { code: 4103, http: 400 },
  REGISTER_PHONE_REQUIRED: { code: 4128, http: 400 },
  CAPTCHA_WRONG: { code: 4104, http: 400 },
  NICKNAME_REQUIRED: { code: 4105, http: 400 },
  NICKNAME_TOO_LONG: { code: 4106, http: 400 },
  CODE_REQUIRED: { code: 4107, http: 400 },
  CODE_WRONG: { code: 4108, http: 400 },
  CODE_EXPIRED: { code: 4109, http: 400 },
  CODE_TOO_MANY_TRIES: { code: 4110, http: 400 },
  CODE_TOO_FREQUENT: { code: 4111, http: 429 },
  CODE_DAILY_LIMIT: { code: 4112, http: 429 },
  PASSWORD_REQUIRED: { code: 4113, http: 400 },
  PASSWORD_LENGTH: { code: 4114, http: 400 },
  PASSWORD_MISMATCH: { code: 4115, http: 400 },
  ADULT_REQUIRED: { code: 4116, http: 400 },
  AGREEMENT_REQUIRED: { code: 4117, http: 400 },
  LOGIN_AGREEMENT_REQUIRED: { code: 4118, http: 400 },
  EMAIL_INVALID: { code: 4119, http: 400 },
  LOGIN_FAILED: { code: 4120, http: 400 },
  LOGIN_LOCKED: { code: 4121, http: 429 },
  ACCOUNT_EXISTS: { code: 4122, http: 409 },
  ACCOUNT_BANNED: { code: 4123, http: 403 },
  TRADE_LINK_REQUIRED: { code: 4124, http: 400 },
  TRADE_LINK_INVALID: { code: 4125, http: 400 },
  INVITE_CODE_INVALID: { code: 4126, http: 400 },
  INVITE_ALREADY_BOUND: { code: 4127, http: 409 },
  IDENTITY_REQUIRED: { code: 4130, http: 400 },
  ID_INVALID: { code: 4131, http: 400 },
  ID_BIRTH_INVALID: { code: 4132, http: 400 },
  ID_CHECKSUM_INVALID: { code: 4133, http: 400 },
  ID_UNDER_18: { code: 4134, http: 400 },
  ID_TOO_MANY_ACCOUNTS: { code: 4135, http: 409 },
  IDENTITY_ALREADY_VERIFIED: { code: 4136, http: 409 },
  STEAM_LOGIN_FAILED: { code: 4140, http: 400 },
  STEAM_ALREADY_BOUND: { code: 4141, http: 409 },
  INSUFFICIENT_BALANCE: { code: 4201, http: 400 },
  BOX_NOT_FOUND: { code: 4202, http: 404 },
  OPEN_COUNT_INVALID: { code: 4203, http: 400 },
  REQUEST_ID_REUSED: { code: 4204, http: 409 },
  CLIENT_SEED_INVALID: { code: 4205, http: 400 },
  ITEM_NOT_FOUND: { code: 4210, http: 404 },
  ITEM_NOT_AVAILABLE: { code: 4211, http: 409 },
  NO_ITEMS_TO_SELL: { code: 4212, http: 400 },
  RETRIEVE_COOLDOWN: { code: 4213, http: 429 },
  RETRIEVE_BLOCKED_UNPAID: { code: 4214, http: 403 },
  TOO_MANY_ITEMS: { code: 4215, http: 400 },
  EXCHANGE_AMOUNT_INVALID: { code: 4220, http: 400 },
  QUOTA_INSUFFICIENT: { code: 4221, http: 400 },
  MALL_ITEM_NOT_FOUND: { code: 4222, http: 404 },
  MALL_SOLD_OUT: { code: 4223, http: 409 },
  INTERNAL: { code: 500, http: 500 },
  UNAVAILABLE: { code: 503, http: 503 },
} as const satisfies Record<string, { code: number; http: number }>;

export type ErrorKey = keyof typeof ERRORS;

/** The spec's Chinese texts are the zh-CN messages word for word where it gives one. */
export const ERROR_MESSAGES: Record<ErrorKey, Record<Locale, string>> = {
  BAD_REQUEST: { 'zh-CN': '请求有误', 'zh-TW': '請求有誤', 'en-US': 'Bad request' },
  VALIDATION_FAILED: {
    'zh-CN': '参数不正确',
    'zh-TW': '參數不正確',
    'en-US': 'Some fields are not valid',
  },
  SIGNATURE_MISSING: {
    'zh-CN': '请求缺少签名，请刷新页面后重试',
    'zh-TW': '請求缺少簽章，請重新整理頁面後再試',
    'en-US': 'The request is not signed; please reload the page and try again',
  },
  SIGNATURE_STALE: {
    'zh-CN': '请求已过期，请检查设备时间后重试',
    'zh-TW': '請求已過期，請檢查裝置時間後再試',
    'en-US': 'The request has expired; please check your device clock and try again',
  },
  SIGNATURE_REPLAYED: {
    'zh-CN': '重复的请求已被拒绝',
    'zh-TW': '重複的請求已被拒絕',
    'en-US': 'This request was already received',
  },
  SIGNATURE_INVALID: {
    'zh-CN': '请求签名无效',
    'zh-TW': '請求簽章無效',
    'en-US': 'The request signature is not valid',
  },
  UNAUTHENTICATED: { 'zh-CN': '请先登录', 'zh-TW': '請先登入', 'en-US': 'Please log in first' },
  FORBIDDEN: { 'zh-CN': '没有权限', 'zh-TW': '沒有權限', 'en-US': 'You are not allowed to do that' },
  NOT_FOUND: { 'zh-CN': '接口不见了', 'zh-TW': '介面不見了', 'en-US': 'The interface is gone' },
  CONFLICT: {
    'zh-CN': '状态已变化，请刷新后重试',
    'zh-TW': '狀態已變更，請重新整理後再試',
    'en-US': 'Something changed meanwhile; please refresh and try again',
  },
  PAYLOAD_TOO_LARGE: { 'zh-CN': '请求内容过大', 'zh-TW': '請求內容過大', 'en-US': 'The request is too large' },
  RATE_LIMITED: {
    'zh-CN': '操作频繁，请稍微再试',
    'zh-TW': '操作頻繁，請稍後再試',
    'en-US': 'Too many requests, please try again shortly',
  },
  PHONE_REQUIRED: { 'zh-CN': '请填写手机号', 'zh-TW': '請填寫手機號碼', 'en-US': 'Please enter your phone number' },
  PHONE_INVALID: {
    'zh-CN': '请输入正确的手机号',
    'zh-TW': '請輸入正確的手機號碼',
    'en-US': 'Please enter a valid phone number',
  },
  REGISTER_PHONE_REQUIRED: {
    'zh-CN': '请输入手机号码',
    'zh-TW': '請輸入手機號碼',
    'en-US': 'Please enter your phone number',
  },
  CAPTCHA_REQUIRED: {
    'zh-CN': '请输入图片验证码',
    'zh-TW': '請輸入圖片驗證碼',
    'en-US': 'Please enter the picture code',
  },
  CAPTCHA_WRONG: {
    'zh-CN': '图片验证码错误或已失效',
    'zh-TW': '圖片驗證碼錯誤或已失效',
    'en-US': 'The picture code is wrong or has expired',
  },
  NICKNAME_REQUIRED: { 'zh-CN': '请输入昵称', 'zh-TW': '請輸入暱稱', 'en-US': 'Please enter a nickname' },
  NICKNAME_TOO_LONG: { 'zh-CN': '昵称过长', 'zh-TW': '暱稱過長', 'en-US': 'The nickname is too long' },
  CODE_REQUIRED: { 'zh-CN': '请输入验证码', 'zh-TW': '請輸入驗證碼', 'en-US': 'Please enter the verification code' },
  CODE_WRONG: { 'zh-CN': '验证码错误', 'zh-TW': '驗證碼錯誤', 'en-US': 'Wrong verification code' },
  CODE_EXPIRED: {
    'zh-CN': '验证码已过期，请重新获取',
    'zh-TW': '驗證碼已過期，請重新取得',
    'en-US': 'The verification code has expired; please request a new one',
  },
  CODE_TOO_MANY_TRIES: {
    'zh-CN': '验证码错误次数过多，请重新获取',
    'zh-TW': '驗證碼錯誤次數過多，請重新取得',
    'en-US': 'Too many wrong codes; please request a new one',
  },
  CODE_TOO_FREQUENT: {
    'zh-CN': '发送过于频繁，请60秒后再试',
    'zh-TW': '發送過於頻繁，請60秒後再試',
    'en-US': 'Codes are sent at most once a minute; please wait',
  },
  CODE_DAILY_LIMIT: {
    'zh-CN': '今日发送次数已达上限',
    'zh-TW': '今日發送次數已達上限',
    'en-US': 'The daily limit of codes has been reached',
  },
  PASSWORD_REQUIRED: { 'zh-CN': '请输入登陆密码', 'zh-TW': '請輸入登入密碼', 'en-US': 'Please enter your password' },
  PASSWORD_LENGTH: {
    'zh-CN': '密码长度为6-12位',
    'zh-TW': '密碼長度為6-12位',
    'en-US': 'The password must be 6 to 12 characters',
  },
  PASSWORD_MISMATCH: {
    'zh-CN': '两次输入的密码不一致',
    'zh-TW': '兩次輸入的密碼不一致',
    'en-US': 'The two passwords are inconsistent!',
  },
  ADULT_REQUIRED: {
    'zh-CN': '请确认本人已满18周岁',
    'zh-TW': '請確認本人已滿18歲',
    'en-US': 'Please confirm that you are 18 or older',
  },
  AGREEMENT_REQUIRED: {
    'zh-CN': '请阅读并接受用户协议和隐私条款',
    'zh-TW': '請閱讀並接受用戶協議和隱私條款',
    'en-US': 'Please read and accept the user agreement and privacy terms',
  },
  LOGIN_AGREEMENT_REQUIRED: {
    'zh-CN': '请确认已满18周岁,并同意《用户协议》和《隐私条款》',
    'zh-TW': '請確認已滿18歲,並同意《用戶協議》和《隱私條款》',
    'en-US': 'Please confirm you are 18 or older and accept the User Agreement and Privacy Terms',
  },
  EMAIL_INVALID: {
    'zh-CN': '请输入正确的邮箱地址',
    'zh-TW': '請輸入正確的電子郵件地址',
    'en-US': 'Please enter the correct email address!',
  },
  LOGIN_FAILED: {
    'zh-CN': '账号或密码错误',
    'zh-TW': '帳號或密碼錯誤',
    'en-US': 'Wrong account or password',
  },
  LOGIN_LOCKED: {
    'zh-CN': '登录尝试过多，请稍后再试',
    'zh-TW': '登入嘗試過多，請稍後再試',
    'en-US': 'Too many login attempts; please try again later',
  },
  ACCOUNT_EXISTS: {
    'zh-CN': '该账号已注册，请直接登录',
    'zh-TW': '該帳號已註冊，請直接登入',
    'en-US': 'This account is already registered; please log in',
  },
  ACCOUNT_BANNED: {
    'zh-CN': '账号已被封禁，请联系客服',
    'zh-TW': '帳號已被停權，請聯絡客服',
    'en-US': 'This account is banned; please contact support',
  },
  TRADE_LINK_REQUIRED: {
    'zh-CN': '您没有填写交易链接',
    'zh-TW': '您沒有填寫交易連結',
    'en-US': 'You did not fill in the transaction link',
  },
  TRADE_LINK_INVALID: {
    'zh-CN': '交易链接格式不正确',
    'zh-TW': '交易連結格式不正確',
    'en-US': 'The trade link is not in the right format',
  },
  INVITE_CODE_INVALID: { 'zh-CN': '邀请码无效', 'zh-TW': '邀請碼無效', 'en-US': 'Invalid invite code' },
  INVITE_ALREADY_BOUND: {
    'zh-CN': '已绑定过邀请码',
    'zh-TW': '已綁定過邀請碼',
    'en-US': 'An invite code is already bound',
  },
  IDENTITY_REQUIRED: {
    'zh-CN': '请输入真实姓名和身份证号码',
    'zh-TW': '請輸入真實姓名和身分證號碼',
    'en-US': 'Please enter your real name and ID number',
  },
  ID_INVALID: { 'zh-CN': '身份证号码不合规', 'zh-TW': '身分證號碼不合規', 'en-US': 'The ID number is not valid' },
  ID_BIRTH_INVALID: { 'zh-CN': '出生日期不合规', 'zh-TW': '出生日期不合規', 'en-US': 'The birth date is not valid' },
  ID_CHECKSUM_INVALID: {
    'zh-CN': '身份证校验码不合规',
    'zh-TW': '身分證校驗碼不合規',
    'en-US': 'The ID number check digit is wrong',
  },
  ID_UNDER_18: {
    'zh-CN': '身份证年龄未满18岁',
    'zh-TW': '身分證年齡未滿18歲',
    'en-US': 'The ID holder is under 18',
  },
  ID_TOO_MANY_ACCOUNTS: {
    'zh-CN': '该身份证已绑定5个账号，无法继续绑定',
    'zh-TW': '該身分證已綁定5個帳號，無法繼續綁定',
    'en-US': 'This ID already verifies 5 accounts',
  },
  IDENTITY_ALREADY_VERIFIED: {
    'zh-CN': '已完成实名认证',
    'zh-TW': '已完成實名認證',
    'en-US': 'Identity already verified',
  },
  STEAM_LOGIN_FAILED: {
    'zh-CN': 'Steam 登录失败，请重试',
    'zh-TW': 'Steam 登入失敗，請重試',
    'en-US': 'Steam sign-in failed; please try again',
  },
  STEAM_ALREADY_BOUND: {
    'zh-CN': '该 Steam 账号已绑定其他账号',
    'zh-TW': '該 Steam 帳號已綁定其他帳號',
    'en-US': 'This Steam account is bound to another account',
  },
  INSUFFICIENT_BALANCE: {
    'zh-CN': '余额不足，请先充值',
    'zh-TW': '餘額不足，請先儲值',
    'en-US': 'Your balance is insufficient, please recharge first',
  },
  BOX_NOT_FOUND: { 'zh-CN': '箱子不存在或已下架', 'zh-TW': '箱子不存在或已下架', 'en-US': 'This box does not exist' },
  OPEN_COUNT_INVALID: {
    'zh-CN': '一次只能开1、5或10个箱子',
    'zh-TW': '一次只能開1、5或10個箱子',
    'en-US': 'You can open 1, 5 or 10 boxes at a time',
  },
  REQUEST_ID_REUSED: {
    'zh-CN': '请求编号已被其他操作使用',
    'zh-TW': '請求編號已被其他操作使用',
    'en-US': 'This request id was already used for another action',
  },
  CLIENT_SEED_INVALID: {
    'zh-CN': '客户端种子须为1至64位字母、数字、下划线或短横线',
    'zh-TW': '客戶端種子須為1至64位字母、數字、底線或短橫線',
    'en-US': 'The client seed must be 1 to 64 letters, digits, underscores or hyphens',
  },
  ITEM_NOT_FOUND: { 'zh-CN': '饰品不存在', 'zh-TW': '飾品不存在', 'en-US': 'Item not found' },
  ITEM_NOT_AVAILABLE: {
    'zh-CN': '该饰品当前状态不可操作',
    'zh-TW': '該飾品目前狀態無法操作',
    'en-US': 'This item cannot be used in its current state',
  },
  NO_ITEMS_TO_SELL: {
    'zh-CN': '您没有可出售的奖品',
    'zh-TW': '您沒有可出售的獎品',
    'en-US': 'You have no prizes for sale',
  },
  RETRIEVE_COOLDOWN: {
    'zh-CN': '报价被拒绝后需等待5分钟才能再次取回',
    'zh-TW': '報價被拒絕後需等待5分鐘才能再次取回',
    'en-US': 'After a declined offer you can retrieve again in 5 minutes',
  },
  RETRIEVE_BLOCKED_UNPAID: {
    'zh-CN': '您有未支付的充值订单，暂不能取回饰品',
    'zh-TW': '您有未支付的儲值訂單，暫不能取回飾品',
    'en-US': 'You have an unpaid recharge, so items cannot be retrieved yet',
  },
  TOO_MANY_ITEMS: {
    'zh-CN': '一次最多操作100件饰品',
    'zh-TW': '一次最多操作100件飾品',
    'en-US': 'At most 100 items at a time',
  },
  EXCHANGE_AMOUNT_INVALID: { 'zh-CN': '兑换金额不正确', 'zh-TW': '兌換金額不正確', 'en-US': 'Invalid exchange amount' },
  QUOTA_INSUFFICIENT: { 'zh-CN': '商城额度不足', 'zh-TW': '商城額度不足', 'en-US': 'Not enough mall quota' },
  MALL_ITEM_NOT_FOUND: { 'zh-CN': '商品不存在', 'zh-TW': '商品不存在', 'en-US': 'This product does not exist' },
  MALL_SOLD_OUT: { 'zh-CN': '商品已售罄', 'zh-TW': '商品已售罄', 'en-US': 'This product is sold out' },
  INTERNAL: {
    'zh-CN': '服务器繁忙，请稍后再试',
    'zh-TW': '伺服器忙碌中，請稍後再試',
    'en-US': 'Server busy, please try later',
  },
  UNAVAILABLE: {
    'zh-CN': '服务暂不可用，请稍后再试',
    'zh-TW': '服務暫時無法使用，請稍後再試',
    'en-US': 'Service unavailable, please try later',
  },
};

export function errorMessage(key: ErrorKey, locale: Locale): string {
  return ERROR_MESSAGES[key][locale];
}
