import type { Currency, MoneyModifyPush } from '@kaixiang/shared/wallet';
import { CURRENCIES, MONEY_MODIFY_EVENT } from '@kaixiang/shared/wallet';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { pgArray, sqlStateOf } from '../../db/tx.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';

/**
 * Named house and external accounts: the other side of every player balance change. They keep
 * no cached balance (schema/ledger.ts), so posting to them locks nothing.
 */
export const HOUSE_ACCOUNTS = [
  'payments_in',
  'box_revenue',
  'item_buyback',
  'mall_revenue',
  'quota_exchange',
  'promotions',
  'game_pool',
  'test_faucet',
  /** Credit anchors (streamers) top up with: never counted as real money or as a recharge. */
  'anchor_credit',
  /** The turntable's jackpot pool: fed a share of every stake, paid out on a jackpot icon. */
  'turntable_jackpot',
  /** The points shop (积分商城): takes the points paid, pays the coins it sells. */
  'points_shop',
  /** The wishing well (许愿池): takes what wishes pay (points or coins). */
  'wishing_well',
  /**
   * The other side of a staff member's balance adjustment (console Players, kind `correction`):
   * its sum is what the console has given players, apart from every game and promotion.
   */
  'admin_adjust',
  /** World cup predictions (竞猜): takes the points staked, pays the right picks back. */
  'predictions',
] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

/**
 * House accounts that keep a cached balance like a player's (kx_post_transfer keeps it and never
 * lets it go below zero): a pool whose size a game reads from one row, not by summing entries.
 */
export const BALANCED_HOUSE_ACCOUNTS: readonly HouseAccount[] = ['turntable_jackpot'];

export type AccountRef = { userId: number } | { house: HouseAccount };

export interface Leg {
  account: AccountRef;
  /** Signed units: positive credits the account. */
  amount: number;
}

export interface TransferSpec {
  /** Why money moved (TRANSFER_KINDS for the ones players see). */
  kind: string;
  /** Unique per source event: a second post with the same key moves nothing. */
  key: string;
  currency: Currency;
  legs: readonly Leg[];
  memo?: string;
}

export interface PostResult {
  transferId: number;
  /** True when the key had been posted before: nothing moved this time. */
  duplicate: boolean;
  /** Cached balance after this transfer of every user leg, by user id (empty on a duplicate). */
  balances: Map<number, number>;
}

const ownerOf = (ref: AccountRef) => ('userId' in ref ? `u:${ref.userId}` : `h:${ref.house}`);

/** Balance pushes of one process read the ledger at most this often (see createLedger). */
export const PUSH_GAP_MS = 50;

/** SQLSTATE raised by kx_post_transfer when a user debit would go below zero. */
export const SQLSTATE_INSUFFICIENT = 'KX001';

/**
 * Posts one balanced transfer inside the caller's transaction, in one statement: the server-side
 * function kx_post_transfer (db/functions/ledger.sql) writes the transfer, applies the legs in a
 * fixed order and appends the entries. User debits are `balance - x WHERE balance >= x`: a short
 * balance fails the write itself (INSUFFICIENT_BALANCE, or `insufficient` when given) and never
 * goes below zero.
 */
export async function postTransfer(
  tx: Tx | Db,
  spec: TransferSpec,
  now: Date,
  insufficient: ConstructorParameters<typeof AppError>[0] = 'INSUFFICIENT_BALANCE',
): Promise<PostResult> {
  let sum = 0;
  for (const leg of spec.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) throw new RangeError(`bad leg amount ${leg.amount}`);
    sum += leg.amount;
  }
  if (sum !== 0 || spec.legs.length < 2) throw new RangeError(`transfer ${spec.key} does not balance`);
  const owners = pgArray(spec.legs.map((l) => ownerOf(l.account)));
  const amounts = pgArray(spec.legs.map((l) => l.amount));
  let result: { rows: { r: PostedJson }[] };
  try {
    result = (await tx.execute(
      sql`select kx_post_transfer(${spec.kind}, ${spec.key}, ${spec.currency}, ${spec.memo ?? ''},
        ${now.toISOString()}::timestamptz, ${owners}::text[], ${amounts}::bigint[]) as r`,
    )) as unknown as { rows: { r: PostedJson }[] };
  } catch (e) {
    if (sqlStateOf(e) === SQLSTATE_INSUFFICIENT) throw new AppError(insufficient);
    throw e;
  }
  return postResultOf(result.rows[0]?.r);
}

/** What kx_post_transfer answers (numbers are JSON numbers: every amount is a safe integer). */
export interface PostedJson {
  transfer_id: number;
  duplicate: boolean;
  balances: Record<string, number>;
}

export function postResultOf(json: PostedJson | undefined): PostResult {
  if (!json) throw new Error('kx_post_transfer answered nothing');
  const balances = new Map<number, number>();
  for (const [userId, balance] of Object.entries(json.balances)) balances.set(Number(userId), balance);
  return { transferId: json.transfer_id, duplicate: json.duplicate, balances };
}

/** Creates every house account in every currency (idempotent; part of the seed). */
export async function seedLedger(db: Db): Promise<void> {
  const rows = HOUSE_ACCOUNTS.flatMap((house) =>
    CURRENCIES.map((currency) => ({
      owner: `h:${house}`,
      currency,
      balance: BALANCED_HOUSE_ACCOUNTS.includes(house) ? 0 : null,
    })),
  );
  await db.insert(ledgerAccounts).values(rows).onConflictDoNothing();
}

/** A user's balances in every currency (0 where no account exists yet). */
export async function balancesOf(db: Db | Tx, userId: number): Promise<Record<Currency, number>> {
  const rows = await db
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.owner, `u:${userId}`));
  const out: Record<Currency, number> = { coin: 0, quota: 0, point: 0 };
  for (const r of rows) out[r.currency as Currency] = r.balance ?? 0;
  return out;
}

export interface LedgerTx {
  tx: Tx;
  now: Date;
  /** Posts a transfer and remembers its users for the money push after commit. */
  post(spec: TransferSpec, insufficient?: ConstructorParameters<typeof AppError>[0]): Promise<PostResult>;
}

export interface Ledger {
  /**
   * Runs `fn` in a retried transaction; after it commits, every user whose balance changed gets
   * `money_modify` with the committed balances on room user:{id}.
   */
  transaction<T>(fn: (lt: LedgerTx) => Promise<T>): Promise<T>;
  /** Pushes the current balances of these users (after a commit made elsewhere). */
  pushBalances(userIds: Iterable<number>): Promise<void>;
}

export function createLedger(deps: {
  db: Db;
  bus: EventBus;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}): Ledger {
  /**
   * Balances are read after the commits that changed them, so the last push a player gets is
   * always the committed state, whatever order two commits' pushes race in. One read is in flight
   * at a time: users whose balances change meanwhile wait for the next, which reads them all in
   * one query. Under load that is one read for many commits instead of one each.
   */
  let dirty = new Set<number>();
  let waiting: (() => void)[] = [];
  let flushing = false;
  let lastReadAt = Number.NEGATIVE_INFINITY;
  async function flush() {
    while (dirty.size > 0) {
      // At most one read per PUSH_GAP_MS: under load the users dirtied meanwhile ride along, so a
      // player opening boxes back to back gets a push per gap, not one per opening.
      const wait = lastReadAt + PUSH_GAP_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastReadAt = performance.now();
      const ids = [...dirty];
      const done = waiting;
      dirty = new Set();
      waiting = [];
      try {
        const rows = await deps.db
          .select({ userId: ledgerAccounts.userId, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.userId, ids));
        for (const id of ids) {
          const push: MoneyModifyPush = { type: 2, money: 0, mall_quota: 0 };
          for (const r of rows) {
            if (r.userId !== id) continue;
            if (r.currency === 'coin') push.money = r.balance ?? 0;
            if (r.currency === 'quota') push.mall_quota = r.balance ?? 0;
          }
          await deps.bus.publish(`user:${id}`, MONEY_MODIFY_EVENT, push);
        }
      } catch {
        // The push is a courtesy (the next change pushes again); a failed read must not stop the loop.
      } finally {
        for (const resolve of done) resolve();
      }
    }
    flushing = false;
  }
  const pushBalances = (userIds: Iterable<number>): Promise<void> => {
    const ids = [...userIds];
    if (ids.length === 0) return Promise.resolve();
    for (const id of ids) dirty.add(id);
    const pushed = new Promise<void>((resolve) => waiting.push(resolve));
    if (!flushing) {
      flushing = true;
      void flush();
    }
    return pushed;
  };

  return {
    pushBalances,
    async transaction(fn) {
      let touched = new Set<number>();
      const result = await deps.transaction(async (tx) => {
        touched = new Set();
        const now = new Date(deps.clock.now());
        return fn({
          tx,
          now,
          post: async (spec, insufficient) => {
            const r = await postTransfer(tx, spec, now, insufficient);
            for (const id of r.balances.keys()) touched.add(id);
            return r;
          },
        });
      });
      // The push is a courtesy: the answer does not wait for it, and a failure to publish must
      // not turn a committed change into an error.
      void pushBalances(touched).catch(() => undefined);
      return result;
    },
  };
}
