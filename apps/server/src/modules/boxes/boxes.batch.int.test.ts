import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { boxes, boxVersions, fairSeeds } from '../../db/schema/boxes.ts';
import { boxOpenings } from '../../db/schema/games.ts';
import { userItems } from '../../db/schema/items.ts';
import { luckyPlayers } from '../../db/schema/lucky.ts';
import { requestNonces } from '../../db/schema/signature.ts';
import { sqlStateOf } from '../../db/tx.ts';
import { boxesRepo, type OpenBoxJson, type OpenBoxRow } from './boxes.repo.ts';
import { readActiveSeed } from './fair-seeds.ts';

/**
 * Openings asked for in one turn of the event loop go to the database as one statement
 * (kx_open_boxes, infra/tick-batcher.ts). Each must get the answer it would have got alone, and a
 * batch that raises must cost the others nothing but a second round trip.
 */
describe('box openings sent together', () => {
  let t: TestApp;
  let box: { id: number; version: number; priceUnits: number; oddsHash: string };
  let entry: { itemId: number; exter: number; tickets: number; priceUnits: number };
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.rt.database.db;
    const [b] = await db.select().from(boxes).limit(1);
    if (!b) throw new Error('no boxes seeded');
    const [v] = await db.select().from(boxVersions).where(eq(boxVersions.boxId, b.id));
    const first = v?.contents[0];
    if (!v || !first) throw new Error('no box version');
    box = { id: b.id, version: v.version, priceUnits: b.priceUnits, oddsHash: v.oddsHash };
    entry = first;
  });
  afterAll(() => t.close());

  /** A player and an opening of theirs as the service would build it, from their active pair. */
  async function player(balance: number) {
    const u = await registerUser(t);
    if (balance > 0) await credit(t, u.userId, balance);
    const now = new Date(t.rt.clock.now());
    const seed = await readActiveSeed(t.rt.database.db, u.userId, now);
    const row = (over: Partial<OpenBoxRow> = {}): OpenBoxRow => ({
      userId: u.userId,
      requestId: randomUUID(),
      box,
      memo: 'batch test',
      sourceName: 'batch test',
      now,
      seed,
      rolls: [{ nonce: seed.nonce, ticket: 1, entry }],
      signNonce: { value: randomBytes(16).toString('hex'), expiresAtMs: now.getTime() + 600_000 },
      lucky: null,
      ...over,
    });
    return { userId: u.userId, seed, row };
  }

  const itemsOf = (userId: number) => t.rt.database.db.select().from(userItems).where(eq(userItems.userId, userId));
  const nonceOf = async (seedId: number) =>
    (await t.rt.database.db.select().from(fairSeeds).where(eq(fairSeeds.id, seedId)))[0]?.nonce;

  it('answers each opening of one statement as it would have been answered alone', async () => {
    const rich = await player(box.priceUnits * 3);
    const poor = await player(0);
    const moved = await player(box.priceUnits);
    const again = await player(box.priceUnits * 2);
    const sizes: number[] = [];
    const open = boxesRepo.openOn(t.rt.database.db, (n) => sizes.push(n));
    // Opened before: the same request id under another signature is a duplicate.
    const first = again.row();
    expect((await open(first)).status).toBe('ok');
    sizes.length = 0;

    const poorRow = poor.row();
    const [ok, short, stale, duplicate] = await Promise.all([
      open(rich.row()),
      open(poorRow),
      open(moved.row({ seed: { ...moved.seed, nonce: moved.seed.nonce + 5 } })),
      open(again.row({ requestId: first.requestId, seed: { ...again.seed, nonce: again.seed.nonce + 1 } })),
    ]);
    expect(sizes).toEqual([4]);

    expect(ok).toMatchObject({ status: 'ok', balance: box.priceUnits * 2 });
    const okRow = ok as Extract<OpenBoxJson, { status: 'ok' }>;
    expect((await itemsOf(rich.userId)).map((i) => i.id)).toEqual(okRow.item_ids);
    const [opening] = await t.rt.database.db.select().from(boxOpenings).where(eq(boxOpenings.userId, rich.userId));
    expect(opening).toMatchObject({ nonce: rich.seed.nonce, userItemId: okRow.item_ids[0] });
    expect(await nonceOf(rich.seed.id)).toBe(rich.seed.nonce + 1);

    // Refused for its balance: nothing written but its signature's nonce, and the pair's nonce given back.
    expect(short).toEqual({ status: 'insufficient' });
    expect(await itemsOf(poor.userId)).toHaveLength(0);
    expect(await nonceOf(poor.seed.id)).toBe(poor.seed.nonce);
    const kept = await t.rt.database.db
      .select()
      .from(requestNonces)
      .where(eq(requestNonces.nonce, poorRow.signNonce?.value ?? ''));
    expect(kept).toHaveLength(1);

    expect(stale).toEqual({ status: 'stale_seed' });
    expect(await itemsOf(moved.userId)).toHaveLength(0);
    expect(duplicate).toEqual({ status: 'duplicate' });
    expect(await itemsOf(again.userId)).toHaveLength(1);
    await expectLedgerBalanced(t);
  });

  it('sends each again alone when one of them makes the statement fail, and only that one fails', async () => {
    const a = await player(box.priceUnits);
    const b = await player(box.priceUnits);
    const broken = await player(box.priceUnits);
    const sizes: number[] = [];
    const open = boxesRepo.openOn(t.rt.database.db, (n) => sizes.push(n));
    // A negative item price breaks user_items' check: PostgreSQL refuses the whole statement.
    const results = await Promise.allSettled([
      open(a.row()),
      open(broken.row({ rolls: [{ nonce: broken.seed.nonce, ticket: 1, entry: { ...entry, priceUnits: -1 } }] })),
      open(b.row()),
    ]);
    expect(sizes).toEqual([3]);
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { status: 'ok', balance: 0 } });
    expect(results[2]).toMatchObject({ status: 'fulfilled', value: { status: 'ok', balance: 0 } });
    expect(results[1]?.status).toBe('rejected');
    expect(sqlStateOf((results[1] as PromiseRejectedResult).reason)).toBe('23514');
    expect(await itemsOf(a.userId)).toHaveLength(1);
    expect(await itemsOf(b.userId)).toHaveLength(1);
    expect(await itemsOf(broken.userId)).toHaveLength(0);
    expect(await nonceOf(broken.seed.id)).toBe(broken.seed.nonce);
    await expectLedgerBalanced(t);
  });

  it('pays each lucky opening of one statement once, also when the statement is sent again alone', async () => {
    const award = 88_800;
    const lucky = (rolls: number[]) => ({ windowId: 1, awardUnits: award, rolls });
    const twice = (p: Awaited<ReturnType<typeof player>>) =>
      p.row({
        rolls: [0, 1].map((k) => ({ nonce: p.seed.nonce + k, ticket: 1, entry })),
        lucky: lucky([0, 0]),
      });
    const a = await player(box.priceUnits);
    const b = await player(box.priceUnits * 2);
    const c = await player(box.priceUnits);
    const broken = await player(box.priceUnits);
    const sizes: number[] = [];
    const open = boxesRepo.openOn(t.rt.database.db, (n) => sizes.push(n));
    const results = await Promise.allSettled([
      open(a.row({ lucky: lucky([0]) })),
      open(twice(b)),
      open(c.row({ lucky: lucky([7]) })),
      // Breaks the statement after the others' awards were written: all of it is undone and each
      // is sent again alone, so no award is lost and none is paid twice.
      open(
        broken.row({
          rolls: [{ nonce: broken.seed.nonce, ticket: 1, entry: { ...entry, priceUnits: -1 } }],
          lucky: lucky([0]),
        }),
      ),
    ]);
    expect(sizes).toEqual([4]);
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { status: 'ok', balance: award, lucky: [0] } });
    expect(results[1]).toMatchObject({
      status: 'fulfilled',
      value: { status: 'ok', balance: 2 * award, lucky: [0, 1] },
    });
    expect(results[2]).toMatchObject({ status: 'fulfilled', value: { status: 'ok', balance: 0, lucky: [] } });
    expect(results[3]?.status).toBe('rejected');
    const paid = async (userId: number) =>
      (await t.rt.database.db.select().from(luckyPlayers).where(eq(luckyPlayers.userId, userId))).length;
    expect([await paid(a.userId), await paid(b.userId), await paid(c.userId), await paid(broken.userId)]).toEqual([
      1, 2, 0, 0,
    ]);
    const rolls = await t.rt.database.db.select().from(boxOpenings).where(eq(boxOpenings.userId, c.userId));
    expect(rolls.map((r) => r.luckyRoll)).toEqual([7]);
    await expectLedgerBalanced(t);
  });

  it('goes alone, as the prepared single statement, when nothing else was asked for in its turn', async () => {
    const p = await player(box.priceUnits);
    const sizes: number[] = [];
    const open = boxesRepo.openOn(t.rt.database.db, (n) => sizes.push(n));
    expect(await open(p.row())).toMatchObject({ status: 'ok', balance: 0 });
    expect(sizes).toEqual([1]);
  });
});
