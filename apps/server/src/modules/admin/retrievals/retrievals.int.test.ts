import {
  ADMIN_RETRIEVAL_PATHS,
  type RetrievalCancelResponse,
  type RetrievalQueueResponse,
  type RetrievalRetryResponse,
} from '@kaixiang/shared/admin-retrievals';
import { ITEM_PATHS, ITEM_STATUS } from '@kaixiang/shared/inventory';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { catalogueRows, giveItems, itemRow, setTradeLink } from '../../../../test/support/items.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { adminAudit } from '../../../db/schema/admin.ts';
import { tradeOffers } from '../../../db/schema/trade.ts';

const LINK = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_123';

/** The console's Retrievals: the queue, retry of a failed one, cancel of a pending one, access. */
describe('console retrievals: queue, retry, cancel', () => {
  let t: TestApp;
  let admin: TestUser;
  let support: TestUser;
  let finance: TestUser;
  let player: TestUser;
  beforeAll(async () => {
    // Manual: offers wait at the sandbox bot until the test reports their outcome.
    t = await startTestApp({ env: { SANDBOX_TRADE_MODE: 'manual', SANDBOX_TRADE_DELAY_MS: '0' } });
    admin = await registerUser(t, { nick_name: '运营' });
    support = await registerUser(t, { nick_name: '客服' });
    finance = await registerUser(t, { nick_name: '财务' });
    await setRole(t, admin, 'admin');
    await setRole(t, support, 'support');
    await setRole(t, finance, 'finance');
    player = await registerUser(t, { nick_name: 'Retriever' });
    await setTradeLink(t, player.userId, LINK);
  });
  afterAll(() => t.close());

  const call = <T>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    t.api<T>(method, path, { headers: bearer(u.tokens.access_token), lang: 'en-US', ...(body ? { body } : {}) });
  const queue = (u: TestUser, qs: string) =>
    call<RetrievalQueueResponse>(u, 'GET', `${ADMIN_RETRIEVAL_PATHS.queue}?${qs}`);
  const retry = (u: TestUser, id: number, reason = 'player asked') =>
    call<RetrievalRetryResponse>(u, 'POST', ADMIN_RETRIEVAL_PATHS.retry, { id, reason });
  const cancel = (u: TestUser, id: number, reason = 'player asked') =>
    call<RetrievalCancelResponse>(u, 'POST', ADMIN_RETRIEVAL_PATHS.cancel, { id, reason });
  /** One item retrieved by the player through the site's own call: its pending offer. */
  const retrieved = async (price = 1234) => {
    const [id] = await giveItems(t, player.userId, [{ price }]);
    const res = await call<{ ids: number[]; offer_id: number }>(player, 'POST', ITEM_PATHS.retrieve, {
      ids: [id],
    });
    expect(res.body.code).toBe(200);
    return { itemId: id as number, offerId: res.body.data.offer_id };
  };
  const offerRow = async (id: number) =>
    (await t.rt.database.db.select().from(tradeOffers).where(eq(tradeOffers.id, id)))[0];
  const audits = (action: string, id: number) =>
    t.rt.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, action), eq(adminAudit.target, `retrieval:${id}`)));

  it('lists a player’s retrieval, newest first, filtered by user and state', async () => {
    const { itemId, offerId } = await retrieved(1234);
    const [def] = await catalogueRows(t, 1);
    const res = await queue(support, `user_id=${player.userId}&state=pending`);
    expect(res.status).toBe(200);
    expect(res.body.data.list[0]).toMatchObject({
      id: offerId,
      user_id: player.userId,
      nick_name: 'Retriever',
      items: [{ id: itemId, name: def?.nameEn, price: 1234, status: ITEM_STATUS.retrieving }],
      state: 'pending',
      failure: null,
      bot: 'sandbox',
    });
    expect(res.body.data.list[0]?.bot_offer_id).toMatch(/^sbx-/);
    expect((await queue(admin, `user_id=${player.userId}&state=failed`)).body.data.list).toEqual([]);
    expect((await queue(admin, `user_id=${admin.userId}`)).body.data).toMatchObject({ list: [], total: 0 });
  });

  it('retries a failed retrieval through the player’s own retrieve, audited', async () => {
    const { itemId, offerId } = await retrieved();
    // Nothing to retry while it is pending.
    expect((await retry(admin, offerId)).body).toMatchObject({ error: 'RETRIEVAL_NOT_RETRYABLE' });
    await t.app.inventory.trade.report(offerId, { state: 'failed', failure: 'trade_restricted' });
    expect((await itemRow(t, itemId)).status).toBe(ITEM_STATUS.retrieveFailed);
    const listed = (await queue(admin, `user_id=${player.userId}&state=failed`)).body.data.list;
    expect(listed[0]).toMatchObject({ id: offerId, failure: 'trade_restricted' });

    expect((await retry(support, offerId, '   ')).body).toMatchObject({ error: 'RETRIEVAL_REASON_INVALID' });
    const res = await retry(support, offerId);
    expect(res.body).toMatchObject({ code: 200, data: { id: offerId, item_ids: [itemId] } });
    const next = res.body.data.offer_id;
    expect(next).not.toBe(offerId);
    expect(await offerRow(next)).toMatchObject({ state: 'pending', userId: player.userId, itemIds: [itemId] });
    expect((await itemRow(t, itemId)).status).toBe(ITEM_STATUS.retrieving);
    const [a] = await audits('retrieval.retry', offerId);
    expect(a).toMatchObject({ adminId: support.userId, reason: 'player asked', after: { offer_id: next } });

    // The old offer's items left it: a second retry is refused and nothing changes.
    expect((await retry(admin, offerId)).body).toMatchObject({ error: 'RETRIEVAL_NOT_RETRYABLE' });
    expect(await audits('retrieval.retry', offerId)).toHaveLength(1);
    expect((await retry(admin, 999_999)).body).toMatchObject({ error: 'RETRIEVAL_NOT_FOUND' });
  });

  it('cancels a pending offer: the item is usable again, audited once; a second cancel is refused', async () => {
    const { itemId, offerId } = await retrieved();
    const res = await cancel(admin, offerId);
    expect(res.body).toMatchObject({ code: 200, data: { id: offerId, state: 'expired', item_ids: [itemId] } });
    expect(await itemRow(t, itemId)).toMatchObject({ status: ITEM_STATUS.normal, offerId });
    expect(await offerRow(offerId)).toMatchObject({ state: 'expired', failure: 'expired' });
    const [a] = await audits('retrieval.cancel', offerId);
    expect(a).toMatchObject({
      adminId: admin.userId,
      reason: 'player asked',
      before: { state: 'pending', item_status: ITEM_STATUS.retrieving },
      after: { state: 'expired', item_status: ITEM_STATUS.normal },
    });
    // A late outcome from the bot is ignored: the offer is no longer pending.
    await t.app.inventory.trade.report(offerId, { state: 'accepted' });
    expect((await itemRow(t, itemId)).status).toBe(ITEM_STATUS.normal);

    const again = await cancel(admin, offerId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'RETRIEVAL_NOT_CANCELLABLE' });
    expect(await audits('retrieval.cancel', offerId)).toHaveLength(1);

    // The player can retrieve it again at once.
    const res2 = await call<{ offer_id: number }>(player, 'POST', ITEM_PATHS.retrieve, { ids: [itemId] });
    expect(res2.body.code).toBe(200);
  });

  it('refuses to cancel a delivered retrieval and changes nothing', async () => {
    const { itemId, offerId } = await retrieved();
    await t.app.inventory.trade.report(offerId, { state: 'accepted' });
    const res = await cancel(support, offerId);
    expect(res.body).toMatchObject({ error: 'RETRIEVAL_NOT_CANCELLABLE' });
    expect((await itemRow(t, itemId)).status).toBe(ITEM_STATUS.retrieved);
    expect(await offerRow(offerId)).toMatchObject({ state: 'accepted' });
    expect(await audits('retrieval.cancel', offerId)).toHaveLength(0);
    expect((await retry(support, offerId)).body).toMatchObject({ error: 'RETRIEVAL_NOT_RETRYABLE' });
  });

  it('two cancels at once: one wins, the other is refused, one audit record', async () => {
    const { itemId, offerId } = await retrieved();
    const both = await Promise.all([cancel(admin, offerId), cancel(support, offerId)]);
    expect(both.map((r) => r.body.code).sort()).toEqual([200, 4082]);
    expect((await itemRow(t, itemId)).status).toBe(ITEM_STATUS.normal);
    expect(await audits('retrieval.cancel', offerId)).toHaveLength(1);
  });

  it('refuses finance (no retrievals.manage) with STAFF_PERMISSION_MISSING', async () => {
    const { offerId } = await retrieved();
    for (const res of [
      await queue(finance, 'page=1'),
      await retry(finance, offerId),
      await cancel(finance, offerId),
      await queue(player, 'page=1'),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await queue(finance, 'page=1')).body).toMatchObject({ error: 'STAFF_PERMISSION_MISSING' });
    expect((await cancel(finance, offerId)).body).toMatchObject({ error: 'STAFF_PERMISSION_MISSING' });
    expect((await offerRow(offerId))?.state).toBe('pending');
  });
});
