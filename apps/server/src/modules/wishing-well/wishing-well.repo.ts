import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { fairSeeds } from '../../db/schema/boxes.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { wishEntries, wishes } from '../../db/schema/wishing-well.ts';
import type { SeedState } from '../boxes/fair-seeds.ts';

export type WishEntryRow = typeof wishEntries.$inferSelect;
export type WishRow = typeof wishes.$inferSelect;

/** The catalogue's side of an entry: its picture and quality. */
const itemColumns = { image: itemDefs.image, quality: itemDefs.quality };
export type EntryWithItem = { e: WishEntryRow; image: string | null; quality: number | null };
/** A wish with its entry and the seed pair it rolled from (the server seed is shown once revealed). */
export type WishWithEntry = EntryWithItem & {
  w: WishRow;
  seedHash: string;
  serverSeed: string;
  revealedAt: Date | null;
};

/** What kx_wish answers (db/functions/wishing-well.sql). */
export type WishJson =
  | { status: 'duplicate'; wish_id: number }
  | { status: 'not_found' | 'terms_changed' | 'stale_seed'; currency?: string }
  | { status: 'short'; currency: string }
  | {
      status: 'ok';
      wish_id: number;
      hit: boolean;
      user_item_id: number | null;
      points: number;
      money: number;
    };

const wishColumns = {
  w: wishes,
  e: wishEntries,
  ...itemColumns,
  seedHash: fairSeeds.serverSeedHash,
  serverSeed: fairSeeds.serverSeed,
  revealedAt: fairSeeds.revealedAt,
};

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const wishingWellRepo = {
  /** Every entry in the well's order (sort, then id), with its item's picture. */
  async entries(db: Db | Tx, onlyEnabled: boolean): Promise<EntryWithItem[]> {
    return db
      .select({ e: wishEntries, ...itemColumns })
      .from(wishEntries)
      .leftJoin(itemDefs, eq(itemDefs.id, wishEntries.itemDefId))
      .where(onlyEnabled ? eq(wishEntries.enabled, true) : undefined)
      .orderBy(asc(wishEntries.sort), asc(wishEntries.id));
  },

  /** Locks an entry's row for an admin change. */
  async lockEntry(tx: Tx, id: number): Promise<WishEntryRow | undefined> {
    const [row] = await tx.select().from(wishEntries).where(eq(wishEntries.id, id)).for('update');
    return row;
  },

  async insertEntry(tx: Tx | Db, row: typeof wishEntries.$inferInsert): Promise<WishEntryRow> {
    const [made] = await tx.insert(wishEntries).values(row).returning();
    if (!made) throw new Error('wish entry not inserted');
    return made;
  },

  async updateEntry(tx: Tx, id: number, set: Partial<typeof wishEntries.$inferInsert>): Promise<WishEntryRow> {
    const [row] = await tx.update(wishEntries).set(set).where(eq(wishEntries.id, id)).returning();
    if (!row) throw new Error(`wish entry ${id} vanished`);
    return row;
  },

  /** One wish in one statement, on its own or in the caller's transaction (wishing-well.sql). */
  async wish(
    db: Db | Tx,
    w: {
      userId: number;
      entryId: number;
      price: number;
      chancePpm: number;
      requestId: string;
      seed: SeedState;
      roll: number;
      now: Date;
    },
  ): Promise<WishJson> {
    const r = (await db.execute(sql`select kx_wish(${w.userId}, ${w.entryId}, ${w.price}, ${w.chancePpm},
      ${w.requestId}, ${w.seed.id}, ${w.seed.nonce}, ${w.seed.clientSeed}, ${w.roll},
      ${w.now.toISOString()}::timestamptz) as r`)) as unknown as { rows: { r: WishJson }[] };
    const out = r.rows[0]?.r;
    if (!out) throw new Error('kx_wish answered nothing');
    return out;
  },

  async wishByRequest(db: Db, userId: number, requestId: string): Promise<WishRow | undefined> {
    const [row] = await db
      .select()
      .from(wishes)
      .where(and(eq(wishes.userId, userId), eq(wishes.requestId, requestId)));
    return row;
  },

  /** A page of the player's wishes, newest first. */
  async wishes(db: Db, q: { userId: number; limit: number; offset: number }) {
    const where = eq(wishes.userId, q.userId);
    const [rows, [total]] = await Promise.all([
      db
        .select(wishColumns)
        .from(wishes)
        .innerJoin(wishEntries, eq(wishEntries.id, wishes.entryId))
        .innerJoin(fairSeeds, eq(fairSeeds.id, wishes.seedId))
        .leftJoin(itemDefs, eq(itemDefs.id, wishEntries.itemDefId))
        .where(where)
        .orderBy(desc(wishes.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(wishes).where(where),
    ]);
    return { rows: rows as WishWithEntry[], total: total?.n ?? 0 };
  },

  async wishWithEntry(db: Db, wishId: number): Promise<WishWithEntry | undefined> {
    const [row] = await db
      .select(wishColumns)
      .from(wishes)
      .innerJoin(wishEntries, eq(wishEntries.id, wishes.entryId))
      .innerJoin(fairSeeds, eq(fairSeeds.id, wishes.seedId))
      .leftJoin(itemDefs, eq(itemDefs.id, wishEntries.itemDefId))
      .where(eq(wishes.id, wishId));
    return row as WishWithEntry | undefined;
  },

  /** Per entry: wishes, hits, what they paid and the worth the hits gave. */
  async stats(db: Db | Tx, ids?: readonly number[]) {
    const rows = await db
      .select({
        entryId: wishes.entryId,
        wishes: count(),
        hits: sql<string>`count(*) filter (where ${wishes.hit})`,
        taken: sql<string>`coalesce(sum(${wishes.price}), 0)`,
        worth: sql<string>`coalesce(sum(${wishes.worthUnits}) filter (where ${wishes.hit}), 0)`,
      })
      .from(wishes)
      .where(ids ? inArray(wishes.entryId, [...ids]) : undefined)
      .groupBy(wishes.entryId);
    return new Map(
      rows.map((r) => [
        r.entryId,
        { wishes: r.wishes, hits: Number(r.hits), taken: Number(r.taken), worth: Number(r.worth) },
      ]),
    );
  },

  async itemDef(db: Db | Tx, id: number) {
    const [row] = await db.select().from(itemDefs).where(eq(itemDefs.id, id));
    return row;
  },
};
