import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { commandItemCodes } from '../../db/schema/command-items.ts';
import { loadPriceBook } from '../catalogue/item-prices.ts';
import { gradeWorth } from './command-items.service.ts';

/** The development item code (docs/promotions/command-items.md "Development"). */
export const DEV_COMMAND_ITEM_CODE = 'KX-ITEM-DEV';

/**
 * Development and tests only (never in production, where a known code would be free items): one
 * item code, KX-ITEM-DEV, giving a middling item of the seeded catalogue (quality 3, a rifle or
 * pistol rather than a knife) plus ¥1, 1,000 uses, no window. Seeded once (by its text): an
 * operator's change survives a restart.
 */
export async function seedCommandItems(db: Db, nowMs: number): Promise<void> {
  const defs = await db.select().from(itemDefs).orderBy(asc(itemDefs.id));
  const of = defs.filter((d) => d.quality === 3 && d.weaponClass !== 'knife' && d.weaponClass !== 'gloves');
  const def = of[Math.floor(of.length / 2)] ?? defs[0];
  if (!def) return;
  const graded = gradeWorth(def, null, await loadPriceBook(db, [def.id]));
  if (!graded) return;
  const { exter, worthUnits } = graded;
  await db
    .insert(commandItemCodes)
    .values({
      code: DEV_COMMAND_ITEM_CODE,
      itemDefId: def.id,
      exter,
      worthUnits,
      coinUnits: 10_000,
      usesTotal: 1_000,
      usesLeft: 1_000,
      createdAt: new Date(nowMs),
    })
    .onConflictDoNothing({ target: commandItemCodes.code });
}
