import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { commandItemCodes } from '../../db/schema/command-items.ts';
import { commandTiers } from '../../db/schema/vip.ts';

export type CodeRow = typeof commandItemCodes.$inferSelect;

/** What kx_command_item_redeem answers (db/functions/command-items.sql). */
export type RedeemJson =
  | { status: 'not_found' | 'not_started' | 'ended' | 'duplicate' | 'used_up' }
  | { status: 'ok'; claim_id: number; user_item_id: number | null; coin: number; money: number };

export const commandItemsRepo = {
  async codeByText(db: Db, code: string): Promise<CodeRow | undefined> {
    const [row] = await db.select().from(commandItemCodes).where(eq(commandItemCodes.code, code));
    return row;
  },

  async codeById(db: Db | Tx, id: number): Promise<CodeRow | undefined> {
    const [row] = await db.select().from(commandItemCodes).where(eq(commandItemCodes.id, id));
    return row;
  },

  /** One use in one statement (command-items.sql). */
  async redeem(db: Db, userId: number, codeId: number, now: Date): Promise<RedeemJson> {
    const r = (await db.execute(
      sql`select kx_command_item_redeem(${userId}, ${codeId}, ${now.toISOString()}::timestamptz) as r`,
    )) as unknown as { rows: { r: RedeemJson }[] };
    const out = r.rows[0]?.r;
    if (!out) throw new Error('kx_command_item_redeem answered nothing');
    return out;
  },

  async itemDef(db: Db | Tx, id: number) {
    const [row] = await db.select().from(itemDefs).where(eq(itemDefs.id, id));
    return row;
  },

  async itemNames(db: Db, ids: number[]) {
    if (ids.length === 0) return new Map<number, string>();
    const rows = await db
      .select({ id: itemDefs.id, name: itemDefs.nameZhCn })
      .from(itemDefs)
      .where(inArray(itemDefs.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async insert(tx: Tx | Db, row: typeof commandItemCodes.$inferInsert): Promise<CodeRow | undefined> {
    const [made] = await tx
      .insert(commandItemCodes)
      .values(row)
      .onConflictDoNothing({ target: commandItemCodes.code })
      .returning();
    return made;
  },

  /** Whether a recharge tier's key is spelt `code` (any case): the claim answers the tier first. */
  async tierKeyTaken(db: Db | Tx, code: string): Promise<boolean> {
    const rows = await db
      .select({ id: commandTiers.id })
      .from(commandTiers)
      .where(sql`upper(${commandTiers.key}) = ${code}`);
    return rows.length > 0;
  },

  list: (db: Db) => db.select().from(commandItemCodes).orderBy(desc(commandItemCodes.id)),

  async setEnabled(tx: Tx, id: number, enabled: boolean): Promise<CodeRow | undefined> {
    const [row] = await tx.update(commandItemCodes).set({ enabled }).where(eq(commandItemCodes.id, id)).returning();
    return row;
  },
};
