import { jewelryRarity } from '@kaixiang/shared/site';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { SiteService } from '../site/site.service.ts';

/**
 * Development-only tools (never registered in production): they let a person trying the site,
 * and the browser tests, make things happen that otherwise need a real player. Each later
 * sandbox (SMS outbox, cashier, trade bot, chain) adds its page here.
 */
export function devRoutes(deps: { site: SiteService; db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dev', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><meta charset="utf-8"><title>Kaixiang dev tools</title>
<style>body{font:15px/1.6 system-ui,sans-serif;background:#10131c;color:#dfe3ee;max-width:720px;margin:40px auto}code{color:#ffd35c}</style>
<h1>开发工具 · Dev tools</h1><p>Only outside production.</p>
<ul><li><a href="/dev/outbox" style="color:#4fc3f7">/dev/outbox</a>: sandbox SMS and e-mail codes, live captcha answers (JSON: /dev/outbox.json).</li>
<li><a href="/dev/trade-bot" style="color:#4fc3f7">/dev/trade-bot</a>: the sandbox trade bot: accept, decline, fail or expire item retrieval offers; switch its mode (JSON: /dev/trade-bot.json).</li>
<li><a href="/dev/chain" style="color:#4fc3f7">/dev/chain</a>: the sandbox USDT chain: lent deposit addresses and their orders, deposits and confirmations; <code>POST /dev/chain/deposit</code> {chain, address, amount} sends USDT, <code>POST /dev/chain/mine</code> {blocks} mines blocks (JSON: /dev/chain.json; docs/payments.md "USDT recharge").</li>
<li><code>/dev/cashier/:order_sn</code>: the sandbox cashier a recharge QR opens (支付 / 失败 / 延迟通知); its buttons are <code>POST /dev/cashier/:order_sn/pay|fail|late|reverse</code>, and <code>POST /dev/cashier/deliver-due</code> delivers held late notifications (docs/payments.md "Payments").</li>
<li><code>POST /dev/test/credit</code> {user_id, amount, currency?}: credits a player (amount in 1/10000 yuan; currency coin, quota or point) from the test faucet, a balanced ledger transfer.</li>
<li><code>POST /dev/test/account-type</code> {user_id, account_type}: makes a player an anchor (2, 3) or a plain player (1) again — anchors create roll rooms with their items.</li>
<li><code>POST /dev/test/role</code> {user_id, role}: makes a player an admin (role admin: creates treasures, searches the catalogue), an anchor or a plain player again.</li>
<li><code>POST /dev/test/lucky-next</code> {user_id}: makes the player's next opened box a lucky player's (rotates their seed pair and picks a client seed whose lucky roll is 0; it pays only while a lucky window runs).</li>
<li><code>POST /dev/test/ban</code> {user_id, banned}: bans (ends every login and socket) or lifts the ban.</li>
<li><code>POST /dev/test/reward</code> {nick_name, price_units, big, game_type}: records a win and pushes it to the tickers.</li>
<li><code>POST /dev/test/redeem-code</code> {code?, coins, limit?, item_ids?, coupon_ids?, bag_campaign_ids?, expires_at?}: makes a redeem code (random when code is absent; coins in 1/10000 yuan; limit = total uses, absent = unlimited).</li>
<li><code>POST /dev/test/bag</code> {user_id, campaign_id?, count?}: gives a player lucky bags (the seeded gift campaign by default); the bag icon shows for them (docs/promotions/bags.md).</li>
<li><code>GET /dev/test/coupons</code>: the coupon templates; <code>POST /dev/test/coupon</code> {user_id, coupon_id}: gives the player one card of that template (for the recharge dialog's coupon picker).</li></ul>`),
    );

    app.post(
      '/dev/test/account-type',
      {
        schema: {
          hide: true,
          body: z.object({ user_id: z.number().int().positive(), account_type: z.number().int().min(1).max(3) }),
        },
      },
      async (req) => {
        const [row] = await deps.db
          .update(users)
          .set({ accountType: req.body.account_type })
          .where(eq(users.id, req.body.user_id))
          .returning({ id: users.id, accountType: users.accountType });
        if (!row) throw new AppError('NOT_FOUND');
        return { code: 200, data: { user_id: row.id, account_type: row.accountType }, msg: '' };
      },
    );

    app.post(
      '/dev/test/role',
      {
        schema: {
          hide: true,
          body: z.object({
            user_id: z.number().int().positive(),
            role: z.enum(['player', 'anchor', 'admin', 'support', 'finance']),
          }),
        },
      },
      async (req) => {
        const [row] = await deps.db
          .update(users)
          .set({ role: req.body.role })
          .where(eq(users.id, req.body.user_id))
          .returning({ id: users.id, role: users.role });
        if (!row) throw new AppError('NOT_FOUND');
        return { code: 200, data: { user_id: row.id, role: row.role }, msg: '' };
      },
    );

    app.post(
      '/dev/test/reward',
      {
        schema: {
          hide: true,
          body: z.object({
            nick_name: z.string().min(1).max(24).default('测试玩家'),
            user_id: z.number().int().min(0).default(0),
            price_units: z.number().int().min(0).max(1e12).default(125_000),
            big: z.boolean().default(false),
            game_type: z.number().int().min(0).max(6).default(0),
            /** A catalogue item id; the first Covert rifle when absent. */
            item_id: z.number().int().positive().optional(),
          }),
        },
      },
      async (req) => {
        const b = req.body;
        const [item] = await deps.db
          .select()
          .from(itemDefs)
          .where(
            b.item_id ? eq(itemDefs.id, b.item_id) : and(eq(itemDefs.quality, 5), eq(itemDefs.weaponClass, 'rifle')),
          )
          .orderBy(asc(itemDefs.id))
          .limit(1);
        if (!item) throw new AppError('NOT_FOUND');
        const [entry] = await deps.site.recordRewards([
          {
            userId: b.user_id,
            nickName: b.nick_name,
            gameType: b.game_type,
            rewardHistoryType: b.big ? 2 : 1,
            jewelryRarity: jewelryRarity(item.quality),
            itemImg: item.image,
            itemName: item.nameZhCn,
            itemDefId: item.id,
            itemPriceUnits: b.price_units,
          },
        ]);
        return { code: 200, data: entry, msg: '' };
      },
    );
  };
}
