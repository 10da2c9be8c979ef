import { expectedValue, rtpBpOf } from '@kaixiang/game/box-design';
import type {
  AdminBoxEntry,
  AdminBoxEvaluation,
  AdminBoxPreviewInput,
  AdminBoxProblem,
  AdminRtpBounds,
} from '@kaixiang/shared/admin-boxes';
import { BOX_TICKETS } from '@kaixiang/shared/boxes';
import { wearGradesFor } from '@kaixiang/shared/items';
import type { Locale } from '@kaixiang/shared/locale';
import type { BoxContentRow } from '../../../db/schema/boxes.ts';
import { AppError } from '../../../http/app-error.ts';
import { boxEconomics } from '../../boxes/box-versions.ts';
import type { PriceBook } from '../../catalogue/item-prices.ts';
import { pick } from '../../site/site.service.ts';

/** What the evaluation needs of a catalogue item. */
export interface ItemFacts {
  id: number;
  names: { zhCn: string; zhTw: string; en: string };
  image: string;
  quality: number;
  weaponClass: string;
  wearMin: number | null;
  wearMax: number | null;
}

/**
 * An odds table judged as the save judges it (the preview and the save call this one function):
 * each entry priced at its wear grade by the site's item prices (catalogue/item-prices.ts), the
 * expected value and RTP, the odds, and every reason it cannot be saved. With tickets summing to
 * BOX_TICKETS, EV and RTP are exactly what the saved version will carry (boxes/box-versions.ts);
 * with another sum (an edit in progress) they are worked out over that sum, for display only.
 * `rows` are the version's contents, meaningful only when `valid`.
 */
export function evaluateBox(
  input: AdminBoxPreviewInput,
  items: ReadonlyMap<number, ItemFacts>,
  prices: PriceBook,
  bounds: AdminRtpBounds,
  locale: Locale,
  /** A saved version's own entry prices (the detail view): the item prices may have moved since. */
  savedPrices?: readonly number[],
): { evaluation: AdminBoxEvaluation; rows: BoxContentRow[] } {
  const problems: { code: AdminBoxProblem; entry: number | null }[] = [];
  const seen = new Set<string>();
  const rows: BoxContentRow[] = [];
  const entries: AdminBoxEntry[] = [];
  let sum = 0;
  input.contents.forEach((c, i) => {
    sum += c.tickets;
    const item = items.get(c.item_id);
    const key = `${c.item_id}/${c.exter}`;
    if (seen.has(key)) problems.push({ code: 'BOX_ENTRY_DUPLICATE', entry: i });
    seen.add(key);
    let price = 0;
    let current = 0;
    if (!item) problems.push({ code: 'BOX_ITEM_UNKNOWN', entry: i });
    else if (!(wearGradesFor(item.wearMin, item.wearMax) as number[]).includes(c.exter))
      problems.push({ code: 'BOX_ITEM_WEAR_INVALID', entry: i });
    else {
      current = prices.unitsOf(item, c.exter);
      price = savedPrices?.[i] ?? current;
    }
    rows.push({ itemId: c.item_id, exter: c.exter, tickets: c.tickets, priceUnits: price });
    entries.push({
      item_id: c.item_id,
      exter: c.exter,
      name: item ? pick(item.names, locale) : '',
      img: item?.image ?? '',
      quality: item?.quality ?? 0,
      price,
      current_price: current,
      tickets: c.tickets,
      odds_pct: 0,
    });
  });
  for (const e of entries) e.odds_pct = Math.round((e.tickets / sum) * 1_000_000) / 10_000;
  if (sum !== BOX_TICKETS) problems.push({ code: 'BOX_TICKETS_SUM', entry: null });
  const { evUnits, rtpBp } =
    sum === BOX_TICKETS
      ? boxEconomics(rows, input.price)
      : (() => {
          const ev = expectedValue(
            rows,
            rows.map((r) => r.priceUnits),
            sum,
          );
          return { evUnits: ev, rtpBp: rtpBpOf(ev, input.price) };
        })();
  const within = rtpBp >= bounds.min_bp && rtpBp <= bounds.max_bp;
  if (!within) problems.push({ code: 'BOX_RTP_OUT_OF_BOUNDS', entry: null });
  return {
    evaluation: {
      price: input.price,
      ticket_sum: sum,
      ticket_total: BOX_TICKETS,
      ev: evUnits,
      rtp_bp: rtpBp,
      bounds,
      within_bounds: within,
      valid: problems.length === 0,
      problems,
      entries,
    },
    rows,
  };
}

/** The save's refusal: the first problem, with where it is and, for the RTP, the figures. */
export function refuseInvalid(e: AdminBoxEvaluation): void {
  const first = e.problems[0];
  if (!first) return;
  throw new AppError(first.code, {
    data: { problems: e.problems, rtp_bp: e.rtp_bp, bounds: e.bounds, ticket_sum: e.ticket_sum },
  });
}
