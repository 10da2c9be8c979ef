import { ok } from '@kaixiang/shared/envelope';
import { mockRechargeRequest, mockRechargeResponse, PAYMENT_PATHS } from '@kaixiang/shared/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * `POST /api/trade/v1/test-mock-recharge` (spec 2 §7 "test mock recharge, development only").
 * Registered by payments.module.ts outside production only: in production the path does not exist
 * and answers 404 like any unknown path.
 */
export function mockRechargeDevRoutes(
  payments: PaymentsService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      PAYMENT_PATHS.testMockRecharge,
      {
        preHandler: authenticate,
        schema: {
          tags: ['payments'],
          description: 'Development only: a paid recharge without a provider (absent in production).',
          body: mockRechargeRequest,
          response: { 200: envelopeOf(mockRechargeResponse) },
        },
      },
      async (req) => ok(await payments.mockRecharge(authOf(req).userId, req.body)),
    );
  };
}
