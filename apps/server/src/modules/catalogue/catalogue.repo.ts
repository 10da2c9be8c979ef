import { and, asc, count, desc, eq, exists, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemDefs, itemPrices } from '../../db/schema/catalogue.ts';

/** `%` and `_` typed by the admin are letters to find, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL only (STYLE.md §1). */
export const catalogueRepo = {
  /**
   * Catalogue items whose name in any language contains `keyword` (case-insensitive), the rarest
   * and dearest first: what an admin looks for as a prize is usually near the top. `priced`: only
   * items with a grade the operator has priced.
   */
  async search(db: Db, q: { keyword: string; priced: boolean }, limit: number, offset: number) {
    const like = `%${escapeLike(q.keyword)}%`;
    const where: SQL | undefined = and(
      q.keyword
        ? or(ilike(itemDefs.nameZhCn, like), ilike(itemDefs.nameZhTw, like), ilike(itemDefs.nameEn, like))
        : undefined,
      q.priced
        ? exists(db.select({ one: itemPrices.exter }).from(itemPrices).where(eq(itemPrices.itemDefId, itemDefs.id)))
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(itemDefs)
        .where(where)
        .orderBy(desc(itemDefs.quality), desc(itemDefs.basePriceUnits), asc(itemDefs.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(itemDefs).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
};
