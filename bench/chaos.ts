/**
 * Chaos run (issue 10 part 4): two server processes on one PostgreSQL and Redis, no load balancer
 * in front. Players open boxes, sell and recycle what they win, exchange quota for coins and pay
 * sandbox recharge orders against both processes, each holding a socket on one of them. Mid-load
 * the scheduler leader is killed with SIGKILL and restarted a few seconds later. Then:
 *
 * - the ledger check balances;
 * - every operation a client was told succeeded is in the ledger once (lost / doubled), one whose
 *   answer was cut off and retried with the same idempotency key at most once, a refused one not
 *   at all, and nothing else moved the players' money (stray transfers; each player's balances
 *   equal the client's own books);
 * - every socket on the killed process reconnected to the survivor and received `money_modify`
 *   for the money moves made afterwards;
 * - the scheduler moved to the survivor and kept running there: a probe order made due after the
 *   kill was expired by `payments:expire`, a probe item backdated past retention after the kill was
 *   auto-sold by `inventory:retention` (whose first run comes 60 s after the election).
 *
 * Figures per operation kind: tried / acknowledged / refused / unknown / cut (an attempt lost its
 * connection mid-request and was retried) / found / lost / doubled. Exit 1 on any failed check.
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server: the run makes a
 * fresh database kx_chaos_<stamp> and drops it. REDIS_URL (default redis://127.0.0.1:6379) is
 * shared safely under a REDIS_PREFIX of the run's own, whose keys are deleted at the end. Skipped
 * when either does not answer. CHAOS_PLAYERS (16) sets the number of players. Helpers: bench/chaos/.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { BOX_PATHS, type BoxListResponse, type OpenBoxResponse } from '@kaixiang/shared/boxes';
import {
  type CreateOrderResponse,
  MIN_RECHARGE_UNITS,
  ORDER_STATUS,
  PAYMENT_PATHS,
  type PayModeEntry,
  RECHARGE_CONDITIONS,
  type RechargeListResponse,
} from '@kaixiang/shared/payments';
import { Redis } from 'ioredis';
import pg from 'pg';
import { PlayerSocket } from './chaos/socket.ts';
import { verifyLedger, verifySockets } from './chaos/verify.ts';
import { createWorkload, type Player } from './chaos/workload.ts';
import { httpClient, must } from './support/http.ts';
import { ADMIN_URL, admin, dbUrl } from './support/pg-admin.ts';
import {
  newServer,
  redisAnswers,
  type Server,
  type ServerEnv,
  schedulerLeader,
  startServer,
  stopServer,
  waitReady,
} from './support/servers.ts';
import { at, log, secs, sleep } from './support/time.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PLAYERS = Number(process.env.CHAOS_PLAYERS ?? 16);
/** Load on both processes before the kill. */
const KILL_AFTER_MS = 5_000;
/** How long the killed process stays down before it is started again. */
const DOWN_MS = 5_000;
/** Load on both again once the restarted process is ready. */
const AFTER_RESTART_MS = 8_000;
/** The retention job first runs one interval (60 s) after the election: its deadline after the kill. */
const RETENTION_DEADLINE_MS = 80_000;
/** 10 000 yuan each: more than the run's openings cost. */
const CREDIT = 100_000_000;
const stamp = `${Date.now()}_${randomBytes(2).toString('hex')}`;
const DB_NAME = `kx_chaos_${stamp}`;
const env: ServerEnv = {
  DATABASE_URL: dbUrl(DB_NAME),
  REDIS_URL,
  REDIS_PREFIX: `kx-chaos-${stamp}:`,
  SIGN_SECRET: `chaos-sign-${randomBytes(8).toString('hex')}`,
  TOKEN_SECRET: `chaos-token-${randomBytes(16).toString('hex')}`,
  SCHEDULER_POLL_MS: '500',
};

/** The run's Redis keys (room sequences, nonces, counters) go with it. */
async function dropRedisKeys(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.REDIS_PREFIX}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

try {
  await admin('select 1');
} catch (e) {
  console.log(`chaos: skipped, no PostgreSQL at ${new URL(ADMIN_URL).host} (${(e as Error).message})`);
  process.exit(0);
}
if (!(await redisAnswers(REDIS_URL))) {
  console.log(`chaos: skipped, no Redis at ${new URL(REDIS_URL).host} (the two processes share events through it)`);
  process.exit(0);
}

const checks: boolean[] = [];
const check = (ok: boolean, text: string) => {
  checks.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
};

await admin(`create database ${DB_NAME}`);
const servers = [await newServer('A'), await newServer('B')];
const [A, B] = servers as [Server, Server];
const mon = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
mon.on('error', () => {});
const http = httpClient(env.SIGN_SECRET);
const players: Player[] = [];
// Ctrl-C: the children and the database go too.
const onSigint = () => {
  for (const s of servers) s.child?.kill('SIGKILL');
  void admin(`drop database if exists ${DB_NAME} with (force)`)
    .catch(() => undefined)
    .finally(() => process.exit(130));
};
process.once('SIGINT', onSigint);

try {
  log(
    `chaos: database ${DB_NAME}, Redis prefix ${env.REDIS_PREFIX}, ${PLAYERS} players; ` +
      `A on :${A.port}, B on :${B.port}, SCHEDULER_POLL_MS=${env.SCHEDULER_POLL_MS}`,
  );
  // A first, alone: it migrates, seeds and takes the scheduler lock; B starts as a follower.
  startServer(A, env);
  await waitReady(A);
  for (let i = 0; i < 50 && (await schedulerLeader(mon, servers)) === 'none'; i++) await sleep(200);
  startServer(B, env);
  await waitReady(B);
  log(`both ready; scheduler leader: ${await schedulerLeader(mon, servers)}`);

  for (let i = 0; i < PLAYERS; i++) {
    const home = servers[i % 2] as Server;
    const { userId, token } = await http.register(i, home);
    await http.credit(home, userId, CREDIT, `chaos-seed:${userId}`);
    players.push({
      index: i,
      userId,
      token,
      items: [],
      quota: 0,
      // Staggered, so the players' recharges do not all come at once.
      lastOrderMs: at() - (((i * 6_000) / PLAYERS) % 6_000),
      socket: new PlayerSocket(userId, token, servers),
      credited: CREDIT,
    });
  }
  const token = players[0]?.token;
  const boxes = must(await http.api<BoxListResponse>(A, 'GET', BOX_PATHS.list), 'box list');
  const box = boxes.categories.flatMap((c) => c.boxes).reduce((a, b) => (b.price < a.price ? b : a));
  const tiers = must(
    await http.api<RechargeListResponse>(A, 'GET', PAYMENT_PATHS.rechargeList, undefined, token),
    'tiers',
  ).elems;
  const tier = tiers.filter((t) => t.money >= MIN_RECHARGE_UNITS).reduce((a, b) => (b.money < a.money ? b : a));
  const modes = must(
    await http.api<{ list: PayModeEntry[] }>(A, 'GET', PAYMENT_PATHS.payModes, undefined, token),
    'pay modes',
  ).list;
  const payModel = modes.find((m) => m.pay_mode !== 'crypto_pay')?.pay_mode;
  if (!payModel) throw new Error('no sandbox pay channel');
  const order = { coin_recharge_id: tier.id, pay_model: payModel, adult: 1, conditions: [...RECHARGE_CONDITIONS] };

  // The scheduler probes: a player who never recharges, with one item and one pending order. They
  // are made due only after the kill, so only the survivor can act on them.
  const probe = await http.register(PLAYERS, B);
  await http.credit(B, probe.userId, 10 * box.price, `chaos-seed:${probe.userId}`);
  const probeOpen = must(
    await http.api<OpenBoxResponse>(
      B,
      'POST',
      BOX_PATHS.open,
      { box_id: box.box_id, count: 1, request_id: randomUUID() },
      probe.token,
    ),
    'probe opening',
  );
  const probeItemId = probeOpen.items[0]?.id;
  if (!probeItemId) throw new Error('probe opening granted no item');
  const probeOrder = must(
    await http.api<CreateOrderResponse>(B, 'POST', PAYMENT_PATHS.createOrder, order, probe.token),
    'probe order',
  );

  // Half the sockets on A, half on B.
  for (const p of players) p.socket.open(servers[p.index % 2] as Server);
  for (let i = 0; i < 100 && players.some((p) => !p.socket.current?.joinedMs); i++) await sleep(100);
  const notJoined = players.filter((p) => !p.socket.current?.joinedMs || !p.socket.current.loggedIn).length;
  if (notJoined) throw new Error(`${notJoined} sockets did not log in and join their room`);
  log(
    `${PLAYERS} players registered and credited ¥${CREDIT / 10_000} each, sockets joined; box "${box.name}" ` +
      `¥${box.price / 10_000}, recharge tier ¥${tier.money / 10_000} by ${payModel}`,
  );

  // --- the load, the kill, the restart ---
  let loading = true;
  const workload = createWorkload({ http, servers, box, order, running: () => loading });
  const loadStartMs = at();
  log('load on A and B');
  const clients = players.map((p) => workload.play(p));
  await sleep(KILL_AFTER_MS);

  const leaderBefore = await schedulerLeader(mon, servers);
  const victim = leaderBefore === 'B' ? B : A;
  const survivor = victim === A ? B : A;
  const victimChild = victim.child;
  if (!victimChild) throw new Error(`${victim.name} is not running`);
  const killIssuedMs = at();
  const killWallMs = Date.now();
  victimChild.kill('SIGKILL');
  await once(victimChild, 'exit');
  const killMs = at();
  log(
    `SIGKILL ${victim.name} (pid ${victimChild.pid}; scheduler leader: ${leaderBefore}) ` +
      `after ${workload.ops.length} operations`,
  );
  // The probes fall due now, when only the survivor can lead.
  await mon.query(`update recharge_orders set expires_at = now() - interval '1 second' where order_sn = $1`, [
    probeOrder.order_sn,
  ]);
  await mon.query(`update user_items set created_at = now() - interval '9 hours' where id = $1`, [probeItemId]);

  // Who leads, sampled to the end; and when the probes are acted on.
  const samples: { atMs: number; leader: string }[] = [];
  let probeExpiredMs: number | null = null;
  let probeSoldMs: number | null = null;
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      samples.push({ atMs: at(), leader: await schedulerLeader(mon, servers) });
      if (probeExpiredMs === null) {
        const { rows } = await mon.query('select status from recharge_orders where order_sn = $1', [
          probeOrder.order_sn,
        ]);
        if (rows[0]?.status === ORDER_STATUS.expired) probeExpiredMs = at();
      }
      if (probeSoldMs === null) {
        const { rows } = await mon.query('select disposal from user_items where id = $1', [probeItemId]);
        if (rows[0]?.disposal === 'auto_sell') probeSoldMs = at();
      }
      await sleep(250);
    }
  })();

  await sleep(DOWN_MS);
  log(`restarting ${victim.name}`);
  startServer(victim, env);
  await waitReady(victim);
  const restartedMs = at();
  log(
    `${victim.name} ready again, ${secs(restartedMs - killMs)} after the kill; load on both for ${secs(AFTER_RESTART_MS)}`,
  );
  await sleep(AFTER_RESTART_MS);
  loading = false;
  await Promise.all(clients);
  const loadEndMs = at();
  log(`load stopped: ${workload.ops.length} operations in ${secs(loadEndMs - loadStartMs)}`);

  // A money move made now, on the process other than each socket's, must reach every socket.
  const finals = new Map<number, number>();
  for (const p of players) {
    const via = p.socket.current?.server === A.name ? B : A;
    finals.set(p.userId, await http.credit(via, p.userId, 10_000, `chaos-final:${p.userId}`));
    p.credited += 10_000;
  }
  for (let i = 0; i < 50 && !players.every((p) => p.socket.sawMoney(finals.get(p.userId) ?? 0)); i++) await sleep(100);

  if (probeSoldMs === null) log('waiting for the retention job (its first run is 60 s after the election)');
  while ((probeExpiredMs === null || probeSoldMs === null) && at() - killMs < RETENTION_DEADLINE_MS) await sleep(500);
  watching = false;
  await watcher;
  for (const p of players) p.socket.stop();

  // --- the verdicts ---
  console.log('');
  const shownAfter = await verifyLedger(
    {
      mon,
      databaseUrl: env.DATABASE_URL,
      ops: workload.ops,
      players,
      killWallMs,
      extraKeys: players.flatMap((p) => [`test_credit:chaos-seed:${p.userId}`, `test_credit:chaos-final:${p.userId}`]),
    },
    check,
  );
  verifySockets(
    {
      ops: workload.ops,
      players,
      victim: victim.name,
      survivor: survivor.name,
      killIssuedMs,
      loadEndMs,
      finals,
      shownAfter,
    },
    check,
  );

  const takeover = samples.find((s) => s.leader === survivor.name);
  const since = takeover ? samples.filter((s) => s.atMs >= takeover.atMs) : [];
  const led = since.filter((s) => s.leader === survivor.name).length;
  check(
    leaderBefore === victim.name && takeover !== undefined && led === since.length,
    `scheduler: ${leaderBefore} led before the kill; ${survivor.name} ` +
      (takeover
        ? `took over ${secs(takeover.atMs - killMs)} after it and led in ${led}/${since.length} samples to the end ` +
          `(${victim.name} came back as a follower)`
        : 'never took over'),
  );
  check(
    probeExpiredMs !== null,
    `payments:expire kept running on the survivor: the probe order made due at the kill expired ` +
      (probeExpiredMs === null ? 'never' : `${secs(probeExpiredMs - killMs)} after it`),
  );
  const soldKey = `item_auto_sell:${probeItemId}`;
  const sold = (await mon.query('select 1 from ledger_transfers where idem_key = $1', [soldKey])).rowCount;
  check(
    probeSoldMs !== null && sold === 1,
    `inventory:retention kept running on the survivor: the probe item backdated at the kill was auto-sold ` +
      (probeSoldMs === null ? 'never' : `${secs(probeSoldMs - killMs)} after it (${soldKey} in the ledger)`),
  );
  const servedAgain = workload.ops.filter(
    (o) => o.outcome === 'ack' && o.ackBy === victim.name && o.startMs > restartedMs,
  ).length;
  check(servedAgain > 0, `the restarted ${victim.name} served again: ${servedAgain} operations acknowledged`);
  console.log(`server lines logged at error level: ${servers.map((s) => `${s.name} ${s.errors}`).join(', ')}`);
  for (const s of servers) if (s.errors > 0) for (const l of s.tail.slice(-5)) console.log(`  ${s.name}: ${l}`);
} catch (e) {
  check(false, `run aborted: ${(e as Error).stack ?? e}`);
  for (const s of servers) for (const l of s.tail.slice(-10)) console.log(`  ${s.name}: ${l}`);
} finally {
  for (const p of players) p.socket.stop();
  await Promise.all(servers.map((s) => stopServer(s)));
  await mon.end().catch(() => undefined);
  await admin(`drop database if exists ${DB_NAME} with (force)`);
  await dropRedisKeys().catch(() => undefined);
  process.off('SIGINT', onSigint);
}

const failed = checks.filter((ok) => !ok).length;
console.log(`\nchaos: ${checks.length - failed}/${checks.length} checks passed${failed ? `, ${failed} FAILED` : ''}`);
process.exit(failed ? 1 : 0);
