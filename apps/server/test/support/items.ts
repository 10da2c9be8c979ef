import type { ItemSource, ItemStatus } from '@kaixiang/shared/inventory';
import { asc, eq } from 'drizzle-orm';
import { itemDefs } from '../../src/db/schema/catalogue.ts';
import { userItems } from '../../src/db/schema/items.ts';
import { users } from '../../src/db/schema/users.ts';
import type { TestApp } from './test-app.ts';

export interface GiveItem {
  /** Units; the catalogue's base price when absent. */
  price?: number;
  status?: ItemStatus;
  source?: ItemSource;
  sourceName?: string;
  /** Epoch ms; the app clock's now when absent. */
  createdAt?: number;
  /** Which catalogue row: the n-th by id (default 0), or an explicit item_defs id. */
  defIndex?: number;
  defId?: number;
  exter?: number;
}

/**
 * Puts items straight into a player's inventory (as a box opening does), on real catalogue rows.
 * Returns the user item ids in the order given.
 */
export async function giveItems(t: TestApp, userId: number, specs: GiveItem[]): Promise<number[]> {
  const db = t.rt.database.db;
  const defs = await db.select().from(itemDefs).orderBy(asc(itemDefs.id)).limit(50);
  if (defs.length === 0) throw new Error('the catalogue is empty: is the seed on?');
  const now = t.rt.clock.now();
  const rows = specs.map((s) => {
    const def = s.defId !== undefined ? defs.find((d) => d.id === s.defId) : defs[(s.defIndex ?? 0) % defs.length];
    if (!def) throw new Error(`no item_defs row ${s.defId}`);
    const at = new Date(s.createdAt ?? now);
    return {
      userId,
      itemDefId: def.id,
      exter: s.exter ?? 3,
      priceUnits: s.price ?? def.basePriceUnits,
      status: s.status ?? 0,
      source: s.source ?? 'box',
      sourceName: s.sourceName ?? '测试箱',
      createdAt: at,
      updatedAt: at,
    };
  });
  const inserted = await db.insert(userItems).values(rows).returning({ id: userItems.id });
  return inserted.map((r) => r.id);
}

/** The first catalogue rows (what `defIndex` picks), for names and qualities in assertions. */
export async function catalogueRows(t: TestApp, n = 50) {
  return t.rt.database.db.select().from(itemDefs).orderBy(asc(itemDefs.id)).limit(n);
}

export async function itemRow(t: TestApp, id: number) {
  const [row] = await t.rt.database.db.select().from(userItems).where(eq(userItems.id, id));
  if (!row) throw new Error(`no user item ${id}`);
  return row;
}

/** Binds a trade link directly (the API route pays a bonus and validates; tests of items need neither). */
export async function setTradeLink(t: TestApp, userId: number, link: string): Promise<void> {
  await t.rt.database.db.update(users).set({ steamLink: link }).where(eq(users.id, userId));
}
