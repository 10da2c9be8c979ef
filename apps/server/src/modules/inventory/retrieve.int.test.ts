import {
  ITEM_PATHS,
  ITEM_STATUS,
  ITEM_UPDATE_EVENT,
  type ItemUpdatePush,
  type KnapsackResponse,
  OFFER_TTL_MS,
  RETRIEVE_COOLDOWN_MS,
} from '@kaixiang/shared/inventory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { giveItems, itemRow, setTradeLink } from '../../../test/support/items.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { tradeOffers } from '../../db/schema/trade.ts';
import type { BusMessage } from '../../infra/bus.ts';
import { createSandboxTradeBot } from './sandbox-trade-bot.ts';
import { createTradeService, UNSENT_OFFER_MS } from './trade.service.ts';

const LINK = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_123';
const linkWith = (token: string, partner = '123456789') =>
  `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=${token}`;

interface DevOffer {
  id: number;
  user_id: number;
  item_ids: number[];
  state: string;
  failure: string | null;
  bot_offer_id: string | null;
  expires_at: number;
}

describe('retrieving items through the sandbox trade bot', () => {
  let t: TestApp;
  const clock = fakeClock();
  const pushes: BusMessage[] = [];
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { SANDBOX_TRADE_MODE: 'manual', SANDBOX_TRADE_DELAY_MS: '0' } });
    t.rt.bus.subscribe((m) => {
      if (m.type === ITEM_UPDATE_EVENT) pushes.push(m);
    });
  });
  afterAll(() => t.close());

  const as = <T = unknown>(u: TestUser, path: string, body?: unknown, lang?: string) =>
    t.api<T>('POST', path, {
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
      body,
      ...(lang ? { lang } : {}),
    });
  const retrieve = (u: TestUser, ids: number[], lang?: string) =>
    as<{ ids: number[]; offer_id: number }>(u, ITEM_PATHS.retrieve, { ids }, lang);
  /** GET of a .json page, else a POST whose envelope's data is returned. */
  const dev = async <T = unknown>(path: string, payload?: Record<string, unknown>): Promise<T> => {
    if (path.endsWith('.json')) return (await t.app.inject({ method: 'GET', url: path })).json() as T;
    const res = await t.app.inject({ method: 'POST', url: path, payload: payload ?? {} });
    return (res.json() as { data: T }).data;
  };
  const offer = async (id: number) =>
    (await dev<{ offers: DevOffer[] }>('/dev/trade-bot.json')).offers.find((o) => o.id === id);
  const playerWithItems = async (n: number, link = LINK) => {
    const u = await registerUser(t);
    if (link) await setTradeLink(t, u.userId, link);
    const ids = await giveItems(
      t,
      u.userId,
      Array.from({ length: n }, (_, i) => ({ price: 100 * (i + 1) })),
    );
    return { u, ids };
  };

  it('asks for a trade link first', async () => {
    const { u, ids } = await playerWithItems(1, '');
    const res = await retrieve(u, ids);
    expect(res.body).toMatchObject({ code: 4124, error: 'TRADE_LINK_REQUIRED', msg: '您没有填写交易链接' });
    expect((await retrieve(u, ids, 'en-US')).body.msg).toBe('You did not fill in the transaction link');
    expect((await itemRow(t, ids[0] as number)).status).toBe(ITEM_STATUS.normal);
  });

  it('retrieve → accept: the items are retrieved, once', async () => {
    const { u, ids } = await playerWithItems(2);
    const res = await retrieve(u, ids);
    expect(res.body.code).toBe(200);
    expect(res.body.data.ids).toEqual(ids);
    const offerId = res.body.data.offer_id;
    const o = await offer(offerId);
    expect(o).toMatchObject({ user_id: u.userId, item_ids: ids, state: 'pending', failure: null });
    expect(o?.bot_offer_id).toMatch(/^sbx-/);
    expect(o?.expires_at).toBe(clock.now() + OFFER_TTL_MS);

    const list = await as<KnapsackResponse>(u, ITEM_PATHS.knapsack, {});
    expect(list.body.data.list.map((i) => [i.status, i.offer_expires_at])).toEqual([
      [ITEM_STATUS.retrieving, clock.now() + OFFER_TTL_MS],
      [ITEM_STATUS.retrieving, clock.now() + OFFER_TTL_MS],
    ]);
    // A retrieving item cannot be sold, recycled or retrieved again.
    expect((await as(u, ITEM_PATHS.sell, { _id: ids[0] })).body.error).toBe('ITEM_NOT_AVAILABLE');
    expect((await as(u, ITEM_PATHS.recycle, { ids: [ids[1]] })).body.error).toBe('ITEM_NOT_AVAILABLE');
    expect((await retrieve(u, ids)).body.error).toBe('ITEM_NOT_AVAILABLE');

    expect(await dev(`/dev/trade-bot/offers/${offerId}/accept`, {})).toEqual({ applied: true });
    for (const id of ids) expect((await itemRow(t, id)).status).toBe(ITEM_STATUS.retrieved);
    expect((await offer(offerId))?.state).toBe('accepted');
    // A second outcome for the same offer changes nothing.
    expect(await dev(`/dev/trade-bot/offers/${offerId}/decline`, {})).toEqual({ applied: false });
    expect((await itemRow(t, ids[0] as number)).status).toBe(ITEM_STATUS.retrieved);
    await vi.waitFor(() =>
      expect(
        pushes.some(
          (m) => m.room === `user:${u.userId}` && (m.data as ItemUpdatePush).status === ITEM_STATUS.retrieved,
        ),
      ).toBe(true),
    );
  });

  it('decline → retrieval failed, a new retrieval only after 5 minutes', async () => {
    const { u, ids } = await playerWithItems(1);
    const res = await retrieve(u, ids);
    await dev(`/dev/trade-bot/offers/${res.body.data.offer_id}/decline`, {});
    const row = await itemRow(t, ids[0] as number);
    expect(row).toMatchObject({ status: ITEM_STATUS.retrieveFailed, failure: 'declined' });
    expect(row.retrieveAvailableAt?.getTime()).toBe(clock.now() + RETRIEVE_COOLDOWN_MS);
    const list = await as<KnapsackResponse>(u, ITEM_PATHS.knapsack, {});
    expect(list.body.data.list[0]).toMatchObject({
      status: ITEM_STATUS.retrieveFailed,
      failure: 'declined',
      retrieve_available_at: clock.now() + RETRIEVE_COOLDOWN_MS,
      offer_expires_at: null,
    });

    const early = await retrieve(u, ids);
    expect(early.body).toMatchObject({
      code: 4213,
      error: 'RETRIEVE_COOLDOWN',
      msg: '报价被拒绝后需等待5分钟才能再次取回',
    });
    clock.advance(RETRIEVE_COOLDOWN_MS - 1_000);
    expect((await retrieve(u, ids)).body.error).toBe('RETRIEVE_COOLDOWN');
    clock.advance(1_000);
    const again = await retrieve(u, ids);
    expect(again.body.code).toBe(200);
    expect(await itemRow(t, ids[0] as number)).toMatchObject({ status: ITEM_STATUS.retrieving, failure: null });
  });

  for (const failure of ['trade_restricted', 'private_inventory', 'invalid_link', 'bot_fault'] as const) {
    it(`a ${failure} failure returns the items, retry allowed at once`, async () => {
      const { u, ids } = await playerWithItems(2);
      const res = await retrieve(u, ids);
      expect(await dev(`/dev/trade-bot/offers/${res.body.data.offer_id}/fail`, { failure })).toEqual({ applied: true });
      for (const id of ids) {
        const row = await itemRow(t, id);
        expect(row).toMatchObject({ status: ITEM_STATUS.retrieveFailed, failure, retrieveAvailableAt: null });
      }
      expect(await offer(res.body.data.offer_id)).toMatchObject({ state: 'failed', failure });
      // Retrieval failed items can be retrieved again at once, or sold.
      expect((await retrieve(u, [ids[0] as number])).body.code).toBe(200);
      expect((await as(u, ITEM_PATHS.sell, { _id: ids[1] })).body.code).toBe(0);
    });
  }

  it('trade-link rules of the sandbox reproduce the FAQ causes', async () => {
    const rules = [
      [linkWith('AbCd_123', '1'), 'invalid_link'],
      [linkWith('private1'), 'private_inventory'],
      [linkWith('restrict'), 'trade_restricted'],
      [linkWith('declined'), 'declined'],
    ] as const;
    for (const [link, failure] of rules) {
      const { u, ids } = await playerWithItems(1, link);
      expect((await retrieve(u, ids)).body.code).toBe(200);
      await vi.waitFor(async () => expect((await itemRow(t, ids[0] as number)).failure).toBe(failure));
      expect((await itemRow(t, ids[0] as number)).status).toBe(ITEM_STATUS.retrieveFailed);
    }
  });

  it('a bot that cannot send fails the offer with bot_fault and gives the items back', async () => {
    const { u, ids } = await playerWithItems(1, linkWith('botfault'));
    const res = await retrieve(u, ids);
    expect(res.body.error).toBe('UNAVAILABLE');
    expect(await itemRow(t, ids[0] as number)).toMatchObject({
      status: ITEM_STATUS.retrieveFailed,
      failure: 'bot_fault',
    });
    await setTradeLink(t, u.userId, LINK);
    expect((await retrieve(u, ids)).body.code).toBe(200);
  });

  it('auto_accept mode accepts after the delay', async () => {
    expect(await dev('/dev/trade-bot/mode', { mode: 'auto_accept', delay_ms: 10 })).toEqual({
      mode: 'auto_accept',
      delayMs: 10,
    });
    try {
      const { u, ids } = await playerWithItems(1);
      expect((await retrieve(u, ids)).body.code).toBe(200);
      await vi.waitFor(async () => expect((await itemRow(t, ids[0] as number)).status).toBe(ITEM_STATUS.retrieved));
    } finally {
      await dev('/dev/trade-bot/mode', { mode: 'manual', delay_ms: 0 });
    }
  });

  it('expires offers older than 12 hours: items back to normal, the cause kept', async () => {
    const { u, ids } = await playerWithItems(1);
    const res = await retrieve(u, ids);
    clock.advance(OFFER_TTL_MS / 2);
    const p2 = await playerWithItems(1);
    const later = await retrieve(p2.u, p2.ids);
    clock.advance(OFFER_TTL_MS / 2 - 1);
    await t.app.inventory.trade.expireOffers();
    expect((await offer(res.body.data.offer_id))?.state).toBe('pending');
    expect((await itemRow(t, ids[0] as number)).status).toBe(ITEM_STATUS.retrieving);
    clock.advance(1);
    // Earlier tests' offers were made at the same time; they expire too.
    expect(await t.app.inventory.trade.expireOffers()).toBeGreaterThanOrEqual(1);
    expect(await itemRow(t, ids[0] as number)).toMatchObject({ status: ITEM_STATUS.normal, failure: 'expired' });
    expect((await offer(res.body.data.offer_id))?.state).toBe('expired');
    expect((await offer(later.body.data.offer_id))?.state).toBe('pending');
    // A late acceptance of the cancelled offer changes nothing.
    expect(await dev(`/dev/trade-bot/offers/${res.body.data.offer_id}/accept`, {})).toEqual({ applied: false });
    expect((await itemRow(t, ids[0] as number)).status).toBe(ITEM_STATUS.normal);
    expect((await itemRow(t, p2.ids[0] as number)).status).toBe(ITEM_STATUS.retrieving);
    // The item may be retrieved again at once (a new login: 12 hours outlive the access token).
    const again = await login(t, u.mobile, u.password);
    const res2 = await t.api('POST', ITEM_PATHS.retrieve, {
      headers: { authorization: `Bearer ${again.body.data.access_token}` },
      body: { ids },
    });
    expect(res2.body.code).toBe(200);
  });

  it('an offer that never reached the bot (a crash after commit) fails as bot_fault after 10 minutes', async () => {
    const { u, ids } = await playerWithItems(1);
    const res = await retrieve(u, ids);
    await t.rt.database.db
      .update(tradeOffers)
      .set({ botOfferId: null })
      .where(eq(tradeOffers.id, res.body.data.offer_id));
    clock.advance(UNSENT_OFFER_MS);
    await t.app.inventory.trade.expireOffers();
    expect((await offer(res.body.data.offer_id))?.state).toBe('pending');
    clock.advance(1);
    await t.app.inventory.trade.expireOffers();
    expect(await offer(res.body.data.offer_id)).toMatchObject({ state: 'failed', failure: 'bot_fault' });
    expect(await itemRow(t, ids[0] as number)).toMatchObject({
      status: ITEM_STATUS.retrieveFailed,
      failure: 'bot_fault',
    });
  });

  it('asks the retrieval blocker hook first (an unpaid recharge, once the recharge issue fills it in)', async () => {
    const { u, ids } = await playerWithItems(1, '');
    const trade = createTradeService({
      db: t.rt.database.db,
      transaction: (fn) => t.rt.transaction(fn),
      clock,
      bus: t.rt.bus,
      bot: createSandboxTradeBot({ mode: 'manual', delayMs: 0 }),
      retrievalBlocker: async (userId) => (userId === u.userId ? 'RETRIEVE_BLOCKED_UNPAID' : null),
    });
    await expect(trade.retrieve(u.userId, ids)).rejects.toMatchObject({ key: 'RETRIEVE_BLOCKED_UNPAID' });
    // Without the block, the missing trade link is the next reason.
    const other = await playerWithItems(1, '');
    await expect(trade.retrieve(other.u.userId, other.ids)).rejects.toMatchObject({ key: 'TRADE_LINK_REQUIRED' });
    expect((await itemRow(t, ids[0] as number)).status).toBe(ITEM_STATUS.normal);
  });

  it('the dev page lists offers with their buttons', async () => {
    const { u, ids } = await playerWithItems(1);
    expect((await retrieve(u, ids)).body.code).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/dev/trade-bot' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/dev/trade-bot/offers/');
    expect(res.body).toContain('fail: private_inventory');
    const form = await t.app.inject({
      method: 'POST',
      url: '/dev/trade-bot/mode',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mode=manual&delay_ms=0',
    });
    expect(form.statusCode).toBe(303);
  });
});
