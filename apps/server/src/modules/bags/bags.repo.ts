import { and, asc, count, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bagCampaigns, bagTables, userBags } from '../../db/schema/bags.ts';
import { fairSeeds } from '../../db/schema/boxes.ts';
import type { SeedState } from '../boxes/fair-seeds.ts';

export type CampaignRow = typeof bagCampaigns.$inferSelect;
export type TableRow = typeof bagTables.$inferSelect;
export type BagRow = typeof userBags.$inferSelect;

export type OpenBagJson =
  | { status: 'not_found' | 'opened' | 'table_changed' | 'stale_seed' }
  | { status: 'ok'; transfer_id: number; balance: number };

/** What kx_open_bag is asked to record (db/functions/bags.sql). */
export interface OpenBagWrite {
  userId: number;
  bagId: number;
  campaignId: number;
  table: { version: number; hash: string };
  ticket: number;
  amountUnits: number;
  seed: SeedState;
  /** The credit's memo: the campaign's zh-CN name. */
  memo: string;
  now: Date;
}

/** One bag to give: `sourceKey` names the event, so giving it again gives nothing. */
export interface BagGrant {
  userId: number;
  campaignId: number;
  source: string;
  sourceKey: string;
}

/** A bag with its campaign's names and, once opened, its seed pair's hash and revealed seed. */
export interface RecordRow {
  b: BagRow;
  names: { zhCn: string; zhTw: string; en: string };
  seedHash: string | null;
  serverSeed: string | null;
  revealedAt: Date | null;
}

const names = { zhCn: bagCampaigns.nameZhCn, zhTw: bagCampaigns.nameZhTw, en: bagCampaigns.nameEn };

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const bagsRepo = {
  async campaign(db: Db | Tx, id: number): Promise<CampaignRow | undefined> {
    const [row] = await db.select().from(bagCampaigns).where(eq(bagCampaigns.id, id));
    return row;
  },

  /** Locks a campaign's row for an admin change (two changes at once make versions in turn). */
  async lockCampaign(tx: Tx, id: number): Promise<CampaignRow | undefined> {
    const [row] = await tx.select().from(bagCampaigns).where(eq(bagCampaigns.id, id)).for('update');
    return row;
  },

  async campaigns(db: Db): Promise<CampaignRow[]> {
    return db.select().from(bagCampaigns).orderBy(asc(bagCampaigns.id));
  },

  /** The campaigns of `kind` whose triggers give bags at `now`: enabled and within their window. */
  async activeCampaigns(db: Db | Tx, kind: string, now: Date): Promise<CampaignRow[]> {
    return db
      .select()
      .from(bagCampaigns)
      .where(
        and(
          eq(bagCampaigns.kind, kind),
          eq(bagCampaigns.enabled, true),
          or(isNull(bagCampaigns.startsAt), lte(bagCampaigns.startsAt, now)),
          or(isNull(bagCampaigns.endsAt), sql`${bagCampaigns.endsAt} > ${now.toISOString()}::timestamptz`),
        ),
      )
      .orderBy(asc(bagCampaigns.id));
  },

  async insertCampaign(tx: Tx, row: typeof bagCampaigns.$inferInsert): Promise<CampaignRow> {
    const [made] = await tx.insert(bagCampaigns).values(row).returning();
    if (!made) throw new Error('bag campaign not inserted');
    return made;
  },

  async updateCampaign(tx: Tx, id: number, set: Partial<typeof bagCampaigns.$inferInsert>): Promise<CampaignRow> {
    const [row] = await tx.update(bagCampaigns).set(set).where(eq(bagCampaigns.id, id)).returning();
    if (!row) throw new Error(`bag campaign ${id} vanished`);
    return row;
  },

  async insertTable(tx: Tx, row: typeof bagTables.$inferInsert): Promise<void> {
    await tx.insert(bagTables).values(row);
  },

  async table(db: Db | Tx, campaignId: number, version: number): Promise<TableRow | undefined> {
    const [row] = await db
      .select()
      .from(bagTables)
      .where(and(eq(bagTables.campaignId, campaignId), eq(bagTables.version, version)));
    return row;
  },

  /** The current tables of these campaigns. */
  async currentTables(db: Db, campaigns: readonly CampaignRow[]): Promise<Map<number, TableRow>> {
    if (campaigns.length === 0) return new Map();
    const rows = await db
      .select()
      .from(bagTables)
      .where(or(...campaigns.map((c) => and(eq(bagTables.campaignId, c.id), eq(bagTables.version, c.tableVersion)))));
    return new Map(rows.map((r) => [r.campaignId, r]));
  },

  /** Gives bags; those whose source key was given before are skipped. Returns how many were new. */
  async grant(tx: Db | Tx, grants: readonly BagGrant[], now: Date): Promise<number> {
    if (grants.length === 0) return 0;
    const made = await tx
      .insert(userBags)
      .values(grants.map((g) => ({ ...g, givenAt: now })))
      .onConflictDoNothing({ target: userBags.sourceKey })
      .returning({ id: userBags.id });
    return made.length;
  },

  async unopenedCount(db: Db | Tx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(userBags)
      .where(and(eq(userBags.userId, userId), eq(userBags.state, 0)));
    return row?.n ?? 0;
  },

  /** The player's oldest unopened bag (of one campaign when given), with its campaign's names. */
  async nextUnopened(db: Db, userId: number, campaignId?: number) {
    const where: SQL[] = [eq(userBags.userId, userId), eq(userBags.state, 0)];
    if (campaignId !== undefined) where.push(eq(userBags.campaignId, campaignId));
    const [row] = await db
      .select({ id: userBags.id, campaignId: userBags.campaignId, names })
      .from(userBags)
      .innerJoin(bagCampaigns, eq(bagCampaigns.id, userBags.campaignId))
      .where(and(...where))
      .orderBy(asc(userBags.id))
      .limit(1);
    return row;
  },

  async bag(db: Db | Tx, userId: number, bagId: number): Promise<BagRow | undefined> {
    const [row] = await db
      .select()
      .from(userBags)
      .where(and(eq(userBags.id, bagId), eq(userBags.userId, userId)));
    return row;
  },

  /** Locks the bag's row first, the order kx_open_bag takes its locks in (then the seed pair). */
  async lockBag(tx: Tx, userId: number, bagId: number): Promise<void> {
    await tx
      .select({ id: userBags.id })
      .from(userBags)
      .where(and(eq(userBags.id, bagId), eq(userBags.userId, userId)))
      .for('update');
  },

  /**
   * Opens one bag in one statement, on its own (autocommit: the statement is the transaction) or
   * inside the caller's. See db/functions/bags.sql for when it writes nothing.
   */
  async open(db: Db | Tx, w: OpenBagWrite): Promise<OpenBagJson> {
    const r = (await db.execute(sql`select kx_open_bag(
      ${w.userId}, ${w.bagId}, ${w.campaignId}, ${w.table.version}, ${w.table.hash}, ${w.ticket}, ${w.amountUnits},
      ${w.seed.id}, ${w.seed.nonce}, ${w.seed.clientSeed}, ${w.memo}, ${w.now.toISOString()}::timestamptz) as r`)) as unknown as {
      rows: { r: OpenBagJson }[];
    };
    const out = r.rows[0]?.r;
    if (!out) throw new Error('kx_open_bag answered nothing');
    return out;
  },

  /** A page of the player's bags, newest first, with what their records show. */
  async records(
    db: Db,
    userId: number,
    q: { limit: number; offset: number; state?: number | undefined },
  ): Promise<{ rows: RecordRow[]; total: number }> {
    const where = and(eq(userBags.userId, userId), q.state === undefined ? undefined : eq(userBags.state, q.state));
    const [rows, [total]] = await Promise.all([
      db
        .select({
          b: userBags,
          names,
          seedHash: fairSeeds.serverSeedHash,
          serverSeed: fairSeeds.serverSeed,
          revealedAt: fairSeeds.revealedAt,
        })
        .from(userBags)
        .innerJoin(bagCampaigns, eq(bagCampaigns.id, userBags.campaignId))
        .leftJoin(fairSeeds, eq(fairSeeds.id, userBags.seedId))
        .where(where)
        .orderBy(desc(userBags.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(userBags).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** Per campaign: bags given, opened, and what the opened ones paid. */
  async stats(db: Db | Tx): Promise<Map<number, { given: number; opened: number; paid: number }>> {
    const rows = await db
      .select({
        campaignId: userBags.campaignId,
        given: count(),
        opened: sql<string>`count(*) filter (where ${userBags.state} = 1)`,
        paid: sql<string>`coalesce(sum(${userBags.amountUnits}), 0)`,
      })
      .from(userBags)
      .groupBy(userBags.campaignId);
    return new Map(rows.map((r) => [r.campaignId, { given: r.given, opened: Number(r.opened), paid: Number(r.paid) }]));
  },

  /** Campaign names by id, for mails and redeem codes that list the bags they give. */
  async names(db: Db, ids: readonly number[]): Promise<Map<number, RecordRow['names']>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: bagCampaigns.id, names })
      .from(bagCampaigns)
      .where(inArray(bagCampaigns.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.names]));
  },
};
