import { randomBytes, randomUUID } from 'node:crypto';
import { BOX_PATHS, type BoxListResponse, FAIRNESS_PATHS, type SeedResponse } from '@kaixiang/shared/boxes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { boxes, boxOpenRequests } from '../../db/schema/boxes.ts';
import { requestNonces } from '../../db/schema/signature.ts';

/**
 * An opening claims its request signature's nonce in its own statement (kx_open_box; http/
 * signature.ts "deferred nonces") instead of a round trip to the nonce store. Whatever the path, a
 * signed request must take effect at most once and a copy of it must be refused as replayed — also
 * when the original was refused and would now succeed.
 */
describe('box openings: a signed request sent again', () => {
  const clock = fakeClock();
  let t: TestApp;
  let box: { box_id: number; price: number };
  let player: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { BOX_TICKER_DELAY_MS: '0' } });
    const list = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const starter = list.categories.flatMap((c) => c.boxes).find((b) => b.name === '新手箱');
    if (!starter) throw new Error('no starter box');
    box = starter;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    player = await registerUser(t, { nick_name: `重放${randomBytes(2).toString('hex')}` });
  });

  /** One signed opening; the same `sent` gives byte-for-byte the same request. */
  const signedOpening = (requestId = randomUUID()) => ({
    body: { box_id: box.box_id, count: 1, request_id: requestId },
    nonce: randomBytes(16).toString('hex'),
    timestampMs: clock.now(),
  });
  const send = (sent: ReturnType<typeof signedOpening>) =>
    t.api('POST', BOX_PATHS.open, { ...sent, headers: bearer(player.tokens.access_token) });
  const money = async () =>
    (
      await t.api<{ std_money: number }>('GET', '/usercenter/v1/user/get-std-money', {
        headers: bearer(player.tokens.access_token),
      })
    ).body.data.std_money;
  const seedNonce = async () =>
    (await t.api<SeedResponse>('GET', FAIRNESS_PATHS.seed, { headers: bearer(player.tokens.access_token) })).body.data
      .active.nonce;
  const openings = async () =>
    (await t.rt.database.db.select().from(boxOpenRequests).where(eq(boxOpenRequests.userId, player.userId))).length;

  it('opens once and refuses the copy as replayed, in the player’s language', async () => {
    await credit(t, player.userId, box.price * 3);
    const sent = signedOpening();
    const first = await send(sent);
    expect(first.body.code).toBe(200);
    const copy = await t.api('POST', BOX_PATHS.open, {
      ...sent,
      headers: bearer(player.tokens.access_token),
      lang: 'en-US',
    });
    expect(copy.body).toMatchObject({ code: 4013, error: 'SIGNATURE_REPLAYED' });
    expect(copy.body.msg).not.toBe(first.body.msg);
    expect(copy.body.msg).toMatch(/[A-Za-z]/);
    expect(await openings()).toBe(1);
    expect(await money()).toBe(box.price * 2);
    expect(await seedNonce()).toBe(1);
    await expectLedgerBalanced(t);
  });

  it('answers a retry of the same request id under a new signature with the first opening', async () => {
    await credit(t, player.userId, box.price * 3);
    const first = signedOpening();
    const retry = signedOpening(first.body.request_id);
    const a = await send(first);
    const b = await send(retry);
    expect(a.body.code).toBe(200);
    expect(b.body).toEqual(a.body);
    // Each signature is used up: the first kept in the opening's row, the retry's among the refusals.
    expect((await send(first)).body.error).toBe('SIGNATURE_REPLAYED');
    expect((await send(retry)).body.error).toBe('SIGNATURE_REPLAYED');
    expect(await openings()).toBe(1);
    expect(await money()).toBe(box.price * 2);
  });

  it('refuses a copy of a request refused for a short balance, after the player has topped up', async () => {
    const sent = signedOpening();
    const refused = await send(sent);
    expect(refused.body).toMatchObject({ code: 4201, msg: '余额不足，请先充值' });
    await credit(t, player.userId, box.price);
    clock.advance(10_000);
    const copy = await send(sent);
    expect(copy.body).toMatchObject({ code: 4013, error: 'SIGNATURE_REPLAYED' });
    expect(await openings()).toBe(0);
    expect(await money()).toBe(box.price);
    // The refusal gave the seed pair's nonce back: the next opening rolls at 0.
    expect(await seedNonce()).toBe(0);
    expect((await send(signedOpening())).body.code).toBe(200);
    expect(await seedNonce()).toBe(1);
    await expectLedgerBalanced(t);
  });

  it('refuses a copy of a request refused before its statement ran, once it would pass', async () => {
    await credit(t, player.userId, box.price);
    const db = t.rt.database.db;
    await db.update(boxes).set({ onSale: false }).where(eq(boxes.id, box.box_id));
    clock.advance(6_000); // past the service's box cache
    const sent = signedOpening();
    try {
      expect((await send(sent)).body.error).toBe('BOX_NOT_FOUND');
    } finally {
      await db.update(boxes).set({ onSale: true }).where(eq(boxes.id, box.box_id));
    }
    clock.advance(6_000);
    expect((await send(sent)).body).toMatchObject({ code: 4013, error: 'SIGNATURE_REPLAYED' });
    expect(await openings()).toBe(0);
    expect(await money()).toBe(box.price);
  });

  it('forgets recorded nonces once their timestamps are out of the window', async () => {
    const sent = signedOpening();
    expect((await send(sent)).body.code).toBe(4201);
    const recorded = async () =>
      (await t.rt.database.db.select().from(requestNonces).where(eq(requestNonces.nonce, sent.nonce))).length;
    expect(await recorded()).toBe(1);
    const windowMs = t.rt.config.SIGN_WINDOW_MS;
    await t.rt.deferredNonces.prune(clock.now() + windowMs);
    expect(await recorded()).toBe(1);
    await t.rt.deferredNonces.prune(clock.now() + 2 * windowMs + 1);
    expect(await recorded()).toBe(0);
  });
});
