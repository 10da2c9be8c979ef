import {
  type CatalogueSearchItem,
  type CatalogueSearchQuery,
  type CatalogueSearchResponse,
  ITEM_PRICE_MAX_UNITS,
  type ItemPriceSetRequest,
} from '@kaixiang/shared/admin-catalogue';
import { wearGradesFor } from '@kaixiang/shared/items';
import type { Locale } from '@kaixiang/shared/locale';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { itemDefs, itemPrices } from '../../db/schema/catalogue.ts';
import { upgradeItems } from '../../db/schema/games.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { pick } from '../site/site.service.ts';
import { catalogueRepo } from './catalogue.repo.ts';
import { loadPriceBook, type PriceBook, tablePriceUnits } from './item-prices.ts';

type ItemDef = typeof itemDefs.$inferSelect;

function itemView(r: ItemDef, prices: PriceBook, locale: Locale): CatalogueSearchItem {
  return {
    item_id: r.id,
    name: pick({ zhCn: r.nameZhCn, zhTw: r.nameZhTw, en: r.nameEn }, locale),
    img: r.image,
    quality: r.quality,
    wears: wearGradesFor(r.wearMin, r.wearMax).map((exter) => ({
      exter,
      price: prices.unitsOf(r, exter),
      table_price: tablePriceUnits(r, exter),
      set: prices.isSet(r.id, exter),
    })),
  };
}

const validPrice = (units: number) => units > 0 && units <= ITEM_PRICE_MAX_UNITS && units % 100 === 0;

/**
 * The admins' catalogue (docs/console/catalogue.md): the search behind every prize picker, and the
 * operator's item prices. Each wear grade an item exists in is priced by the site's item prices
 * (item-prices.ts), as mail.resolveItems prices the item a treasure or a mail then makes: what the
 * picker shows is what the prize will be worth.
 */
export function createCatalogueService(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** After a price change commits: what this process keeps of prices is read again (the upgrade's targets). */
  onPriceChange?: () => void;
}) {
  const { db, clock, transaction } = deps;
  return {
    async search(q: CatalogueSearchQuery, locale: Locale): Promise<CatalogueSearchResponse> {
      const { rows, total } = await catalogueRepo.search(db, q, q.page_size, (q.page - 1) * q.page_size);
      const prices = await loadPriceBook(
        db,
        rows.map((r) => r.id),
      );
      return { list: rows.map((r) => itemView(r, prices, locale)), total };
    },

    /**
     * Sets (or, with a null price, clears) the operator's price of an item in one grade, in one
     * transaction under the item row's lock (two changes to one item queue, so each audit record's
     * "before" is the price the change replaced): the price, the item's "from" price when it is the
     * best grade, the upgrade target of that item and grade, and the audit record. What exists
     * keeps its price: a box version's contents, items players hold, mails sent, shop and wishing
     * well entries made (docs/decisions.md "Item prices").
     */
    async setPrice(who: AdminActor, req: ItemPriceSetRequest, locale: Locale): Promise<CatalogueSearchItem> {
      if (req.price !== null && !validPrice(req.price)) throw new AppError('PRICE_INVALID');
      const answer = await transaction(async (tx) => {
        const now = new Date(clock.now());
        const [def] = await tx.select().from(itemDefs).where(eq(itemDefs.id, req.item_id)).for('update');
        if (!def) throw new AppError('PRICE_ITEM_UNKNOWN');
        const grades: number[] = wearGradesFor(def.wearMin, def.wearMax);
        if (!grades.includes(req.exter)) throw new AppError('PRICE_WEAR_INVALID');
        const key = and(eq(itemPrices.itemDefId, def.id), eq(itemPrices.exter, req.exter));
        const [row] = await tx.select({ priceUnits: itemPrices.priceUnits }).from(itemPrices).where(key);
        const before = row?.priceUnits ?? null;
        if (before === req.price) throw new AppError('PRICE_UNCHANGED');
        const table = tablePriceUnits(def, req.exter);
        if (req.price === null) await tx.delete(itemPrices).where(key);
        else
          await tx
            .insert(itemPrices)
            .values({
              itemDefId: def.id,
              exter: req.exter,
              priceUnits: req.price,
              updatedBy: who.adminId,
              updatedAt: now,
            })
            .onConflictDoUpdate({
              target: [itemPrices.itemDefId, itemPrices.exter],
              set: { priceUnits: req.price, updatedBy: who.adminId, updatedAt: now },
            });
        const price = req.price ?? table;
        if (grades[0] === req.exter) {
          await tx.update(itemDefs).set({ basePriceUnits: price }).where(eq(itemDefs.id, def.id));
        }
        await tx
          .update(upgradeItems)
          .set({ priceUnits: price })
          .where(and(eq(upgradeItems.itemDefId, def.id), eq(upgradeItems.exter, req.exter)));
        await recordAudit(
          tx,
          who,
          {
            action: 'catalogue.price',
            target: `item:${def.id}/${req.exter}`,
            before: { price: before ?? table, set: before !== null },
            after: { price, set: req.price !== null },
            reason: req.reason,
          },
          now,
        );
        return itemView(def, await loadPriceBook(tx, [def.id]), locale);
      });
      deps.onPriceChange?.();
      return answer;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
