/**
 * Boards stay fast (issue 25): with BENCH_RECORDS (1,000,000) box openings written through the
 * board trigger (db/functions/boards.sql) over 14 China days by BENCH_PLAYERS (50,000) players, on
 * PostgreSQL, in the same run:
 *
 *   baseline      a plain indexed lookup: one box_openings row by primary key;
 *   royal board   the whole player view of today's Cases board (boards.service royal: settings,
 *                 closure, the top 10 from the rank index, the viewer's row, the names);
 *   king          the unpacking king's view (both crowns with their items and boxes);
 *   week board    this week's Cases board (seven days of the records in one period).
 *
 * Printed: p50/p95/p99 of each, BENCH_READS (2,000) reads apiece, twice over (interleaved). Then
 * how current a board is: an opening that puts a new player first is committed and the board read
 * at once, BENCH_FRESH (200) times; the read after the commit must show it (a trigger writes the
 * board in the opening's own transaction) and the commit-to-visible time is printed. Last, what
 * the trigger costs an opening: single-row inserts with the trigger and with it disabled.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/tx.ts';
// The app's `boards` decoration (the module's declaration of it).
import type {} from '../apps/server/src/modules/boards/boards.module.ts';
import { periodOf } from '../apps/server/src/modules/boards/periods.ts';
import { registerUser } from '../apps/server/test/support/accounts.ts';
import { startTestApp } from '../apps/server/test/support/test-app.ts';
import { admin } from './support/pg-admin.ts';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50_000);
const READS = Number(process.env.BENCH_READS ?? 2_000);
const FRESH = Number(process.env.BENCH_FRESH ?? 200);
const DAYS = 14;

try {
  await admin('select 1');
} catch {
  console.log('boards: skipped, no PostgreSQL answers (TEST_DATABASE_URL or 127.0.0.1:5432)');
  process.exit(0);
}
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0;
};
const line = (name: string, v: number[]) =>
  `${name.padEnd(12)} p50 ${pct(v, 0.5).toFixed(2)} ms   p95 ${pct(v, 0.95).toFixed(2)} ms   p99 ${pct(v, 0.99).toFixed(2)} ms`;

const t = await startTestApp({ env: { LOG_LEVEL: 'silent' } });
try {
  const db = t.rt.database.db;
  const boards = t.app.boards.service;
  const [box] = rowsOf<{ id: number }>(await db.execute(sql`select id from boxes order by id limit 1`));
  const [item] = rowsOf<{ id: number }>(await db.execute(sql`select id from item_defs order by id limit 1`));
  if (!box || !item) throw new Error('no catalogue');

  // Players, then the records in batches through the trigger, as openings write them.
  const t0 = performance.now();
  await db.execute(sql`
    insert into users (nick_name, created_at) select 'bench-' || g, now() from generate_series(1, ${PLAYERS}) g`);
  const [{ first } = { first: 0 }] = rowsOf<{ first: number }>(
    await db.execute(sql`select min(id)::int as first from users where nick_name like 'bench-%'`),
  );
  const now = Date.now();
  const batch = 50_000;
  for (let done = 0; done < RECORDS; done += batch) {
    const n = Math.min(batch, RECORDS - done);
    await db.execute(sql`
      insert into box_openings (user_id, box_id, item_def_id, price_units, box_price_units, created_at)
        select ${first} + (random() * ${PLAYERS - 1})::int, ${box.id}, ${item.id},
               (1000 + random() * 5000000)::bigint, (10000 + (random() * 20)::int * 10000)::bigint,
               to_timestamp(${now / 1000} - random() * ${DAYS * 86_400})
        from generate_series(1, ${n})`);
  }
  await db.execute(sql`analyze`);
  const [{ rows: scoreRows } = { rows: 0 }] = rowsOf<{ rows: number }>(
    await db.execute(sql`select count(*)::int as rows from board_scores`),
  );
  console.log(
    `boards: ${RECORDS.toLocaleString()} openings by ${PLAYERS.toLocaleString()} players over ${DAYS} days written in ${((performance.now() - t0) / 1000).toFixed(0)} s; ${scoreRows.toLocaleString()} board rows`,
  );

  const viewer = await registerUser(t);
  const maxId = RECORDS;
  const measure = async (fn: () => Promise<unknown>) => {
    const v: number[] = [];
    for (let i = 0; i < READS; i++) {
      const s = performance.now();
      await fn();
      v.push(performance.now() - s);
    }
    return v;
  };
  const baseline = () => db.execute(sql`select * from box_openings where id = ${randomInt(1, maxId)}`);
  const royal = () => boards.royal({ board: 'cases', period: 'day', back: 0 }, viewer.userId);
  const week = () => boards.royal({ board: 'cases', period: 'week', back: 0 }, viewer.userId);
  const king = () => boards.king(0, viewer.userId, 'zh-CN');
  for (const f of [baseline, royal, week, king]) await measure(f); // warm-up
  for (const round of [1, 2]) {
    console.log(`round ${round} (${READS} reads each, one at a time)`);
    console.log(line('baseline', await measure(baseline)));
    console.log(line('royal board', await measure(royal)));
    console.log(line('week board', await measure(week)));
    console.log(line('king', await measure(king)));
  }

  // How current: a new player's opening worth more than anyone's day, then the board at once.
  const today = periodOf('day', Date.now()).key;
  const [{ top } = { top: 0 }] = rowsOf<{ top: number }>(
    await db.execute(
      sql`select max(score)::bigint as top from board_scores where board = 'cases' and period = ${today}`,
    ),
  );
  let visible = 0;
  const lags: number[] = [];
  await db.execute(sql`
    insert into users (nick_name, created_at) select 'fresh-' || g, now() from generate_series(1, ${FRESH}) g`);
  const fresh = rowsOf<{ id: number }>(
    await db.execute(sql`select id from users where nick_name like 'fresh-%' order by id`),
  );
  for (let i = 0; i < FRESH; i++) {
    const u = { userId: (fresh[i] as { id: number }).id };
    const price = Number(top) + 10_000 * (i + 1);
    await db.execute(sql`
      insert into box_openings (user_id, box_id, item_def_id, price_units, box_price_units, created_at)
        values (${u.userId}, ${box.id}, ${item.id}, 1000, ${price}, now())`);
    const committed = performance.now();
    const view = await boards.royal({ board: 'cases', period: 'day', back: 0 }, u.userId);
    lags.push(performance.now() - committed);
    if (view.list[0]?.user_id === u.userId && view.me?.rank === 1) visible++;
  }
  console.log(
    `current: ${visible}/${FRESH} new leaders first on the read right after their commit; commit → board read done ${line('', lags).trim()}`,
  );

  // What the trigger costs one opening row.
  const insertOne = () =>
    db.execute(sql`
      insert into box_openings (user_id, box_id, item_def_id, price_units, box_price_units, created_at)
        values (${first + randomInt(0, PLAYERS)}, ${box.id}, ${item.id}, 5000, 10000, now())`);
  await measure(insertOne);
  console.log(line('insert + trigger', await measure(insertOne)));
  await db.execute(sql`alter table box_openings disable trigger kx_board_opening`);
  console.log(line('insert, bare', await measure(insertOne)));
  await db.execute(sql`alter table box_openings enable trigger kx_board_opening`);
} finally {
  await t.close();
}
