import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/test-db.ts';
import type { Database } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { caseDefs, itemDefs } from '../../db/schema/catalogue.ts';
import { catalogueRows, loadCatalogue, seedCatalogue } from './catalogue.seed.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  // The committed migrations, without the seed: the test seeds by itself.
  await migrateDatabase(database);
});

afterAll(async () => {
  await drop();
});

describe('seedCatalogue', () => {
  it('loads every item and case, and a second run changes nothing', async () => {
    const catalogue = loadCatalogue();
    expect(await seedCatalogue(database.db)).toEqual({
      items: catalogue.items.length,
      cases: catalogue.cases.length,
    });
    const count = async () => ({
      items: (await database.db.select({ n: sql<number>`count(*)::int` }).from(itemDefs))[0]!.n,
      cases: (await database.db.select({ n: sql<number>`count(*)::int` }).from(caseDefs))[0]!.n,
    });
    expect(await count()).toEqual({ items: catalogue.items.length, cases: catalogue.cases.length });
    await seedCatalogue(database.db);
    expect(await count()).toEqual({ items: catalogue.items.length, cases: catalogue.cases.length });
  });

  it('stores rows exactly as catalogueRows builds them, arrays and bigints included', async () => {
    const rows = catalogueRows();
    const chroma = rows.caseDefs.find((row) => row.nameEn === 'Chroma Case')!;
    const [stored] = await database.db.select().from(caseDefs).where(eq(caseDefs.id, chroma.id));
    expect(stored).toEqual(chroma);

    const vanilla = rows.itemDefs.find((row) => row.wearMin === null)!;
    const [storedVanilla] = await database.db.select().from(itemDefs).where(eq(itemDefs.id, vanilla.id));
    expect(storedVanilla).toEqual(vanilla);
    expect(typeof storedVanilla!.basePriceUnits).toBe('number');
  });

  it('puts back a row that drifted from the catalogue', async () => {
    const [first] = catalogueRows().itemDefs;
    await database.db
      .update(itemDefs)
      .set({ nameZhCn: 'tampered', basePriceUnits: 1 })
      .where(eq(itemDefs.id, first!.id));
    await seedCatalogue(database.db);
    const [row] = await database.db.select().from(itemDefs).where(eq(itemDefs.id, first!.id));
    expect(row!.nameZhCn).toBe(first!.nameZhCn);
    expect(row!.basePriceUnits).toBe(first!.basePriceUnits);
  });
});
