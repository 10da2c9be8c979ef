import { ENERGY_KINDS } from '@kaixiang/shared/energy-paths';
import { and, asc, count, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bagCampaigns, userBags } from '../../db/schema/bags.ts';
import { energyLevels } from '../../db/schema/energy.ts';

export type EnergyLevelRow = typeof energyLevels.$inferSelect;

/** A level with its campaign's names and current table version. */
export interface LevelWithCampaign {
  l: EnergyLevelRow;
  names: { zhCn: string; zhTw: string; en: string };
  tableVersion: number;
  kind: string;
}

const levelSelect = {
  l: energyLevels,
  names: { zhCn: bagCampaigns.nameZhCn, zhTw: bagCampaigns.nameZhTw, en: bagCampaigns.nameEn },
  tableVersion: bagCampaigns.tableVersion,
  kind: bagCampaigns.kind,
};

/** The bag a level gives a player in a week: its source key names it, so it is given once. */
export const energySourceKey = (levelId: number, userId: number, week: string) => `energy:${levelId}:${userId}:${week}`;

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const energyRepo = {
  /** Every level (enabled only unless `all`), lowest first, with its campaign. */
  async levels(db: Db | Tx, all = false): Promise<LevelWithCampaign[]> {
    const q = db
      .select(levelSelect)
      .from(energyLevels)
      .innerJoin(bagCampaigns, eq(bagCampaigns.id, energyLevels.campaignId));
    const rows = await (all ? q : q.where(eq(energyLevels.enabled, true))).orderBy(asc(energyLevels.level));
    return rows;
  },

  async level(db: Db | Tx, id: number): Promise<LevelWithCampaign | undefined> {
    const [row] = await db
      .select(levelSelect)
      .from(energyLevels)
      .innerJoin(bagCampaigns, eq(bagCampaigns.id, energyLevels.campaignId))
      .where(eq(energyLevels.id, id));
    return row;
  },

  async lockLevel(tx: Tx, id: number): Promise<EnergyLevelRow | undefined> {
    const [row] = await tx.select().from(energyLevels).where(eq(energyLevels.id, id)).for('update');
    return row;
  },

  async levelByNumber(db: Db | Tx, level: number): Promise<EnergyLevelRow | undefined> {
    const [row] = await db.select().from(energyLevels).where(eq(energyLevels.level, level));
    return row;
  },

  async insertLevel(tx: Tx, row: typeof energyLevels.$inferInsert): Promise<EnergyLevelRow> {
    const [out] = await tx.insert(energyLevels).values(row).returning();
    if (!out) throw new Error('energy level insert returned nothing');
    return out;
  },

  async updateLevel(tx: Tx, id: number, set: Partial<typeof energyLevels.$inferInsert>): Promise<void> {
    await tx.update(energyLevels).set(set).where(eq(energyLevels.id, id));
  },

  /**
   * The player's energy from `start` to `end`: minus the sum of their coin entries of the
   * ENERGY_KINDS (stakes are debits; battle refunds and free-box funding are credits that take
   * back what they returned), never below 0. The ledger is the one source: nothing else counts.
   */
  async energy(db: Db | Tx, userId: number, start: Date, end: Date): Promise<number> {
    const r = await db.execute(sql`
      select coalesce(-sum(e.amount), 0)::bigint as energy
      from ledger_accounts a
      join ledger_entries e on e.account_id = a.id
      join ledger_transfers t on t.id = e.transfer_id
      where a.owner = ${`u:${userId}`} and a.currency = 'coin'
        and t.kind in (${sql.join(
          ENERGY_KINDS.map((k) => sql`${k}`),
          sql`, `,
        )})
        and e.created_at >= ${start.toISOString()}::timestamptz and e.created_at < ${end.toISOString()}::timestamptz`);
    const rows = (r as unknown as { rows: { energy: string | number }[] }).rows;
    return Math.max(0, Number(rows[0]?.energy ?? 0));
  },

  /** The player's energy bags of one week by source key. */
  async weekBags(db: Db | Tx, keys: readonly string[]) {
    if (keys.length === 0) return [];
    return db
      .select({
        id: userBags.id,
        sourceKey: userBags.sourceKey,
        state: userBags.state,
        amountUnits: userBags.amountUnits,
        openedAt: userBags.openedAt,
      })
      .from(userBags)
      .where(inArray(userBags.sourceKey, [...keys]));
  },

  /** Per level: energy boxes opened (every week) and what they paid. */
  async stats(db: Db | Tx): Promise<Map<number, { opened: number; paid: number }>> {
    const levelId = sql<string>`split_part(${userBags.sourceKey}, ':', 2)`;
    const rows = await db
      .select({ levelId, opened: count(), paid: sql<string>`coalesce(sum(${userBags.amountUnits}), 0)` })
      .from(userBags)
      .where(and(eq(userBags.source, 'energy'), eq(userBags.state, 1), like(userBags.sourceKey, 'energy:%')))
      .groupBy(levelId);
    return new Map(rows.map((r) => [Number(r.levelId), { opened: r.opened, paid: Number(r.paid) }]));
  },
};
