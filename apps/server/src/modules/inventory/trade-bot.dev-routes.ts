import { OFFER_STATES } from '@kaixiang/shared/inventory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { InventoryModule } from './inventory.module.ts';
import { inventoryRepo } from './inventory.repo.ts';
import { SANDBOX_TRADE_MODES } from './sandbox-trade-bot.ts';
import { BOT_FAILURES, type OfferOutcome } from './trade-bot.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The sandbox trade bot's page (development only): every offer with buttons that do what a player
 * or Steam would (accept, decline, fail with a cause, expire), and the mode switch. The JSON
 * endpoints are what the tests and the browser test drive.
 */
export function tradeBotDevRoutes(deps: { db: Db; inventory: InventoryModule }): FastifyPluginAsyncZod {
  const { trade, sandbox } = deps.inventory;

  async function load() {
    const offers = await inventoryRepo.recentOffers(deps.db, 100);
    return {
      mode: sandbox?.mode() ?? null,
      modes: SANDBOX_TRADE_MODES,
      offers: offers.map((o) => ({
        id: o.id,
        user_id: o.userId,
        item_ids: o.itemIds,
        trade_link: o.tradeLink,
        state: o.state,
        failure: o.failure,
        bot_offer_id: o.botOfferId,
        created_at: o.createdAt.getTime(),
        expires_at: o.expiresAt.getTime(),
      })),
    };
  }

  /** The page's forms post without JS; they come back to the page. */
  const answer = (
    req: { headers: Record<string, unknown> },
    reply: { redirect(url: string, code?: number): unknown },
    data: unknown,
  ) =>
    String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
      ? reply.redirect('/dev/trade-bot', 303)
      : { code: 200, data, msg: '' };

  async function apply(id: number, outcome: OfferOutcome | 'expire') {
    const offer = await inventoryRepo.offerById(deps.db, id);
    if (!offer) throw new AppError('NOT_FOUND');
    if (outcome === 'expire') return { applied: await trade.expireNow(id) };
    // A pending timer of the sandbox must not answer again later (it would be ignored anyway).
    if (offer.botOfferId) await sandbox?.cancelOffer(offer.botOfferId);
    return { applied: await trade.report(id, outcome) };
  }

  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get('/dev/trade-bot.json', { schema: { hide: true } }, async (_req, reply) =>
      reply.header('cache-control', 'no-store').send(await load()),
    );

    app.post(
      '/dev/trade-bot/mode',
      {
        schema: {
          hide: true,
          body: z.object({
            mode: z.enum(SANDBOX_TRADE_MODES),
            delay_ms: z.coerce.number().int().min(0).max(3_600_000).optional(),
          }),
        },
      },
      async (req, reply) => {
        if (!sandbox) throw new AppError('NOT_FOUND');
        sandbox.setMode(req.body.mode, req.body.delay_ms);
        return answer(req, reply, sandbox.mode());
      },
    );

    for (const action of ['accept', 'decline', 'expire'] as const) {
      app.post(
        `/dev/trade-bot/offers/:id/${action}`,
        { schema: { hide: true, params: idParams } },
        async (req, reply) => {
          const outcome: OfferOutcome | 'expire' =
            action === 'accept' ? { state: 'accepted' } : action === 'decline' ? { state: 'declined' } : 'expire';
          return answer(req, reply, await apply(req.params.id, outcome));
        },
      );
    }
    app.post(
      '/dev/trade-bot/offers/:id/fail',
      {
        schema: {
          hide: true,
          params: idParams,
          body: z.object({ failure: z.enum(BOT_FAILURES) }),
        },
      },
      async (req, reply) =>
        answer(req, reply, await apply(req.params.id, { state: 'failed', failure: req.body.failure })),
    );

    app.get('/dev/trade-bot', { schema: { hide: true } }, async (_req, reply) => {
      const { mode, offers } = await load();
      const btn = (id: number, action: string, label: string, extra = '') =>
        `<form method="post" action="/dev/trade-bot/offers/${id}/${action}">${extra}<button>${label}</button></form>`;
      const rows = offers
        .map((o) => {
          const actions =
            o.state === 'pending'
              ? btn(o.id, 'accept', 'accept') +
                btn(o.id, 'decline', 'decline') +
                BOT_FAILURES.map((f) =>
                  btn(o.id, 'fail', `fail: ${f}`, `<input type="hidden" name="failure" value="${f}">`),
                ).join('') +
                btn(o.id, 'expire', 'expire')
              : '';
          return `<tr><td>${o.id}</td><td>${o.user_id}</td><td>${esc(o.item_ids.join(', '))}</td><td class="link">${esc(o.trade_link)}</td><td><b>${esc(o.state)}</b>${o.failure ? ` (${esc(o.failure)})` : ''}</td><td>${new Date(o.created_at).toISOString().slice(5, 19)}</td><td class="acts">${actions}</td></tr>`;
        })
        .join('');
      const options = SANDBOX_TRADE_MODES.map(
        (m) => `<option value="${m}"${mode?.mode === m ? ' selected' : ''}>${m}</option>`,
      ).join('');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(`<!doctype html><meta charset="utf-8"><title>交易机器人沙盒 · Sandbox trade bot</title><meta http-equiv="refresh" content="5">
<style>body{font:14px/1.5 system-ui,sans-serif;background:#10131c;color:#dfe3ee;max-width:1200px;margin:30px auto}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #2a3040;padding:4px 8px;text-align:left;vertical-align:top}b{color:#ffd35c}form{display:inline}button{margin:1px;background:#2a3040;color:#dfe3ee;border:1px solid #4fc3f7;border-radius:4px;cursor:pointer}.link{max-width:260px;word-break:break-all;font-size:12px}a{color:#4fc3f7}</style>
<h1>交易机器人沙盒 · Sandbox trade bot</h1>
<p>No Steam: offers are answered by the mode below or by these buttons. Trade-link rules win over the mode:
<code>partner=1</code> → invalid_link; token containing <code>private</code> → private_inventory, <code>restrict</code> → trade_restricted,
<code>declined</code> → declined, <code>botfault</code> → the bot cannot send. JSON: <a href="/dev/trade-bot.json">/dev/trade-bot.json</a>. Refreshes every 5 s.</p>
${
  mode
    ? `<form method="post" action="/dev/trade-bot/mode">Mode <select name="mode">${options}</select> after <input name="delay_ms" size="6" value="${mode.delayMs}"> ms <button>set</button></form>`
    : '<p>The configured bot is not the sandbox.</p>'
}
<p>States: ${OFFER_STATES.join(', ')}.</p>
<table><tr><th>offer</th><th>user</th><th>items</th><th>trade link</th><th>state</th><th>created (UTC)</th><th></th></tr>${rows || '<tr><td colspan="7">no offers yet</td></tr>'}</table>`);
    });
  };
}
