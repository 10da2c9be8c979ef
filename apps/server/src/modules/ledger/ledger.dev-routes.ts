import { CURRENCIES } from '@kaixiang/shared/wallet';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { Ledger } from './ledger.ts';

/**
 * Development-only (never registered in production): credits a player from the `test_faucet`
 * house account through a real balanced transfer, so a person trying the site, and the browser
 * tests, have money to play with before the recharge issue exists.
 */
export function ledgerDevRoutes(deps: { db: Db; ledger: Ledger }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/test/credit',
      {
        schema: {
          hide: true,
          body: z.object({
            user_id: z.number().int().positive(),
            /** Units (1/10000 yuan); negative takes money back. */
            amount: z
              .number()
              .int()
              .min(-1e12)
              .max(1e12)
              .refine((n) => n !== 0),
            currency: z.enum(CURRENCIES).default('coin'),
            /** Makes a retried call credit once. */
            key: z.string().min(1).max(100).optional(),
          }),
        },
      },
      async (req) => {
        const b = req.body;
        const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, b.user_id));
        if (!user) throw new AppError('NOT_FOUND');
        const key = `test_credit:${b.key ?? `${b.user_id}:${Date.now()}:${req.id}`}`;
        const result = await deps.ledger.transaction(({ post }) =>
          post({
            kind: 'test_credit',
            key,
            currency: b.currency,
            legs: [
              { account: { userId: b.user_id }, amount: b.amount },
              { account: { house: 'test_faucet' }, amount: -b.amount },
            ],
          }),
        );
        return {
          code: 200,
          data: { balance: result.balances.get(b.user_id) ?? null, duplicate: result.duplicate },
          msg: '',
        };
      },
    );
  };
}
