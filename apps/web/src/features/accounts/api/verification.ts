import { ACCOUNT_PATHS, captchaResponse } from '@kaixiang/shared/accounts';
import { apiPost } from '../../../lib/api.ts';

/** Image captcha: single use on the server, so every failure asks for a new one. */
export function fetchCaptcha() {
  return apiPost(ACCOUNT_PATHS.captcha, {}, { schema: captchaResponse, silent: true });
}

/** code_type: 1 register, 3 forgot or change password, 4 destroy account (shared SMS_CODE_TYPES). */
export function sendSmsCode(body: { mobile: string; code_type: 1 | 3 | 4; captcha: string; captcha_id: string }) {
  // A refusal shows nothing: the captcha refreshes and the countdown resets instead (spec 1 §8).
  return apiPost(ACCOUNT_PATHS.smsCode, body, { silent: true });
}

/** type: 1 register, 2 password reset, 5 / 6 e-mail change (old / new address). */
export function sendEmailCode(body: { email: string; type: 1 | 2 | 5 | 6; captcha: string; captcha_id: string }) {
  return apiPost(ACCOUNT_PATHS.emailCode, body, { silent: true });
}
