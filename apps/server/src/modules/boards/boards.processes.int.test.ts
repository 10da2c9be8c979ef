import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { boardClosures, boardPrizes, boardScores } from '../../db/schema/boards.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { mails } from '../../db/schema/mail.ts';
import { balancesOf } from '../ledger/ledger.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/boards-close-node.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

interface Closer {
  child: ChildProcess;
  /** Resolves with the first line starting with one of these words. */
  line(word: 'PAUSED' | 'RESULT'): Promise<string>;
}

function startCloser(t: TestApp, board: string, period: string, prizes: number[], pause: boolean): Closer {
  const args = [t.rt.database.url as string, REDIS_URL as string, t.redisPrefix, board, period, JSON.stringify(prizes)];
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, ...args, ...(pause ? ['pause'] : [])], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const waiters: { word: string; resolve: (l: string) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      const found = out.split('\n').find((l) => l.startsWith(w.word));
      if (found !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(found);
      }
    }
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    check();
  });
  const exited = once(child, 'exit');
  return {
    child,
    line: (word) =>
      new Promise<string>((resolve, reject) => {
        waiters.push({ word, resolve });
        check();
        void exited.then(([code]) => reject(new Error(`closer exited with ${code} before ${word}: ${out}`)));
      }),
  };
}

/**
 * A period closed twice pays once, across processes and a kill mid-close (issue 25, "Done means";
 * docs/promotions/boards.md "Exactly once"). Each closer is a process of its own on the shared
 * PostgreSQL: the first is killed with SIGKILL inside its transaction after paying rank 1; two
 * more then close the same period at the same moment; a last close in the test's own process
 * finds it closed.
 */
describe.skipIf(!PG_URL || !REDIS_URL)('boards: a period closed by several processes pays once (PostgreSQL)', () => {
  let t: TestApp;
  const spawned: ChildProcess[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const c of spawned) if (c.exitCode === null) c.kill('SIGKILL');
    await t.close();
  });

  it('a kill mid-close pays nothing; two closes at once pay the ranks once between them', async () => {
    const db = t.rt.database.db;
    const period = 'd:2026-11-20';
    const prizes = [500_000, 300_000, 100_000];
    const players: TestUser[] = [];
    for (const score of [9_000, 7_000, 5_000, 3_000]) {
      const u = await registerUser(t);
      players.push(u);
      await db
        .insert(boardScores)
        .values({ board: 'cases', period, userId: u.userId, score, plays: 1, reachedAt: new Date() });
    }
    const coins = async () => Promise.all(players.map(async (u) => (await balancesOf(db, u.userId)).coin));
    const before = await coins();

    // The first closer pays rank 1 inside its transaction and is killed there.
    const first = startCloser(t, 'cases', period, prizes, true);
    spawned.push(first.child);
    await first.line('PAUSED');
    // It holds the closure row: the period is not closed for anyone else to see yet.
    expect(await db.select().from(boardClosures).where(eq(boardClosures.period, period))).toEqual([]);
    const exited = once(first.child, 'exit');
    first.child.kill('SIGKILL');
    await exited;
    // Nothing of its close survived: no closure, no prize row, no transfer, no coin.
    expect(await db.select().from(boardClosures).where(eq(boardClosures.period, period))).toEqual([]);
    expect(await db.select().from(boardPrizes).where(eq(boardPrizes.period, period))).toEqual([]);
    const keys = () =>
      db
        .select({ key: ledgerTransfers.idemKey })
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.idemKey, `board_prize:cases:${period}:%`));
    expect(await keys()).toEqual([]);
    expect(await coins()).toEqual(before);

    // Two closers of the same period at once, in two processes: one pays, the other finds it closed.
    const [a, b] = [startCloser(t, 'cases', period, prizes, false), startCloser(t, 'cases', period, prizes, false)];
    spawned.push(a.child, b.child);
    const results = (await Promise.all([a.line('RESULT'), b.line('RESULT')])).map(
      (l) => JSON.parse(l.slice('RESULT '.length)) as { rank: number; userId: number; prizeUnits: number }[] | null,
    );
    const paid = results.filter((r) => r !== null);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.map((p) => [p.rank, p.userId, p.prizeUnits])).toEqual([
      [1, players[0]?.userId, 500_000],
      [2, players[1]?.userId, 300_000],
      [3, players[2]?.userId, 100_000],
    ]);
    // And a late close here, as a restarted leader would run it, pays nothing more.
    expect(await t.app.boards.closer.close('cases', period, prizes)).toBeNull();

    const after = await coins();
    expect(after.map((c, i) => c - (before[i] as number))).toEqual([500_000, 300_000, 100_000, 0]);
    expect((await keys()).map((k) => k.key).sort()).toEqual(
      [1, 2, 3].map((rank) => `board_prize:cases:${period}:${rank}`),
    );
    const [prizeRows] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(boardPrizes)
      .where(and(eq(boardPrizes.board, 'cases'), eq(boardPrizes.period, period)));
    expect(prizeRows?.n).toBe(3);
    for (const u of players.slice(0, 3)) {
      expect(await db.select().from(mails).where(eq(mails.userId, u.userId))).toHaveLength(1);
    }
    await expectLedgerBalanced(t);
  });
});
