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
