import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { coupons as couponTemplates } from '../../db/schema/coupons.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { coupons } from './coupons.service.ts';

/**
 * Development-only (never registered in production): gives a player a coupon card, so a person
 * trying the site and the tests can use the coupon picker. Listed on the /dev index.
 *   POST /dev/test/coupon {user_id, coupon_id}  → {user_card_id}
 *   GET  /dev/test/coupons                      → the templates
 */
export function couponsDevRoutes(deps: { db: Db; ledger: Ledger }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dev/test/coupons', { schema: { hide: true } }, async () => ({
      code: 200,
      data: { list: await deps.db.select().from(couponTemplates).orderBy(couponTemplates.id) },
      msg: '',
    }));
    app.post(
      '/dev/test/coupon',
      {
        schema: {
          hide: true,
          body: z.object({ user_id: z.number().int().positive(), coupon_id: z.number().int().positive() }),
        },
      },
      async (req) => {
        const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, req.body.user_id));
        if (!user) throw new AppError('NOT_FOUND');
        const [template] = await deps.db
          .select({ id: couponTemplates.id })
          .from(couponTemplates)
          .where(eq(couponTemplates.id, req.body.coupon_id));
        if (!template) throw new AppError('NOT_FOUND');
        const id = await deps.ledger.transaction(({ tx, now }) =>
          coupons.issueInTx(tx, { userId: user.id, couponId: template.id, source: 'dev' }, now),
        );
        return { code: 200, data: { user_card_id: id }, msg: '' };
      },
    );
  };
}
