import type { ErrorKey } from './errors.ts';
import { sha256Hex } from './signature.ts';

/**
 * Field rules of spec 1 §5 and spec 2 §5, shared by the web client (quick feedback) and the
 * server (the authority). Each returns the error key of the first rule broken, or null.
 */

/** Mainland mobile: 11 digits, first 1 (spec 1 §5). */
const PHONE_RE = /^1\d{10}$/;
export function checkPhone(mobile: string): 'PHONE_REQUIRED' | 'PHONE_INVALID' | null {
  if (!mobile) return 'PHONE_REQUIRED';
  return PHONE_RE.test(mobile) ? null : 'PHONE_INVALID';
}

export function checkCaptcha(captcha: string): 'CAPTCHA_REQUIRED' | null {
  return captcha.trim() ? null : 'CAPTCHA_REQUIRED';
}

export function checkCode(code: string): 'CODE_REQUIRED' | 'CODE_WRONG' | null {
  if (!code) return 'CODE_REQUIRED';
  return /^\d{6}$/.test(code) ? null : 'CODE_WRONG';
}

/** Special characters and whitespace are stripped as typed (spec 1 §5). */
export function sanitizeNickName(input: string): string {
  return input.replace(/[^\p{L}\p{N}_\-·]/gu, '');
}

/** Width-counted length: CJK and other wide characters count 2, the rest 1. */
export function nickNameWidth(name: string): number {
  let width = 0;
  for (const ch of name)
    width +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(
        ch,
      )
        ? 2
        : 1;
  return width;
}
export const NICKNAME_MAX_WIDTH = 24;

export function checkNickName(name: string): 'NICKNAME_REQUIRED' | 'NICKNAME_TOO_LONG' | null {
  const clean = sanitizeNickName(name);
  if (!clean) return 'NICKNAME_REQUIRED';
  return nickNameWidth(clean) > NICKNAME_MAX_WIDTH ? 'NICKNAME_TOO_LONG' : null;
}

/** On the plain text, before hashing: 6–12 characters (spec 1 §5, §9). */
export function checkPassword(plain: string): 'PASSWORD_REQUIRED' | 'PASSWORD_LENGTH' | null {
  if (!plain) return 'PASSWORD_REQUIRED';
  return plain.length >= 6 && plain.length <= 12 ? null : 'PASSWORD_LENGTH';
}

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;
export function checkEmail(email: string): 'EMAIL_INVALID' | null {
  return email.length <= 254 && EMAIL_RE.test(email) ? null : 'EMAIL_INVALID';
}

/** https://steamcommunity.com/tradeoffer/new/?partner=<digits>&token=<8 chars> */
const TRADE_LINK_RE = /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=(\d{1,10})&token=([A-Za-z0-9_-]{8})$/;
export function checkTradeLink(link: string): 'TRADE_LINK_REQUIRED' | 'TRADE_LINK_INVALID' | null {
  if (!link.trim()) return 'TRADE_LINK_REQUIRED';
  return TRADE_LINK_RE.test(link.trim()) ? null : 'TRADE_LINK_INVALID';
}

/** Registration checks in the spec's order: nickname, phone, code, password, then agreements. */
export function checkRegistration(f: {
  nick_name: string;
  mobile: string;
  verify_code: string;
  password: string;
  adult: boolean;
  agreed: boolean;
}): ErrorKey | null {
  if (!sanitizeNickName(f.nick_name)) return 'NICKNAME_REQUIRED';
  // The register form says '请输入手机号码'; the send-code button says '请填写手机号' (spec 1 §5).
  if (!f.mobile) return 'REGISTER_PHONE_REQUIRED';
  const phone = checkPhone(f.mobile);
  if (phone) return phone;
  if (!f.verify_code) return 'CODE_REQUIRED';
  if (!f.password) return 'PASSWORD_REQUIRED';
  const pw = checkPassword(f.password);
  if (pw) return pw;
  const nick = checkNickName(f.nick_name);
  if (nick) return nick;
  if (!f.adult) return 'ADULT_REQUIRED';
  if (!f.agreed) return 'AGREEMENT_REQUIRED';
  return null;
}

/**
 * What the client sends instead of the password (docs/site-and-accounts.md §Passwords): SHA-256 of a
 * site-specific prefix and the password, so the plain text never leaves the device and a leaked
 * request is useless on other sites. The server stores argon2id of this value.
 */
export function hashPasswordForTransport(plain: string): Promise<string> {
  return sha256Hex(`kaixiang:${plain}`);
}
