import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { BoxContentRow } from '../../db/schema/boxes.ts';
import { pgArray } from '../../db/tx.ts';
import type { SeedState } from './fair-seeds.ts';

/** kx_open_box raises this when a twin request (same request id) committed first. */
export const SQLSTATE_TWIN_POSTED = 'KX002';

export type OpenBoxJson =
  | { status: 'duplicate' }
  | { status: 'replayed' }
  | { status: 'insufficient' }
  | { status: 'stale_seed' }
  | {
      status: 'ok';
      request_row_id: number;
      transfer_id: number;
      balance: number;
      item_ids: number[];
      opening_ids: number[];
    };

export interface OpenBoxRow {
  userId: number;
  requestId: string;
  box: { id: number; version: number; priceUnits: number; oddsHash: string };
  /** The transfer's memo (the box's zh-CN name) and the granted items' source name. */
  memo: string;
  sourceName: string;
  now: Date;
  seed: SeedState;
  rolls: readonly { nonce: number; ticket: number; entry: BoxContentRow }[];
  /** The request signature's nonce, checked and kept by the statement; null outside HTTP. */
  signNonce: { value: string; expiresAt: Date } | null;
}

export const boxesRepo = {
  /**
   * Records one opening in one statement, on its own (autocommit: the statement is the
   * transaction). See db/functions/boxes.sql for what it writes and when it writes nothing.
   */
  async open(db: Db | Tx, o: OpenBoxRow): Promise<OpenBoxJson> {
    const r = (await db.execute(sql`select kx_open_box(
      ${o.userId}, ${o.requestId}, ${o.box.id}, ${o.box.version}, ${o.box.priceUnits}, ${o.box.oddsHash},
      ${o.memo}, ${o.sourceName}, ${o.now.toISOString()}::timestamptz,
      ${o.seed.id}, ${o.seed.nonce}, ${o.seed.clientSeed},
      ${pgArray(o.rolls.map((x) => x.entry.itemId))}::integer[],
      ${pgArray(o.rolls.map((x) => x.entry.exter))}::integer[],
      ${pgArray(o.rolls.map((x) => x.entry.priceUnits))}::bigint[],
      ${pgArray(o.rolls.map((x) => x.ticket))}::integer[],
      ${o.signNonce?.value ?? null}::text, ${o.signNonce?.expiresAt.toISOString() ?? null}::timestamptz) as r`)) as unknown as {
      rows: { r: OpenBoxJson }[];
    };
    const out = r.rows[0]?.r;
    if (!out) throw new Error('kx_open_box answered nothing');
    return out;
  },
};
