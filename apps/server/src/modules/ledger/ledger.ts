import type { Currency, MoneyModifyPush } from '@kaixiang/shared/wallet';
import { CURRENCIES, MONEY_MODIFY_EVENT } from '@kaixiang/shared/wallet';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
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
] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

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

/**
 * Posts one balanced transfer inside the caller's transaction. User debits are applied with
 * `balance = balance - x WHERE balance >= x`: a short balance fails the write itself
 * (INSUFFICIENT_BALANCE, or `insufficient` when given) and never goes below zero.
 */
export async function postTransfer(
  tx: Tx,
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

  const inserted = await tx
    .insert(ledgerTransfers)
    .values({ kind: spec.kind, idemKey: spec.key, memo: spec.memo ?? '', createdAt: now })
    .onConflictDoNothing({ target: ledgerTransfers.idemKey })
    .returning({ id: ledgerTransfers.id });
  if (inserted.length === 0) {
    const [prior] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idemKey, spec.key));
    return { transferId: prior?.id ?? 0, duplicate: true, balances: new Map() };
  }
  const transferId = inserted[0]?.id as number;

  // Lock user rows in a fixed order (by owner) so two transfers between the same users cannot deadlock.
  const legs = [...spec.legs].sort((a, b) => ownerOf(a.account).localeCompare(ownerOf(b.account)));
  const balances = new Map<number, number>();
  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  for (const leg of legs) {
    const ref = leg.account;
    if ('userId' in ref) {
      const { accountId, balance } = await applyUserLeg(tx, ref.userId, spec.currency, leg.amount, insufficient);
      balances.set(ref.userId, balance);
      entries.push({
        transferId,
        accountId,
        currency: spec.currency,
        amount: leg.amount,
        balanceAfter: balance,
        createdAt: now,
      });
    } else {
      const accountId = await houseAccountId(tx, ref.house, spec.currency);
      entries.push({ transferId, accountId, currency: spec.currency, amount: leg.amount, createdAt: now });
    }
  }
  await tx.insert(ledgerEntries).values(entries);
  return { transferId, duplicate: false, balances };
}

async function applyUserLeg(
  tx: Tx,
  userId: number,
  currency: Currency,
  amount: number,
  insufficient: ConstructorParameters<typeof AppError>[0],
): Promise<{ accountId: number; balance: number }> {
  if (amount > 0) {
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({ owner: `u:${userId}`, userId, currency, balance: amount })
      .onConflictDoUpdate({
        target: [ledgerAccounts.owner, ledgerAccounts.currency],
        set: { balance: sql`${ledgerAccounts.balance} + ${amount}` },
      })
      .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
    if (!row) throw new Error('ledger credit wrote no row');
    return { accountId: row.id, balance: row.balance as number };
  }
  const [row] = await tx
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} - ${-amount}` })
    .where(
      and(
        eq(ledgerAccounts.owner, `u:${userId}`),
        eq(ledgerAccounts.currency, currency),
        sql`${ledgerAccounts.balance} >= ${-amount}`,
      ),
    )
    .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
  if (!row) throw new AppError(insufficient);
  return { accountId: row.id, balance: row.balance as number };
}

/** House account ids never change once made; cached per process. */
const houseIds = new Map<string, number>();

async function houseAccountId(tx: Tx, house: HouseAccount, currency: Currency): Promise<number> {
  const owner = `h:${house}`;
  const cacheKey = `${owner}/${currency}`;
  const cached = houseIds.get(cacheKey);
  if (cached !== undefined) return cached;
  const find = async () =>
    (
      await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.owner, owner), eq(ledgerAccounts.currency, currency)))
    )[0]?.id;
  const existing = await find();
  // Only a committed row is cached: the seed creates every house account, so this is the norm.
  if (existing !== undefined) {
    houseIds.set(cacheKey, existing);
    return existing;
  }
  await tx.insert(ledgerAccounts).values({ owner, currency, balance: null }).onConflictDoNothing();
  const made = await find();
  if (made === undefined) throw new Error(`house account ${owner} missing`);
  return made;
}

/** Creates every house account in every currency (idempotent; part of the seed). */
export async function seedLedger(db: Db): Promise<void> {
  const rows = HOUSE_ACCOUNTS.flatMap((house) =>
    CURRENCIES.map((currency) => ({ owner: `h:${house}`, currency, balance: null })),
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
  const pushBalances = async (userIds: Iterable<number>) => {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
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
      // The push is a courtesy: a failure to publish must not turn a committed change into an error.
      await pushBalances(touched).catch(() => undefined);
      return result;
    },
  };
}
