import type { LocalizedText } from '@kaixiang/shared/items';
import { isWearGrade, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import type { Locale } from '@kaixiang/shared/locale';
import { formatUnits } from '@kaixiang/shared/money';
import type { HistoryExportKind } from '@kaixiang/shared/protection';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boxes } from '../../db/schema/boxes.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { boxOpenings } from '../../db/schema/games.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
import { rechargeOrders } from '../../db/schema/payments.ts';
import { chinaTime, csvRow, UTF8_BOM } from './history-export.csv.ts';
import { CHANNEL_LABELS, HEADERS, KIND_LABELS, ORDER_STATE_LABELS } from './history-export.labels.ts';

/** Rows read per query: enough to keep round trips few, small enough that memory stays flat. */
export const EXPORT_BATCH = 1_000;

type Cells = (string | number | null)[];

/**
 * Reads a player's rows in keyset batches (`id > last id`, ascending) until a short batch: each
 * query is a short read on an index, nothing stays open between batches, and a row is never read
 * twice or skipped as an OFFSET page would be when rows arrive meanwhile. Yields one CSV chunk per
 * batch.
 */
async function* batches<R extends { id: number }>(
  read: (afterId: number, limit: number) => Promise<R[]>,
  toCells: (row: R) => Cells,
  size: number,
): AsyncGenerator<string> {
  let afterId = 0;
  for (;;) {
    const rows = await read(afterId, size);
    if (rows.length > 0) yield rows.map((r) => csvRow(toCells(r))).join('');
    if (rows.length < size) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

const nameIn = (locale: Locale, zhCn: string | null, zhTw: string | null, en: string | null): string =>
  (locale === 'zh-TW' ? zhTw : locale === 'en-US' ? en : zhCn) ?? '';
const label = (texts: LocalizedText | undefined, locale: Locale, fallback: string) => texts?.[locale] ?? fallback;
const yuan = (units: number) => formatUnits(units, 2);
/** Coin movements at full precision (1 unit = 0.0001 yuan), so the column sums to the balance exactly. */
const exactYuan = (units: number) => (units > 0 ? '+' : '') + formatUnits(units, 4);

function recharges(db: Db, userId: number, locale: Locale, size: number) {
  return batches(
    (afterId, limit) =>
      db
        .select({
          id: rechargeOrders.id,
          orderSn: rechargeOrders.orderSn,
          createdAt: rechargeOrders.createdAt,
          realPriceUnits: rechargeOrders.realPriceUnits,
          payMode: rechargeOrders.payMode,
          status: rechargeOrders.status,
          paidAt: rechargeOrders.paidAt,
        })
        .from(rechargeOrders)
        .where(and(eq(rechargeOrders.userId, userId), gt(rechargeOrders.id, afterId)))
        .orderBy(asc(rechargeOrders.id))
        .limit(limit),
    (r) => [
      r.orderSn,
      chinaTime(r.createdAt),
      yuan(r.realPriceUnits),
      label(CHANNEL_LABELS[r.payMode as keyof typeof CHANNEL_LABELS], locale, r.payMode),
      label(ORDER_STATE_LABELS[r.status], locale, String(r.status)),
      chinaTime(r.paidAt),
    ],
    size,
  );
}

function openings(db: Db, userId: number, locale: Locale, size: number) {
  return batches(
    (afterId, limit) =>
      db
        .select({
          id: boxOpenings.id,
          createdAt: boxOpenings.createdAt,
          boxZhCn: boxes.nameZhCn,
          boxZhTw: boxes.nameZhTw,
          boxEn: boxes.nameEn,
          boxPriceUnits: boxOpenings.boxPriceUnits,
          itemZhCn: itemDefs.nameZhCn,
          itemZhTw: itemDefs.nameZhTw,
          itemEn: itemDefs.nameEn,
          exter: boxOpenings.exter,
          priceUnits: boxOpenings.priceUnits,
        })
        .from(boxOpenings)
        .leftJoin(boxes, eq(boxes.id, boxOpenings.boxId))
        .leftJoin(itemDefs, eq(itemDefs.id, boxOpenings.itemDefId))
        .where(and(eq(boxOpenings.userId, userId), gt(boxOpenings.id, afterId)))
        .orderBy(asc(boxOpenings.id))
        .limit(limit),
    (r) => [
      chinaTime(r.createdAt),
      nameIn(locale, r.boxZhCn, r.boxZhTw, r.boxEn),
      yuan(r.boxPriceUnits),
      nameIn(locale, r.itemZhCn, r.itemZhTw, r.itemEn),
      isWearGrade(r.exter) ? WEAR_GRADE_LABELS[r.exter][locale] : '',
      yuan(r.priceUnits),
      r.id,
    ],
    size,
  );
}

/**
 * Every entry of the player's coin account, with its transfer's kind and memo. Every game's stake
 * and payout, every recharge, sale and correction is one of these, so this is the game history in
 * money terms, and the amounts sum to the balance.
 */
async function* coins(db: Db, userId: number, locale: Locale, size: number): AsyncGenerator<string> {
  // The account first (one per currency): entries are then read through (account_id, id), and no
  // one else's entry can slip in.
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, `u:${userId}`), eq(ledgerAccounts.currency, 'coin')));
  if (!account) return;
  yield* batches(
    (afterId, limit) =>
      db
        .select({
          id: ledgerEntries.id,
          createdAt: ledgerEntries.createdAt,
          kind: ledgerTransfers.kind,
          amount: ledgerEntries.amount,
          balanceAfter: ledgerEntries.balanceAfter,
          memo: ledgerTransfers.memo,
          transferId: ledgerTransfers.id,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
        .where(and(eq(ledgerEntries.accountId, account.id), gt(ledgerEntries.id, afterId)))
        .orderBy(asc(ledgerEntries.id))
        .limit(limit),
    (r) => [
      chinaTime(r.createdAt),
      label(KIND_LABELS[r.kind as keyof typeof KIND_LABELS], locale, r.kind),
      exactYuan(r.amount),
      r.balanceAfter === null ? '' : formatUnits(r.balanceAfter, 4),
      r.memo,
      // The transfer's id, not its idempotency key: keys are internal and may name other records.
      r.transferId,
    ],
    size,
  );
}

/**
 * The whole file of one kind, as chunks: the BOM and header first, then one chunk per batch.
 * Nothing is read before the consumer asks for it, so a slow download holds one batch at a time.
 */
export async function* historyCsv(
  db: Db,
  userId: number,
  kind: HistoryExportKind,
  locale: Locale,
  size = EXPORT_BATCH,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvRow([...HEADERS[kind][locale]]);
  const rows = kind === 'recharges' ? recharges : kind === 'openings' ? openings : coins;
  yield* rows(db, userId, locale, size);
}
