import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { BoxContentRow } from '../../db/schema/boxes.ts';
import { pgArray } from '../../db/tx.ts';
import { byAccountOwner, createTickBatcher } from '../../infra/tick-batcher.ts';
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
      /** The indexes (0-based, in rolls order) of the boxes whose lucky roll paid the award. */
      lucky: number[];
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
  signNonce: { value: string; expiresAtMs: number } | null;
  /**
   * The lucky player's rolls, one per box, while a lucky window runs (modules/lucky); null outside
   * one: the statement then writes what it wrote before the lucky player existed.
   */
  lucky: { windowId: number; awardUnits: number; rolls: readonly number[] } | null;
}

/** kx_open_box's arguments in order, as sent: the named statement's and the inline one's. */
function openArgs(o: OpenBoxRow) {
  return {
    user: o.userId,
    request: o.requestId,
    box: o.box.id,
    version: o.box.version,
    price: o.box.priceUnits,
    oddsHash: o.box.oddsHash,
    memo: o.memo,
    sourceName: o.sourceName,
    now: o.now.toISOString(),
    seed: o.seed.id,
    nonce: o.seed.nonce,
    clientSeed: o.seed.clientSeed,
    items: pgArray(o.rolls.map((x) => x.entry.itemId)),
    exters: pgArray(o.rolls.map((x) => x.entry.exter)),
    prices: pgArray(o.rolls.map((x) => x.entry.priceUnits)),
    tickets: pgArray(o.rolls.map((x) => x.ticket)),
    signNonce: o.signNonce?.value ?? null,
    nonceExpires: o.signNonce ? new Date(o.signNonce.expiresAtMs).toISOString() : null,
    luckyRolls: o.lucky ? pgArray(o.lucky.rolls) : null,
    luckyWindow: o.lucky?.windowId ?? null,
    luckyAward: o.lucky?.awardUnits ?? null,
  };
}
type OpenArgs = ReturnType<typeof openArgs>;

/** The call with each argument where `arg` puts it (a placeholder, or the value itself). */
const openCall = (arg: (name: keyof OpenArgs) => unknown) => sql`kx_open_box(
  ${arg('user')}, ${arg('request')}, ${arg('box')}, ${arg('version')}, ${arg('price')}, ${arg('oddsHash')},
  ${arg('memo')}, ${arg('sourceName')}, ${arg('now')}::timestamptz,
  ${arg('seed')}, ${arg('nonce')}, ${arg('clientSeed')},
  ${arg('items')}::integer[], ${arg('exters')}::integer[], ${arg('prices')}::bigint[], ${arg('tickets')}::integer[],
  ${arg('signNonce')}::text, ${arg('nonceExpires')}::timestamptz,
  ${arg('luckyRolls')}::integer[], ${arg('luckyWindow')}::integer, ${arg('luckyAward')}::bigint)`;

function answer(out: OpenBoxJson | undefined): OpenBoxJson {
  if (!out) throw new Error('kx_open_box answered nothing');
  return out;
}

export const boxesRepo = {
  /**
   * Records one opening in one statement, on its own (autocommit: the statement is the
   * transaction). See db/functions/boxes.sql for what it writes and when it writes nothing.
   * `openOn` prepares it once per pool (a named statement: PostgreSQL parses and plans the call
   * once per connection instead of on every opening); this one sends it inline, for a transaction.
   */
  async open(db: Db | Tx, o: OpenBoxRow): Promise<OpenBoxJson> {
    const args = openArgs(o);
    const r = (await db.execute(sql`select ${openCall((name) => args[name])} as r`)) as unknown as {
      rows: { r: OpenBoxJson }[];
    };
    return answer(r.rows[0]?.r);
  },

  /**
   * `open` as a statement prepared on `db` (the pool), for the openings that run outside a
   * transaction; the openings asked for in the same turn of the event loop go together as one
   * kx_open_boxes (infra/tick-batcher.ts: one round trip and one commit for all of them), ordered
   * by the player's ledger account owner, the order every ledger transfer locks accounts in.
   */
  openOn(db: Db, onBatch?: (size: number) => void): (o: OpenBoxRow) => Promise<OpenBoxJson> {
    const one = db
      .select({ r: sql<OpenBoxJson>`${openCall((name) => sql.placeholder(name))}` })
      .from(sql`(values (1)) as one`)
      .prepare('kx_open_box');
    const many = db
      .select({ r: sql<OpenBoxJson[]>`kx_open_boxes(${sql.placeholder('batch')}::jsonb)` })
      .from(sql`(values (1)) as one`)
      .prepare('kx_open_boxes');
    return createTickBatcher<OpenBoxRow, OpenBoxJson>({
      one: async (o) => answer((await one.execute(openArgs(o)))[0]?.r),
      many: async (os) => {
        const out = (await many.execute({ batch: JSON.stringify(os.map(openArgs)) }))[0]?.r;
        return (out ?? []).map(answer);
      },
      order: byAccountOwner((o) => o.userId),
      ...(onBatch ? { onBatch } : {}),
    });
  },
};
