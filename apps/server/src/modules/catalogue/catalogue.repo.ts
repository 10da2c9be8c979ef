import { asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { users } from '../../db/schema/users.ts';

/** `%` and `_` typed by the admin are letters to find, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL only (STYLE.md §1). */
export const catalogueRepo = {
  async role(db: Db, userId: number): Promise<string | undefined> {
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
    return row?.role;
  },

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
