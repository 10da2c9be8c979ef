import { RECORD_ID_MAX } from '@kaixiang/shared/record-id';
import type { Currency } from '@kaixiang/shared/wallet';
import { and, count, desc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/accounts.ts';
import { boxOpenings } from '../../../db/schema/games.ts';
import { userItems } from '../../../db/schema/items.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../../db/schema/ledger.ts';
import { rechargeOrders } from '../../../db/schema/payments.ts';
import { users } from '../../../db/schema/users.ts';
import { rowsOf } from '../../../db/tx.ts';

type Exec = Db | Tx;

/** `%`, `_` and `\` match themselves in a LIKE pattern built from what staff typed. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/**
 * How each kind of `q` is looked up, best match first (the rank orders the answer). Each branch
 * is one index lookup (docs/console/players.md "Search"): the primary key; users_mobile_uq;
 * users_email_uq (lower(email)); users_steam_id_uq; users_super_invite_code_uq;
 * users_mobile_reverse_idx (reverse(mobile) text_pattern_ops: a phone's last digits are the
 * reversed number's beginning); users_nick_name_lower_idx (lower(nick_name) text_pattern_ops).
 * Only `contains` scans: a nickname's middle has no btree to serve it.
 */
function searchBranches(q: string, contains: boolean) {
  const branches: ReturnType<typeof sql>[] = [];
  const add = (rank: number, where: ReturnType<typeof sql>) =>
    branches.push(sql`select id, ${rank}::int as rank from users where ${where}`);
  if (/^\d{1,10}$/.test(q) && Number(q) <= RECORD_ID_MAX) add(0, sql`id = ${Number(q)}`);
  if (/^1\d{10}$/.test(q)) add(1, sql`mobile = ${q}`);
  if (q.includes('@')) add(2, sql`lower(email) = lower(${q})`);
  if (/^\d{5,20}$/.test(q)) add(3, sql`steam_id = ${q}`);
  if (/^[A-Za-z0-9]{4,16}$/.test(q)) add(4, sql`super_invite_code = ${q.toUpperCase()}`);
  if (/^\d{3,10}$/.test(q)) add(5, sql`reverse(mobile) like ${`${[...q].reverse().join('')}%`}`);
  const pattern = escapeLike(q);
  add(6, sql`lower(nick_name) like lower(${pattern}) || '%'`);
  if (contains) add(7, sql`lower(nick_name) like '%' || lower(${pattern}) || '%'`);
  return sql.join(branches, sql` union all `);
}

export interface SearchRow {
  id: number;
  nick_name: string;
  mobile: string | null;
  email: string | null;
  steam_id: string | null;
  invite_code: string | null;
  role: string;
  created_at: string | Date;
  banned_at: string | Date | null;
  destroyed_at: string | Date | null;
  balance: string | number | null;
  rank: number;
  total: string | number;
}

export interface SearchQuery {
  text: string;
  contains: boolean;
  limit: number;
  offset: number;
}

/**
 * A page of the players matching `q` (or, for an empty `q`, the newest accounts), each once at
 * its best rank, with the coin balance from its ledger account (ledger_accounts_owner_uq).
 * Exported for the test that reads its plan (no scan of users unless `contains`).
 */
export function searchPageSql(q: SearchQuery) {
  // The page is cut from the matched ids before anything is joined: a common nickname prefix may
  // match thousands, and only the page's rows need their user row and balance.
  const page = q.text
    ? sql`with m as (select id, min(rank) as rank from (${searchBranches(q.text, q.contains)}) b group by id)
        select id, rank, (select count(*) from m) as total from m order by rank, id desc limit ${q.limit} offset ${q.offset}`
    : sql`select id, 8 as rank, 0 as total from users order by id desc limit ${q.limit} offset ${q.offset}`;
  return sql`
    select u.id, u.nick_name, u.mobile, u.email, u.steam_id, u.super_invite_code as invite_code, u.role,
      u.created_at, u.banned_at, u.destroyed_at, a.balance, p.rank, p.total
    from (${page}) p
    join users u on u.id = p.id
    left join ledger_accounts a on a.owner = 'u:' || u.id and a.currency = 'coin'
    order by p.rank, u.id desc`;
}

/** SQL only (STYLE.md §1): the console's reads of players; every method takes its connection. */
export const playersRepo = {
  /** A page of searchPageSql and how many rows match in all. */
  async search(db: Exec, q: SearchQuery) {
    const rows = rowsOf<SearchRow>(await db.execute(searchPageSql(q)));
    // The count rides on the page's rows; a page past the end (or the unfiltered list) counts apart.
    let total = Number(rows[0]?.total ?? 0);
    if (!q.text || rows.length === 0) {
      const counted = rowsOf<{ n: string | number }>(
        await db.execute(
          q.text
            ? sql`select count(distinct id) as n from (${searchBranches(q.text, q.contains)}) m`
            : sql`select count(*) as n from users`,
        ),
      );
      total = Number(counted[0]?.n ?? 0);
    }
    return { rows, total };
  },

  userById: async (db: Exec, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0],

  nickOf: async (db: Exec, id: number) =>
    (await db.select({ nickName: users.nickName }).from(users).where(eq(users.id, id)))[0]?.nickName ?? null,

  /** Live logins (not ended, not expired), newest first (sessions_user_idx). */
  liveSessions: (db: Exec, userId: number, now: Date) =>
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.createdAt))
      .limit(100),

  /** Sessions a ban or a password reset is about to end (not yet revoked). */
  async openSessionCount(db: Exec, userId: number): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    return r?.n ?? 0;
  },

  async lastLoginAt(db: Exec, userId: number): Promise<Date | null> {
    const [r] = await db
      .select({ at: max(sessions.createdAt) })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return r?.at ?? null;
  },

  /** The counts of a player's page, each from an index on (user_id, …). */
  async counts(db: Exec, userId: number) {
    const [invitees] = await db.select({ n: count() }).from(users).where(eq(users.inviteUserId, userId));
    const [openings] = await db.select({ n: count() }).from(boxOpenings).where(eq(boxOpenings.userId, userId));
    const [recharges] = await db
      .select({ n: count(), units: sql<string>`coalesce(sum(${rechargeOrders.amountUnits}), 0)` })
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.userId, userId), eq(rechargeOrders.status, 2)));
    const [held] = await db
      .select({ n: count(), units: sql<string>`coalesce(sum(${userItems.priceUnits}), 0)` })
      .from(userItems)
      .where(and(eq(userItems.userId, userId), eq(userItems.status, 0)));
    return {
      invitees: invitees?.n ?? 0,
      openings: openings?.n ?? 0,
      recharges: recharges?.n ?? 0,
      recharged_units: Number(recharges?.units ?? 0),
      items_held: held?.n ?? 0,
      items_held_units: Number(held?.units ?? 0),
    };
  },

  /**
   * The user leg of a transfer posted under `key` (a console adjustment): what a repeat of its
   * request answers. Null when the key was never posted.
   */
  async userLegOf(db: Exec, key: string) {
    const [row] = await db
      .select({
        transferId: ledgerTransfers.id,
        createdAt: ledgerTransfers.createdAt,
        userId: ledgerAccounts.userId,
        currency: ledgerEntries.currency,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
      })
      .from(ledgerTransfers)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerTransfers.idemKey, key), sql`${ledgerAccounts.userId} is not null`));
    if (!row || row.userId === null) return null;
    return { ...row, userId: row.userId, currency: row.currency as Currency, balanceAfter: row.balanceAfter ?? 0 };
  },
};
