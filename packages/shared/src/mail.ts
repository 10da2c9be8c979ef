import { z } from 'zod';
import { mailBag } from './bags.ts';
import type { Locale } from './locale.ts';
import { recordId } from './record-id.ts';

/**
 * Contract of the mailbox and redeem codes (spec 1 §2 redemption dialog and mail page, §4 redeem
 * success, §5 redeem code, §7 mail calls, §8). Paths are relative to /api; amounts in units
 * (1/10000 yuan); times epoch ms. Every call needs a login.
 */
export { MAIL_PATHS, NEW_MAIL_EVENT, type NewMailPush } from './mail-paths.ts';

/**
 * spec 1 §8: on success the web shows this and goes to /personalCenter/mail. The zh-CN text is
 * the spec's, word for word. The server also puts it in the envelope's msg.
 */
export const REDEEM_SUCCESS_MESSAGE: Record<Locale, string> = {
  'zh-CN': '兑换成功，请前往邮箱领取奖励',
  'zh-TW': '兌換成功，請前往郵箱領取獎勵',
  'en-US': 'Redeem successful, please go to the mailbox to collect the reward',
};

/** Redeem codes are at most this long (the input's maxlength). */
export const REDEEM_CODE_MAX_LENGTH = 64;

export const mailPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const mailIdRequest = z.object({ id: recordId });
/** An empty body is fine. */
export const receiveAllRequest = z.object({}).optional();

/** One catalogue item an attachment gives (a new inventory row, source 'reward', per entry). */
export const mailItem = z.object({
  item_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  /** 0..7. */
  quality: z.number().int(),
  /** Wear grade 1..6. */
  exter: z.number().int(),
  /** Its price in units. */
  price: z.number().int(),
});
export type MailItem = z.infer<typeof mailItem>;

export const mail = z.object({
  id: z.number().int(),
  /** In the request's language (falls back to zh-CN). */
  title: z.string(),
  content: z.string(),
  created_at: z.number().int(),
  /** null while unread. */
  read_at: z.number().int().nullable(),
  /** Coins the attachment gives, 0 when none. */
  coins: z.number().int(),
  items: z.array(mailItem),
  /** Recharge coupons the attachment gives (one card each; see coupons.ts). */
  coupons: z.array(z.object({ coupon_id: z.number().int(), name: z.string() })),
  /** Lucky bags the attachment gives (one per entry; see bags.ts). */
  bags: z.array(mailBag).default([]),
  /** True when coins > 0 or items, coupons or bags is non-empty. */
  has_appendix: z.boolean(),
  /** When the attachment was collected; null when not yet (or there is none). */
  received_at: z.number().int().nullable(),
});
export type Mail = z.infer<typeof mail>;

/** new_mail_count counts unread mails; receiving an attachment also marks its mail read. */
export const newMailCountResponse = z.object({ new_mail_count: z.number().int() });
export const mailsResponse = z.object({
  list: z.array(mail),
  total: z.number().int(),
  new_mail_count: z.number().int(),
});

export const receiveResponse = z.object({
  /** Mails whose attachments this call paid. */
  ids: z.array(z.number().int()),
  /** Coins this call credited (0 on a repeat). */
  coins: z.number().int(),
  /** Inventory rows this call created (user item ids). */
  user_item_ids: z.array(z.number().int()),
  /** Coupon cards this call gave (user_card_id). */
  user_card_ids: z.array(z.number().int()),
  /** Lucky bags this call gave (they wait in the player's bag icon). */
  bags: z.number().int().default(0),
  /** True when nothing was left to collect (already received before; not an error). */
  already_received: z.boolean(),
  /** Coin balance afterwards. */
  money: z.number().int(),
  new_mail_count: z.number().int(),
});
export type ReceiveResponse = z.infer<typeof receiveResponse>;

/**
 * key is checked by the server: blank → REDEEM_CODE_REQUIRED ('请输入兑换码'); unknown →
 * REDEEM_CODE_INVALID; expired → REDEEM_CODE_EXPIRED; no uses left → REDEEM_CODE_USED_UP; the
 * player used it before → REDEEM_CODE_ALREADY_USED. Codes are matched case-insensitively.
 */
export const redeemRequest = z.object({ key: z.string().max(200).optional().default('') });
export const redeemResponse = z.object({ mail_id: z.number().int() });
