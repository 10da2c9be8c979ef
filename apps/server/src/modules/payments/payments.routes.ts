import { ok } from '@kaixiang/shared/envelope';
import {
  anchorQuickRechargeRequest,
  anchorQuickRechargeResponse,
  createOrderBody,
  createOrderResponse,
  isFirstRechargeResponse,
  PAYMENT_PATHS,
  payModesQuery,
  payModesResponse,
  payStatusQuery,
  payStatusResponse,
  rechargeListQuery,
  rechargeListResponse,
  rechargeRecordsQuery,
  rechargeRecordsResponse,
} from '@kaixiang/shared/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { PaymentsService } from './payments.service.ts';

/** Path prefix of provider notifications: exempt from the client request signature (app.ts). */
export const NOTIFY_PATH_PREFIX = '/api/trade/v1/notify/';

/** trade/v1/*: schema in, schema out, call the service (STYLE.md §1). */
export function paymentsRoutes(
  payments: PaymentsService,
  providers: readonly PaymentProvider[],
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Alipay notifies form-encoded: kept as the exact string received, since the signature covers it.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, body);
    });
    const auth = { preHandler: authenticate };
    const tags = ['payments'];

    app.get(
      PAYMENT_PATHS.rechargeList,
      {
        ...auth,
        schema: { tags, querystring: rechargeListQuery, response: { 200: envelopeOf(rechargeListResponse) } },
      },
      async () => ok(await payments.rechargeList()),
    );
    app.get(
      PAYMENT_PATHS.payModes,
      { ...auth, schema: { tags, querystring: payModesQuery, response: { 200: envelopeOf(payModesResponse) } } },
      async () => ok(await payments.payModes()),
    );
    app.get(
      PAYMENT_PATHS.isFirstRecharge,
      { ...auth, schema: { tags, response: { 200: envelopeOf(isFirstRechargeResponse) } } },
      async (req) => ok(await payments.isFirstRecharge(authOf(req).userId)),
    );
    app.post(
      PAYMENT_PATHS.createOrder,
      { ...auth, schema: { tags, body: createOrderBody, response: { 200: envelopeOf(createOrderResponse) } } },
      async (req) => ok(await payments.createOrder(authOf(req).userId, req.body)),
    );
    app.get(
      PAYMENT_PATHS.rechargeRecords,
      {
        ...auth,
        schema: { tags, querystring: rechargeRecordsQuery, response: { 200: envelopeOf(rechargeRecordsResponse) } },
      },
      async (req) => ok(await payments.records(authOf(req).userId, req.query)),
    );
    app.get(
      PAYMENT_PATHS.payStatus,
      { ...auth, schema: { tags, querystring: payStatusQuery, response: { 200: envelopeOf(payStatusResponse) } } },
      async (req) => ok(await payments.payStatus(authOf(req).userId, req.query.order_sn)),
    );
    app.post(
      PAYMENT_PATHS.anchorQuickRecharge,
      {
        ...auth,
        schema: {
          tags,
          body: anchorQuickRechargeRequest,
          response: { 200: envelopeOf(anchorQuickRechargeResponse) },
        },
      },
      async (req) => ok(await payments.anchorQuickRecharge(authOf(req).userId, req.body.order_sn)),
    );

    // Provider → us. Not signed by our client scheme but by the provider's own; answered with the
    // provider's acknowledgement text. A refused notification gets 400 and credits nothing.
    app.post(
      '/trade/v1/notify/:provider',
      { schema: { tags, params: z.object({ provider: z.string().max(32) }) } },
      async (req, reply) => {
        const provider = providers.find((p) => p.name === req.params.provider);
        // No provider calls a name we do not serve: it is an unknown path, answered as one.
        if (!provider) throw new AppError('NOT_FOUND');
        const body = req.rawBody?.toString('utf8') ?? (typeof req.body === 'string' ? req.body : '');
        const verified = await provider.verify({ body, headers: req.headers });
        if (!verified.ok) {
          req.log.warn({ provider: provider.name, reason: verified.reason }, 'payment notification refused');
          return reply.status(400).type(provider.ack.contentType).send(provider.ack.fail);
        }
        const outcome = await payments.handleNotification(provider.name, verified);
        if (outcome.result === 'rejected') {
          req.log.warn(
            { provider: provider.name, order_sn: verified.orderSn, reason: outcome.reason },
            'payment notification refused',
          );
          return reply.status(400).type(provider.ack.contentType).send(provider.ack.fail);
        }
        return reply.type(provider.ack.contentType).send(provider.ack.ok);
      },
    );
  };
}
