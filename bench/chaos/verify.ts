import type pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { checkLedger } from '../../apps/server/src/modules/ledger/ledger-check.ts';
import type { ServerName } from '../support/servers.ts';
import { secs } from '../support/time.ts';
import type { Conn } from './socket.ts';
import { cut, KINDS, type Kind, type Op, type Player } from './workload.ts';

/** The chaos run's verdicts: the ledger against the clients' records, and the sockets. */
export type Check = (ok: boolean, text: string) => void;

interface Row {
  tried: number;
  acked: number;
  refused: number;
  unknown: number;
  cut: number;
  found: number;
  lost: number;
  doubled: number;
  /** Refused, yet in the ledger. */
  phantom: number;
  /** Cut, and its transfer was written before the kill: the answer was lost, the retry replayed it. */
  cutAfterCommit: number;
  unknownFound: number;
}
const emptyRow = (): Row => ({
  tried: 0,
  acked: 0,
  refused: 0,
  unknown: 0,
  cut: 0,
  found: 0,
  lost: 0,
  doubled: 0,
  phantom: 0,
  cutAfterCommit: 0,
  unknownFound: 0,
});

/**
 * The ledger after the run: balanced (checkLedger), every operation found by the keys its service
 * uses, nothing else on the players' accounts, and each player's balances equal to the client's
 * books (credits plus the effect of every operation found).
 */
export async function verifyLedger(
  run: { mon: pg.Pool; databaseUrl: string; ops: Op[]; players: Player[]; killWallMs: number; extraKeys: string[] },
  check: Check,
): Promise<ShownAfter> {
  const { mon, ops, players } = run;
  const database = await openDatabase({ url: run.databaseUrl, poolMax: 2 });
  const report = await checkLedger(database.db).finally(() => database.close());
  check(
    report.problems.length === 0,
    `ledger check: ${report.transfers} transfers, ${report.entries} entries` +
      (report.problems.length ? `: ${report.problems.slice(0, 5).join('; ')}` : ', balanced'),
  );

  const ids = players.map((p) => p.userId);
  // Every leg on a player's account, by its transfer's key.
  const legs = await rows<{ key: string; created_ms: string }>(
    mon,
    `select t.idem_key as key, (extract(epoch from t.created_at) * 1000)::bigint::text as created_ms
     from ledger_entries e join ledger_transfers t on t.id = e.transfer_id join ledger_accounts a on a.id = e.account_id
     where a.user_id = any($1)`,
    [ids],
  );
  const createdMs = new Map(legs.map((l) => [l.key, Number(l.created_ms)]));
  const exchangeRows = new Map(
    (
      await rows<{ id: number; user_id: number; request_id: string }>(
        mon,
        'select id, user_id, request_id from quota_exchanges where user_id = any($1)',
        [ids],
      )
    ).map((r) => [`${r.user_id}:${r.request_id}`, r.id]),
  );
  const boxItems = new Map(
    (
      await rows<{ user_id: number; n: string }>(
        mon,
        `select user_id, count(*)::text as n from user_items where source = 'box' and user_id = any($1) group by user_id`,
        [ids],
      )
    ).map((r) => [r.user_id, Number(r.n)]),
  );

  /** The transfers an operation made, by the keys its service uses, and how often it happened. */
  const traces = (op: Op): { times: number; keys: string[]; main: string } => {
    const uid = op.player.userId;
    const present = (keys: string[]) => keys.filter((k) => createdMs.has(k));
    switch (op.kind) {
      case 'open': {
        const main = `box_open:${uid}:${op.key}`;
        const keys = present([main]);
        return { times: keys.length, keys, main };
      }
      case 'sell':
      case 'recycle': {
        // Every way the item can leave for money: one sale, recycling or auto-sale, never two.
        const keys = present(['item_sell', 'item_recycle', 'item_auto_sell'].map((k) => `${k}:${op.key}`));
        const main = `${op.kind === 'sell' ? 'item_sell' : 'item_recycle'}:${op.key}`;
        return { times: keys.includes(main) ? keys.length : 0, keys, main };
      }
      case 'exchange': {
        const id = exchangeRows.get(`${uid}:${op.key}`);
        const main = `quota_exchange:${id}:coin`;
        const keys = id === undefined ? [] : present([`quota_exchange:${id}:quota`, main]);
        // One leg without the other would be a torn exchange: counted as doubled (wrong) too.
        return { times: keys.length === 2 ? 1 : keys.length === 0 ? 0 : Number.NaN, keys, main };
      }
      case 'recharge': {
        const main = `recharge:${op.key}`;
        if (!op.key) return { times: 0, keys: [], main };
        const keys = [...createdMs.keys()].filter((k) => k === main || k.startsWith(`${main}:`));
        return { times: keys.includes(main) ? 1 : 0, keys, main };
      }
    }
  };

  const table = new Map<Kind, Row>(KINDS.map((k) => [k, emptyRow()]));
  const books = new Map(players.map((p) => [p.userId, { coin: p.credited, quota: 0 }]));
  const openings = new Map<number, number>();
  const attributed = new Set(run.extraKeys);
  const problems: string[] = [];
  const name = (op: Op) => `${op.kind} ${op.key || '(no order)'} of user ${op.player.userId}`;
  for (const op of ops) {
    const row = table.get(op.kind) as Row;
    const t = traces(op);
    for (const k of t.keys) attributed.add(k);
    row.tried++;
    row[op.outcome === 'ack' ? 'acked' : op.outcome]++;
    if (cut(op)) row.cut++;
    if (cut(op) && t.times >= 1 && (createdMs.get(t.main) ?? Number.POSITIVE_INFINITY) <= run.killWallMs) {
      row.cutAfterCommit++;
    }
    if (t.times >= 1) row.found++;
    if (!(t.times <= 1) || op.conflict) {
      row.doubled++;
      problems.push(`doubled: ${name(op)}: ${op.conflict || t.keys.join(', ')}`);
    }
    if (op.outcome === 'ack' && t.times === 0) {
      row.lost++;
      problems.push(`lost: ${name(op)} (${op.attempts.map((a) => `${a.server} ${a.result}`).join(', ')})`);
    }
    if (op.outcome === 'refused' && t.times > 0) {
      row.phantom++;
      problems.push(`refused (${op.refusal}) but in the ledger: ${name(op)}`);
    }
    if (op.outcome === 'unknown' && t.times >= 1) row.unknownFound++;
    if (t.times >= 1) {
      const b = books.get(op.player.userId) as { coin: number; quota: number };
      b.coin += op.effect.coin;
      b.quota += op.effect.quota;
      if (op.kind === 'open') openings.set(op.player.userId, (openings.get(op.player.userId) ?? 0) + 1);
    }
  }
  // An opening in the ledger once that granted its item twice would be doubled too.
  for (const p of players) {
    const granted = boxItems.get(p.userId) ?? 0;
    const opened = openings.get(p.userId) ?? 0;
    if (granted !== opened) {
      (table.get('open') as Row).doubled++;
      problems.push(`user ${p.userId}: ${opened} openings in the ledger but ${granted} box items granted`);
    }
  }
  const stray = [...createdMs.keys()].filter((k) => !attributed.has(k));

  const total = emptyRow();
  const cols = ['tried', 'acked', 'refused', 'unknown', 'cut', 'found', 'lost', 'doubled'] as const;
  console.log(`${'operation'.padEnd(10)}${cols.map((c) => c.padStart(9)).join('')}`);
  for (const [kind, r] of [...table, ['all', total] as const]) {
    if (kind !== 'all') for (const k of Object.keys(total) as (keyof Row)[]) total[k] += r[k];
    console.log(`${kind.padEnd(10)}${cols.map((c) => String(r[c]).padStart(9)).join('')}`);
  }
  const attempts = ops.flatMap((o) => o.attempts);
  const count = (result: string) => attempts.filter((a) => a.result === result).length;
  const refusals = new Map<string, number>();
  for (const op of ops) {
    if (op.outcome === 'refused')
      refusals.set(`${op.kind} ${op.refusal}`, (refusals.get(`${op.kind} ${op.refusal}`) ?? 0) + 1);
  }
  console.log(
    `attempts ${attempts.length}: ${count('ack')} acknowledged, ${count('refused')} refused, ${count('cut')} cut ` +
      `mid-request, ${count('down')} refused to connect, ${count('error')} 5xx; refused operations: ` +
      `${[...refusals].map(([k, n]) => `${n}× ${k}`).join(', ') || 'none'}`,
  );
  const twins = ops.filter((o) => o.mode === 'twin');
  const bothAcked = twins.filter((o) => o.attempts.filter((a) => a.result === 'ack').length >= 2).length;
  console.log(
    `twin openings (one request id sent to A and B at once): ${twins.length}, both answered with the opening ` +
      `in ${bothAcked}; openings in pairs (one player on A and B at once): ${ops.filter((o) => o.mode === 'pair').length}`,
  );
  console.log(
    `cut operations: ${total.cut}, of which ${total.cutAfterCommit} had committed before the kill (answer lost, the retry ` +
      `got the first result) and ${total.cut - total.cutAfterCommit} had not (the retry did the work)`,
  );
  console.log('');

  check(
    total.lost === 0 && total.doubled === 0,
    `every acknowledged operation is in the ledger exactly once: ${total.acked} acknowledged, lost ${total.lost}, doubled ${total.doubled}`,
  );
  check(
    total.doubled === 0,
    `operations cut off and retried with the same key happened at most once: ${total.cut} cut, ` +
      `${total.unknown} left unknown (${total.unknownFound} of those in the ledger)`,
  );
  check(
    total.phantom === 0,
    `refused operations never reached the ledger: ${total.refused} refused, ${total.phantom} found`,
  );
  check(
    stray.length === 0,
    `no other transfer touched the players' money: ${stray.length} stray${stray.length ? ` (${stray.slice(0, 5).join(', ')})` : ''}`,
  );
  const balances = new Map(
    (
      await rows<{ user_id: number; currency: string; balance: string }>(
        mon,
        'select user_id, currency, balance::text from ledger_accounts where user_id = any($1)',
        [ids],
      )
    ).map((r) => [`${r.user_id}:${r.currency}`, Number(r.balance)]),
  );
  const offBooks = players.filter((p) => {
    const b = books.get(p.userId) as { coin: number; quota: number };
    return (balances.get(`${p.userId}:coin`) ?? 0) !== b.coin || (balances.get(`${p.userId}:quota`) ?? 0) !== b.quota;
  });
  for (const p of offBooks) {
    const b = books.get(p.userId) as { coin: number; quota: number };
    problems.push(
      `user ${p.userId}: books say coin ${b.coin} quota ${b.quota}, ledger ` +
        `${balances.get(`${p.userId}:coin`) ?? 0} / ${balances.get(`${p.userId}:quota`) ?? 0}`,
    );
  }
  check(
    offBooks.length === 0,
    `each player's coin and quota equal the client's books (credits + every operation found): ` +
      `${players.length - offBooks.length}/${players.length}`,
  );
  for (const p of problems.slice(0, 10)) console.log(`      ${p}`);

  const shownAfter = await balancesFromEachOp(mon, ids, (op) => traces(op).keys);

  // Fairness under concurrency: the players' openings raced for their seed pairs' next nonce
  // across processes; each nonce of a pair must have gone to exactly one roll.
  const reused = await rows<{ seed_id: number; nonce: number; n: string }>(
    mon,
    `select seed_id, nonce, count(*)::text as n from box_openings where user_id = any($1)
     group by seed_id, nonce having count(*) > 1 limit 5`,
    [ids],
  );
  const [rolls] = await rows<{ n: string; pairs: string }>(
    mon,
    'select count(*)::text as n, count(distinct seed_id)::text as pairs from box_openings where user_id = any($1)',
    [ids],
  );
  check(
    reused.length === 0,
    `every nonce of a seed pair rolled once: ${rolls?.n ?? 0} rolls on ${rolls?.pairs ?? 0} pairs` +
      (reused.length ? `; reused: ${reused.map((r) => `pair ${r.seed_id} nonce ${r.nonce} ×${r.n}`).join(', ')}` : ''),
  );
  return shownAfter;
}

/**
 * Balances a money_modify may carry to show an operation: its own balance after, or that of any
 * later transfer on the same account (a push reads the balance when it goes out, so moves made
 * within one push gap are shown together by the latest). Null for an operation not in the ledger.
 */
export type ShownAfter = (op: Op) => { money: Set<number> | null; quota: Set<number> | null } | null;

async function balancesFromEachOp(mon: pg.Pool, ids: number[], keysOf: (op: Op) => string[]): Promise<ShownAfter> {
  const entries = await rows<{ key: string; id: string; user_id: number; currency: string; balance_after: string }>(
    mon,
    `select t.idem_key as key, e.id::text, a.user_id, a.currency, e.balance_after::text
     from ledger_entries e join ledger_transfers t on t.id = e.transfer_id join ledger_accounts a on a.id = e.account_id
     where a.user_id = any($1) order by e.id`,
    [ids],
  );
  // Per account, its balances in entry order: the account's row lock orders its entries.
  const history = new Map<string, { id: number; balance: number }[]>();
  const byKey = new Map<string, { account: string; id: number }[]>();
  for (const e of entries) {
    const account = `${e.user_id}:${e.currency}`;
    const at = { id: Number(e.id), balance: Number(e.balance_after) };
    history.set(account, [...(history.get(account) ?? []), at]);
    byKey.set(e.key, [...(byKey.get(e.key) ?? []), { account, id: at.id }]);
  }
  const from = (op: Op, currency: string): Set<number> | null => {
    const mine = keysOf(op)
      .flatMap((k) => byKey.get(k) ?? [])
      .filter((leg) => leg.account === `${op.player.userId}:${currency}`);
    if (mine.length === 0) return null;
    const first = Math.min(...mine.map((leg) => leg.id));
    return new Set((history.get(mine[0]?.account ?? '') ?? []).filter((h) => h.id >= first).map((h) => h.balance));
  };
  return (op) => {
    const money = from(op, 'coin');
    const quota = from(op, 'quota');
    return money || quota ? { money, quota } : null;
  };
}

/**
 * The sockets: those on the killed process reconnected to the survivor, and every connection got,
 * for each acknowledged move of its player made while it was joined, a money_modify showing it
 * (its balance after, or a later one: see ShownAfter).
 */
export function verifySockets(
  run: {
    ops: Op[];
    players: Player[];
    victim: ServerName;
    survivor: ServerName;
    killIssuedMs: number;
    loadEndMs: number;
    /** The coin balance of the credit made after the load, by user. */
    finals: Map<number, number>;
    shownAfter: ShownAfter;
  },
  check: Check,
): void {
  const { ops, players, victim, killIssuedMs } = run;
  const afterKill = (c: Conn) => c.openedMs > killIssuedMs;
  const onVictim = players.filter((p) => p.socket.conns[0]?.server === victim);
  const rejoined = onVictim.filter((p) =>
    p.socket.conns.some((c) => afterKill(c) && c.loggedIn && c.joinedMs !== null && c.server === run.survivor),
  );
  const delays = onVictim.map((p) => (p.socket.conns.find((c) => afterKill(c))?.joinedMs ?? Number.NaN) - killIssuedMs);
  check(
    onVictim.length > 0 && rejoined.length === onVictim.length,
    `every socket on the killed process reconnected to the survivor, logged in and joined its room: ` +
      `${rejoined.length}/${onVictim.length} (${secs(Math.min(...delays))}–${secs(Math.max(...delays))} after the kill)`,
  );

  // Events on their way to the killed process when it died are lost with it (the web refetches on
  // reconnect): on its connections, moves acknowledged in the last 2 s before the kill are left out
  // (a process starved of CPU may be that far behind with its deliveries).
  const missed: string[] = [];
  const delivered = (p: Player, conns: Conn[]) => {
    let expected = 0;
    let seen = 0;
    for (const c of conns) {
      if (c.joinedMs === null) continue;
      const killed = c.server === victim && c.closedMs !== null && c.closedMs >= killIssuedMs;
      const endMs = killed ? killIssuedMs - 2_000 : (c.closedMs ?? run.loadEndMs);
      for (const op of ops) {
        // A replayed answer (after a cut) published nothing itself; its first commit may have died unpublished.
        if (op.player !== p || op.outcome !== 'ack' || cut(op)) continue;
        if (op.startMs < c.joinedMs || op.endMs > endMs) continue;
        const shown = run.shownAfter(op);
        if (!shown) continue; // not in the ledger: the ledger verdict says so
        expected++;
        const shows = (e: Conn['events'][number]) =>
          e.atMs >= op.startMs && (shown.money?.has(e.money) ?? true) && (shown.quota?.has(e.quota) ?? true);
        if (c.events.some(shows)) seen++;
        else {
          missed.push(
            `user ${p.userId} ${op.kind} acknowledged by ${op.ackBy} ${secs(op.endMs - killIssuedMs)} from the kill; ` +
              `socket on ${c.server} joined ${secs(c.joinedMs - killIssuedMs)}, closed ` +
              `${c.closedMs === null ? '-' : secs(c.closedMs - killIssuedMs)}`,
          );
        }
      }
    }
    return { expected, seen };
  };
  const sum = (list: { expected: number; seen: number }[]) =>
    list.reduce((a, b) => ({ expected: a.expected + b.expected, seen: a.seen + b.seen }), { expected: 0, seen: 0 });
  // Each answer told a balance the account had after that move.
  const answered = ops.filter((op) => op.outcome === 'ack' && op.seen && run.shownAfter(op));
  const untrue = answered.filter((op) => {
    const shown = run.shownAfter(op);
    const told = op.seen ?? {};
    // Only the currencies the move changed: a sale's answer also tells the (untouched) quota.
    const off = (set: Set<number> | null | undefined, value: number | undefined) =>
      set != null && value !== undefined && !set.has(value);
    return off(shown?.money, told.money) || off(shown?.quota, told.quota);
  });
  check(
    untrue.length === 0,
    `every answer's balance is one its account had after that move: ${answered.length - untrue.length}/${answered.length}`,
  );
  const reconnected = sum(onVictim.map((p) => delivered(p, p.socket.conns.filter(afterKill))));
  const everywhere = sum(players.map((p) => delivered(p, p.socket.conns)));
  check(
    reconnected.expected > 0 && reconnected.seen === reconnected.expected,
    `reconnected sockets got money_modify for every acknowledged money move made after they rejoined: ` +
      `${reconnected.seen}/${reconnected.expected}`,
  );
  check(
    everywhere.seen === everywhere.expected,
    `every connection of every socket got money_modify for each acknowledged move made while it was joined: ` +
      `${everywhere.seen}/${everywhere.expected}`,
  );
  for (const m of [...new Set(missed)].slice(0, 10)) console.log(`      ${m}`);
  const finalSeen = players.filter((p) => p.socket.sawMoney(run.finals.get(p.userId) ?? Number.NaN));
  check(
    finalSeen.length === players.length,
    `a credit made after the load, on the other process than the socket's, reached every socket: ` +
      `${finalSeen.length}/${players.length}`,
  );
}

async function rows<T extends pg.QueryResultRow>(mon: pg.Pool, text: string, params: unknown[]): Promise<T[]> {
  return (await mon.query<T>(text, params)).rows;
}
