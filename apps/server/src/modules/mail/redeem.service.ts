import { randomInt } from 'node:crypto';
import type { Locale } from '@kaixiang/shared/locale';
import { REDEEM_CODE_MAX_LENGTH, REDEEM_SUCCESS_MESSAGE } from '@kaixiang/shared/mail';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { CounterStore } from '../../infra/counters.ts';
import { assertMayClaim } from '../protection/protection.service.ts';
import { mailRepo } from './mail.repo.ts';
import { checkBagCampaigns, type MailService, type SendMailInput } from './mail.service.ts';

export interface RedeemDeps {
  db: Db;
  clock: Clock;
  mail: MailService;
  counters: CounterStore;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}

/**
 * Wrong codes a player may type in a window (docs/security.md "Redeem codes"). Generated codes are
 * unguessable, but an operator's hand-typed one (WELCOME2026) is not: without a limit any
 * signed-in player could try the dictionary. Per player and per address, reserved before the
 * lookup like the login's failures, so parallel guesses cannot pass one check together.
 */
export const REDEEM_WINDOW_MS = 60 * 60 * 1000;
export const REDEEM_MAX_WRONG_PER_USER = 10;
export const REDEEM_MAX_WRONG_PER_IP = 30;

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random code from node:crypto (never Math.random: a guessable code is free money). */
export function generateRedeemCode(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** Players type codes in any case and with stray spaces; one code has one spelling. */
export const normaliseCode = (key: string) => key.trim().toUpperCase();

const REDEEM_MAIL_TITLE = { zhCn: '兑换码奖励', zhTw: '兌換碼獎勵', en: 'Redeem code reward' };
const redeemMailContent = (code: string) => ({
  zhCn: `您使用兑换码 ${code} 获得以下奖励，请领取附件。`,
  zhTw: `您使用兌換碼 ${code} 獲得以下獎勵，請領取附件。`,
  en: `Your reward for the redeem code ${code}. Collect the attachment below.`,
});

/**
 * Redeem codes (spec 1 §2, §5, §7 get-token-receiving-item): a valid code delivers a mail with
 * its attachment; the player collects it in the mailbox.
 */
export function createRedeemService(deps: RedeemDeps) {
  const { db, clock, mail } = deps;

  return {
    async redeem(
      userId: number,
      key: string,
      locale: Locale,
      ip: string,
    ): Promise<{ data: { mail_id: number }; msg: string }> {
      const text = normaliseCode(key);
      if (!text) throw new AppError('REDEEM_CODE_REQUIRED');
      await assertMayClaim(deps.db, userId, deps.clock.now());
      // A wrong code keeps its reservation as the failure; a code that exists (even expired or
      // used up: the player typed it right) gives it back.
      const reservation = await deps.counters.reserve(
        [
          { key: `redeem:user:${userId}`, max: REDEEM_MAX_WRONG_PER_USER },
          { key: `redeem:ip:${ip}`, max: REDEEM_MAX_WRONG_PER_IP },
        ],
        REDEEM_WINDOW_MS,
      );
      if (!reservation) throw new AppError('REDEEM_CODE_LOCKED');
      const code = text.length <= REDEEM_CODE_MAX_LENGTH ? await mailRepo.codeByText(db, text) : undefined;
      if (!code) throw new AppError('REDEEM_CODE_INVALID');
      await reservation.release();
      const nowMs = clock.now();
      if (code.expiresAt && code.expiresAt.getTime() <= nowMs) throw new AppError('REDEEM_CODE_EXPIRED');

      // Once per player (the unique use row), then the guarded count; a refusal after the use row
      // was written throws and rolls it back, so a used-up code leaves no trace.
      const mailId = await deps.transaction(async (tx) => {
        const now = new Date(nowMs);
        const useId = await mailRepo.claimUse(tx, code.id, userId, now);
        if (useId === null) throw new AppError('REDEEM_CODE_ALREADY_USED');
        if (!(await mailRepo.countUse(tx, code.id))) throw new AppError('REDEEM_CODE_USED_UP');
        const sent = await mail.sendInTx(
          tx,
          {
            userId,
            title: REDEEM_MAIL_TITLE,
            content: redeemMailContent(code.code),
            coinsUnits: code.coinsUnits,
            items: code.items,
            coupons: code.coupons,
            bags: code.bags,
            source: 'redeem',
            sourceKey: `redeem:${code.id}:${userId}`,
          },
          now,
        );
        await mailRepo.setUseMail(tx, useId, sent.id);
        return sent.id;
      });
      await mail.notify(userId);
      return { data: { mail_id: mailId }, msg: REDEEM_SUCCESS_MESSAGE[locale] };
    },

    /** Makes a code (dev tools now, the admin console later). */
    async create(input: {
      code?: string | undefined;
      coinsUnits: number;
      items?: SendMailInput['items'];
      coupons?: number[];
      /** Lucky bag campaigns (kind grant) the redeem mail gives, one bag each. */
      bags?: number[];
      usageLimit: number | null;
      expiresAtMs?: number | null | undefined;
    }) {
      const code = normaliseCode(input.code ?? '') || generateRedeemCode();
      if (code.length > REDEEM_CODE_MAX_LENGTH) throw new AppError('VALIDATION_FAILED');
      if (!Number.isSafeInteger(input.coinsUnits) || input.coinsUnits < 0) throw new RangeError('bad coins');
      const items = await mail.resolveItems(db, input.items);
      await checkBagCampaigns(db, input.bags ?? []);
      const made = await mailRepo.insertCode(db, {
        code,
        coinsUnits: input.coinsUnits,
        items,
        coupons: input.coupons ?? [],
        bags: input.bags ?? [],
        usageLimit: input.usageLimit,
        expiresAt: input.expiresAtMs ? new Date(input.expiresAtMs) : null,
        createdAt: new Date(clock.now()),
      });
      if (!made) throw new AppError('CONFLICT');
      return made;
    },
  };
}

export type RedeemService = ReturnType<typeof createRedeemService>;
