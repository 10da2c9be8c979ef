import { COUPON_PATHS, couponListResponse } from '@kaixiang/shared/coupons';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import type { Clock } from '../../infra/clock.ts';
import { authOf } from '../accounts/authenticate.ts';
import { coupons } from './coupons.service.ts';

/** trade/v1/get-coupon-list: schema in, schema out, call the service (STYLE.md §1). */
export function couponsRoutes(
  deps: { db: Db; clock: Clock },
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      COUPON_PATHS.list,
      { preHandler: authenticate, schema: { tags: ['payments'], response: { 200: envelopeOf(couponListResponse) } } },
      async (req) => ok(await coupons.list(deps.db, deps.clock, authOf(req).userId, requestLocale(req))),
    );
  };
}
