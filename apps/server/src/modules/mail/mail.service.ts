import type { Locale } from '@kaixiang/shared/locale';
import { type Mail, NEW_MAIL_EVENT, type NewMailPush, type ReceiveResponse } from '@kaixiang/shared/mail';
import { userRoom } from '@kaixiang/shared/socket';
import type { Db, Tx } from '../../db/client.ts';
import type { MailItemSpec } from '../../db/schema/mail.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import { grantBagsInTx } from '../bags/bags.grants.ts';
import { bagsRepo } from '../bags/bags.repo.ts';
import { loadPriceBook } from '../catalogue/item-prices.ts';
import { coupons } from '../coupons/coupons.service.ts';
import { balancesOf, type Ledger } from '../ledger/ledger.ts';
import { pick } from '../site/site.service.ts';
import { type MailRow, mailRepo } from './mail.repo.ts';

/** A text in the three languages; a plain string is used for all of them. */
export type MailText = string | { zhCn: string; zhTw?: string; en?: string };

export interface SendMailInput {
  userId: number;
  title: MailText;
  content?: MailText;
  /** Coins the attachment gives, in units. */
  coinsUnits?: number;
  /**
   * Catalogue items the attachment gives, one inventory row each. Wear grade defaults to
   * Field-Tested (no paint for a vanilla ★); the price to the price table's for that grade.
   */
  items?: { itemDefId: number; exter?: number; priceUnits?: number }[];
  /** Coupon templates (coupons.id) the attachment gives, one card each. */
  coupons?: number[];
  /** Lucky bag campaigns (kind grant) the attachment gives, one bag each. */
  bags?: number[];
  /** Why: 'redeem', 'system', or the sending module's name. */
  source: string;
  /** Unique per source event: a second send with the same key makes no second mail. */
  sourceKey?: string;
}

export interface MailDeps {
  db: Db;
  ledger: Ledger;
  bus: EventBus;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** After a collected attachment gave lucky bags: tell the player's tabs (the bag icon). */
  onBagsGiven?: (userId: number) => Promise<void>;
}

const texts = (t: MailText | undefined) =>
  typeof t === 'string' || t === undefined
    ? { zhCn: t ?? '', zhTw: '', en: '' }
    : { zhCn: t.zhCn, zhTw: t.zhTw ?? '', en: t.en ?? '' };

/** Bags an attachment or a code gives are of existing campaigns of kind grant (docs/promotions/bags.md). */
export async function checkBagCampaigns(db: Db | Tx, ids: readonly number[]): Promise<void> {
  for (const id of new Set(ids)) {
    const campaign = await bagsRepo.campaign(db, id);
    if (!campaign) throw new AppError('BAG_CAMPAIGN_NOT_FOUND');
    if (campaign.kind !== 'grant') throw new AppError('BAG_KIND_FIXED');
  }
}

/**
 * The mailbox (spec 1 §2 mail page, §7 mail calls): mails with optional attachments of coins and
 * items that pay once, and the new-mail count behind the header dot.
 */
export function createMailService(deps: MailDeps) {
  const { db, ledger, bus, clock } = deps;

  /** Fixes each attachment item's grade and price now, so a later price change does not alter a sent mail. */
  async function resolveItems(tx: Db | Tx, items: SendMailInput['items']): Promise<MailItemSpec[]> {
    if (!items || items.length === 0) return [];
    const ids = items.map((i) => i.itemDefId);
    const [defRows, prices] = await Promise.all([mailRepo.itemDefs(tx, ids), loadPriceBook(tx, ids)]);
    const defs = new Map(defRows.map((d) => [d.id, d]));
    return items.map((it) => {
      const def = defs.get(it.itemDefId);
      if (!def) throw new AppError('ITEM_NOT_FOUND');
      const exter = it.exter ?? (def.wearMin === null ? 6 : 3);
      const price = it.priceUnits ?? prices.unitsOf(def, exter);
      if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`bad item price ${price}`);
      return { itemDefId: def.id, exter, priceUnits: price };
    });
  }

  /**
   * Writes a mail inside the caller's transaction. Call `notify(userId)` after the commit so the
   * header dot lights up (a push from inside could announce a mail that then rolls back).
   */
  async function sendInTx(tx: Tx, input: SendMailInput, now: Date): Promise<{ id: number; created: boolean }> {
    const coins = input.coinsUnits ?? 0;
    if (!Number.isSafeInteger(coins) || coins < 0) throw new RangeError(`bad mail coins ${coins}`);
    const items = await resolveItems(tx, input.items);
    const couponIds = input.coupons ?? [];
    const bagIds = input.bags ?? [];
    await checkBagCampaigns(tx, bagIds);
    const title = texts(input.title);
    const content = texts(input.content);
    return mailRepo.insert(tx, {
      userId: input.userId,
      titleZhCn: title.zhCn,
      titleZhTw: title.zhTw,
      titleEn: title.en,
      contentZhCn: content.zhCn,
      contentZhTw: content.zhTw,
      contentEn: content.en,
      coinsUnits: coins,
      items,
      coupons: couponIds,
      bags: bagIds,
      hasAppendix: coins > 0 || items.length > 0 || couponIds.length > 0 || bagIds.length > 0,
      source: input.source,
      sourceKey: input.sourceKey ?? null,
      createdAt: now,
    });
  }

  async function notify(userId: number): Promise<void> {
    const push: NewMailPush = { new_mail_count: await mailRepo.unreadCount(db, userId) };
    // A courtesy, like the money push: the mail is committed whether or not the push goes out.
    await bus.publish(userRoom(userId), NEW_MAIL_EVENT, push).catch(() => undefined);
  }

  async function toMails(rows: MailRow[], locale: Locale): Promise<Mail[]> {
    const bagNames = await bagsRepo.names(
      db,
      rows.flatMap((r) => r.bags),
    );
    const couponNames = await coupons.names(
      db,
      rows.flatMap((r) => r.coupons),
      locale,
    );
    const defs = new Map(
      (
        await mailRepo.itemDefs(
          db,
          rows.flatMap((r) => r.items.map((i) => i.itemDefId)),
        )
      ).map((d) => [d.id, d]),
    );
    return rows.map((r) => ({
      id: r.id,
      title: pick({ zhCn: r.titleZhCn, zhTw: r.titleZhTw, en: r.titleEn }, locale),
      content: pick({ zhCn: r.contentZhCn, zhTw: r.contentZhTw, en: r.contentEn }, locale),
      created_at: r.createdAt.getTime(),
      read_at: r.readAt?.getTime() ?? null,
      coins: r.coinsUnits,
      items: r.items.map((it) => {
        const def = defs.get(it.itemDefId);
        return {
          item_id: it.itemDefId,
          name: def ? pick(def, locale) : '',
          img: def?.image ?? '',
          quality: def?.quality ?? 0,
          exter: it.exter,
          price: it.priceUnits,
        };
      }),
      coupons: r.coupons.map((id) => ({ coupon_id: id, name: couponNames.get(id) ?? '' })),
      bags: r.bags.map((id) => {
        const names = bagNames.get(id);
        return { campaign_id: id, name: names ? pick(names, locale) : '' };
      }),
      has_appendix: r.hasAppendix,
      received_at: r.receivedAt?.getTime() ?? null,
    }));
  }

  /** Pays the claimed mails' attachments in the claim's transaction: coins from promotions, items as 'reward' rows. */
  async function receive(userId: number, id?: number): Promise<ReceiveResponse> {
    const paid = await ledger.transaction(async ({ tx, now, post }) => {
      const claimed = await mailRepo.claimAppendix(tx, userId, now, id);
      let coins = 0;
      const userItemIds: number[] = [];
      const userCardIds: number[] = [];
      let bags = 0;
      for (const m of claimed) {
        if (m.coinsUnits > 0) {
          await post({
            kind: 'mail_appendix',
            key: `mail_appendix:${m.id}`,
            currency: 'coin',
            memo: m.titleZhCn,
            legs: [
              { account: { house: 'promotions' }, amount: -m.coinsUnits },
              { account: { userId }, amount: m.coinsUnits },
            ],
          });
          coins += m.coinsUnits;
        }
        userItemIds.push(
          ...(await mailRepo.insertItems(tx, userId, { id: m.id, name: m.titleZhCn, items: m.items }, now)),
        );
        for (const [i, couponId] of m.coupons.entries()) {
          const card = await coupons.issueInTx(
            tx,
            { userId, couponId, source: 'mail', sourceKey: `mail:${m.id}:${i}` },
            now,
          );
          if (card !== null) userCardIds.push(card);
        }
        for (const [i, campaignId] of m.bags.entries()) {
          const source = m.source === 'redeem' ? 'redeem' : 'mail';
          bags += await grantBagsInTx(tx, { userId, campaignId, source, key: `mail:${m.id}:${i}`, count: 1 }, now);
        }
      }
      return { ids: claimed.map((m) => m.id), coins, userItemIds, userCardIds, bags };
    });
    if (id !== undefined && paid.ids.length === 0) {
      const mail = await mailRepo.byId(db, userId, id);
      if (!mail) throw new AppError('MAIL_NOT_FOUND');
      if (!mail.hasAppendix) throw new AppError('MAIL_NO_APPENDIX');
    }
    const [balances, count] = await Promise.all([balancesOf(db, userId), mailRepo.unreadCount(db, userId)]);
    if (paid.ids.length > 0) await notify(userId);
    if (paid.bags > 0) await deps.onBagsGiven?.(userId).catch(() => undefined);
    return {
      ids: paid.ids,
      coins: paid.coins,
      user_item_ids: paid.userItemIds,
      user_card_ids: paid.userCardIds,
      bags: paid.bags,
      already_received: paid.ids.length === 0,
      money: balances.coin,
      new_mail_count: count,
    };
  }

  return {
    sendInTx,
    notify,
    resolveItems,

    /** Sends one mail in its own transaction and lights the player's header dot. */
    async send(input: SendMailInput): Promise<{ id: number; created: boolean }> {
      const r = await deps.transaction((tx) => sendInTx(tx, input, new Date(clock.now())));
      if (r.created) await notify(input.userId);
      return r;
    },

    async newMailCount(userId: number) {
      return { new_mail_count: await mailRepo.unreadCount(db, userId) };
    },

    async list(userId: number, q: { page: number; page_size: number }, locale: Locale) {
      const { rows, total } = await mailRepo.page(db, userId, q.page_size, (q.page - 1) * q.page_size);
      return {
        list: await toMails(rows, locale),
        total,
        new_mail_count: await mailRepo.unreadCount(db, userId),
      };
    },

    async markRead(userId: number, id: number) {
      if (!(await mailRepo.markRead(db, userId, id, new Date(clock.now())))) throw new AppError('MAIL_NOT_FOUND');
      return { new_mail_count: await mailRepo.unreadCount(db, userId) };
    },

    receiveOne: (userId: number, id: number) => receive(userId, id),
    receiveAll: (userId: number) => receive(userId),
  };
}

export type MailService = ReturnType<typeof createMailService>;
