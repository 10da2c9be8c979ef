import { randomUUID } from 'node:crypto';
import { SMS_CODE_TTL_MS, SMS_MAX_WRONG_TRIES, SMS_RESEND_INTERVAL_MS } from '@kaixiang/shared/accounts';
import { checkCaptcha, checkCode, checkPhone } from '@kaixiang/shared/validation';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountsDeps } from './accounts.deps.ts';
import { accountsRepo as repo } from './accounts.repo.ts';
import { captchaSvg, svgDataUrl } from './captcha-svg.ts';
import { hmac, randomDigits, randomReadable } from './secrets.ts';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const CODE_DAILY_CAP_PER_TARGET = 10;
export const CODE_DAILY_CAP_PER_IP = 30;
const DAY_MS = 24 * 3600 * 1000;

export type Channel = 'sms' | 'email';
export type CodeCheck = null | 'CODE_REQUIRED' | 'CODE_WRONG' | 'CODE_EXPIRED' | 'CODE_TOO_MANY_TRIES';

/**
 * Captchas and one-time codes (spec 1 §5). Codes are stored as an HMAC bound to channel, target
 * and type, so a code for one phone or purpose is worthless for another, and a leaked table
 * does not reveal live codes.
 */
export function createCodesService(deps: AccountsDeps) {
  const { db, clock } = deps;
  const codeHash = (channel: Channel, target: string, type: number, code: string) =>
    hmac(deps.hashSecret, `code:${channel}:${target}:${type}:${code}`);

  async function issueCaptcha() {
    const id = randomUUID();
    const answer = randomReadable(4);
    const now = clock.now();
    await repo.insertCaptcha(db, {
      id,
      answer,
      createdAt: new Date(now),
      expiresAt: new Date(now + CAPTCHA_TTL_MS),
    });
    return { pic_path: svgDataUrl(captchaSvg(answer)), captcha_id: id };
  }

  /** Right or wrong, the captcha is used up: one picture, one guess. */
  async function useCaptcha(id: string, answer: string): Promise<boolean> {
    if (!id || id.length > 64) return false;
    const now = clock.now();
    const row = await repo.consumeCaptcha(db, id, new Date(now));
    if (!row || row.expiresAt.getTime() <= now) return false;
    return row.answer === answer.trim().toUpperCase();
  }

  /**
   * Records a new code after the frequency and daily limits, under a per-target lock so two
   * requests at once cannot both pass the 60 s check. `deliver` false keeps the row (the limits
   * must behave the same whether the account exists) but sends nothing.
   */
  async function issueCode(channel: Channel, target: string, type: number, ip: string, deliver: boolean) {
    const code = randomDigits(6);
    const now = clock.now();
    await deps.transaction(async (tx) => {
      await repo.lockTarget(tx, `code:${channel}:${target}`);
      const last = await repo.lastCodeAt(tx, channel, target);
      if (last && now - last.getTime() < SMS_RESEND_INTERVAL_MS) throw new AppError('CODE_TOO_FREQUENT');
      const since = new Date(now - DAY_MS);
      if ((await repo.countCodesForTarget(tx, channel, target, since)) >= CODE_DAILY_CAP_PER_TARGET)
        throw new AppError('CODE_DAILY_LIMIT');
      if ((await repo.countCodesForIp(tx, ip, since)) >= CODE_DAILY_CAP_PER_IP) throw new AppError('CODE_DAILY_LIMIT');
      await repo.insertCode(tx, {
        channel,
        target,
        type,
        codeHash: codeHash(channel, target, type, code),
        expiresAt: new Date(now + SMS_CODE_TTL_MS),
        delivered: deliver,
        createdAt: new Date(now),
        ip,
      });
    });
    if (!deliver) return;
    try {
      if (channel === 'sms') await deps.sms.sendCode(target, code);
      else
        await deps.mail.send(
          target,
          '开箱验证码 / Kaixiang verification code',
          `验证码：${code}（5分钟内有效）\nCode: ${code} (valid for 5 minutes)`,
        );
    } catch (cause) {
      // The provider failed: the player sees "service unavailable", the log gets the cause.
      const error = new AppError('UNAVAILABLE');
      error.cause = cause;
      throw error;
    }
  }

  return {
    issueCaptcha,
    useCaptcha,
    issueCode,

    /** sms/v1/code: the field checks in the spec's order, then the captcha, then the account rules. */
    async sendSmsCode(req: { mobile: string; code_type: 1 | 3 | 4; captcha: string; captcha_id: string }, ip: string) {
      const bad = checkPhone(req.mobile) ?? checkCaptcha(req.captcha);
      if (bad) throw new AppError(bad);
      if (!(await useCaptcha(req.captcha_id, req.captcha))) throw new AppError('CAPTCHA_WRONG');
      const user = await repo.userByMobile(db, req.mobile);
      if (req.code_type === 1 && user) throw new AppError('ACCOUNT_EXISTS');
      // Types 3 and 4 on an unknown (or closed) account answer the same success and send
      // nothing: the reply must not tell whether a phone has an account.
      const deliver = req.code_type === 1 || (user !== undefined && user.destroyedAt === null);
      await issueCode('sms', req.mobile, req.code_type, ip, deliver);
    },

    /**
     * Checks a code inside the caller's transaction and consumes it when right. A wrong guess is
     * counted; the caller must commit even on failure (return the error, throw after commit), or
     * the count would roll back and guessing would be free.
     */
    async checkCode(
      tx: Db,
      channel: Channel,
      target: string,
      type: number,
      given: string,
      opts: { consume?: boolean } = {},
    ): Promise<CodeCheck> {
      const format = checkCode(given);
      if (format === 'CODE_REQUIRED') return format;
      const row = await repo.latestCodeForUpdate(tx, channel, target, type);
      if (!row) return 'CODE_WRONG';
      const now = clock.now();
      if (row.consumedAt) return 'CODE_EXPIRED';
      if (row.attempts >= SMS_MAX_WRONG_TRIES) return 'CODE_TOO_MANY_TRIES';
      if (row.expiresAt.getTime() <= now) return 'CODE_EXPIRED';
      if (format || !row.delivered || row.codeHash !== codeHash(channel, target, type, given)) {
        await repo.updateCode(tx, row.id, { attempts: row.attempts + 1 });
        return 'CODE_WRONG';
      }
      if (opts.consume !== false) await repo.updateCode(tx, row.id, { consumedAt: new Date(now) });
      return null;
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
