import { asc, count, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';

/** `%` and `_` typed by the admin are letters to find, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL only (STYLE.md §1). */
export const catalogueRepo = {
  /**
   * Catalogue items whose name in any language contains `keyword` (case-insensitive), the rarest
   * and dearest first: what an admin looks for as a prize is usually near the top.
   */
  async search(db: Db, keyword: string, limit: number, offset: number) {
    const like = `%${escapeLike(keyword)}%`;
    const where: SQL | undefined = keyword
      ? or(ilike(itemDefs.nameZhCn, like), ilike(itemDefs.nameZhTw, like), ilike(itemDefs.nameEn, like))
      : undefined;
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
